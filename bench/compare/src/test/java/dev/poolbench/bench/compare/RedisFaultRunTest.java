package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code faults --scenarios redis-restart} end to end: a real short fault run in its own JVM
 * (embedded MariaDB, the app JVM with its sessions in a real redis-server over a Lettuce pool,
 * the load JVM) in which the redis-server is stopped and started again under load. The scenario
 * ran, Redis came back on its port, the figures are there and hold (--check: errors or stalls
 * in the fault, a decided login after it, no login decided without its login_log row), the app
 * answered the outage without a stack trace, and the redis-server is gone afterwards. Also: no
 * redis-server to start is one line and exit status 2.
 */
class RedisFaultRunTest {

    private static final String RUN = "redis-restart-hikari-redis-pooled";

    @Test
    void redisRestartedUnderLoadIsMeasuredAndComesBack(@TempDir Path results) throws Exception {
        // 15 s, not --quick's 25: redis-server is back within a second of the 3-s fault's end.
        Run run = faults(results, Map.of(), "--quick", "--duration", "15", "--profiles", "hikari", "--session",
                "redis-pooled", "--redis-pool-size", "4", "--scenarios", "redis-restart", "--check");
        assertEquals(0, run.status(), run.log());
        assertTrue(run.log().contains("redis-restart/hikari/redis-pooled: Redis back at"), run.log());
        Path dir = faultsDir(results);
        Path runDir = dir.resolve("runs").resolve(RUN);

        JsonNode figures = Json.read(runDir.resolve("figures.json"));
        assertTrue(figures.path("faultSeen").asBoolean(), figures.toString());
        assertEquals(0, figures.path("decidedInsideFault").asLong(), figures.toString());
        assertTrue(figures.path("firstSuccessSeconds").isNumber(), "a login decided after Redis came back: " + figures);
        assertTrue(figures.has("recoverySeconds") && figures.has("errorsByStatus") && figures.has("longestRequestMillis"),
                figures.toString());
        assertEquals("ok", figures.at("/loginLog/verdict").asText(), "no login decided without its row: " + figures);
        assertTrue(figures.at("/loginLog/decided").asLong() > 0, figures.toString());
        assertTrue(figures.path("faultDetail").asText().startsWith("stop "), figures.toString());
        assertTrue(Files.readString(runDir.resolve("series.csv")).startsWith("second,decided_logins,errors"));

        String table = Files.readString(dir.resolve("faults.txt"));
        assertTrue(table.contains("redis-restart hikari/redis-pooled"), table);
        assertTrue(Files.size(dir.resolve("faults-redis-restart.png")) > 10_000);
        assertEquals("redis-pooled", Json.read(dir.resolve("faults.json")).at("/runs/0/session").asText());
        assertTheAppKeptItsSessionsInRedisAndAnsweredCleanly(runDir);
        assertRedisCameBackAndIsGone(dir);
    }

    private static void assertTheAppKeptItsSessionsInRedisAndAnsweredCleanly(Path runDir) throws IOException {
        JsonNode session = Json.read(runDir.resolve("poolsettings.json")).path("session");
        assertEquals("redis", session.path("store").asText(), session.toString());
        assertEquals("pooled", session.path("mode").asText(), session.toString());
        assertEquals(4, session.path("poolSize").asInt(), session.toString());
        String command = Files.readString(runDir.resolve("app-command.txt"));
        assertTrue(command.contains("POOLBENCH_SESSION_STORE=redis") && command.contains("POOLBENCH_REDIS_MODE=pooled")
                && command.contains("POOLBENCH_REDIS_POOL_SIZE=4"), command);
        String appLog = Files.readString(runDir.resolve("app.log"));
        // Tomcat logs an exception that escapes the app with its stack trace; the app answers a 503.
        assertFalse(appLog.contains("Servlet.service()"), appLog);
        assertTrue(appLog.contains("503 (session store unavailable)"), appLog);
    }

    private static void assertRedisCameBackAndIsGone(Path dir) throws IOException {
        String log = Files.readString(dir.resolve("redis/redis-server.log"));
        assertEquals(2, log.split("Ready to accept connections", -1).length - 1, "started, then again: " + log);
        String redis = Json.read(dir.resolve("environment.json")).path("redis").asText();
        Matcher port = Pattern.compile("127\\.0\\.0\\.1:(\\d+)").matcher(redis);
        assertTrue(port.find(), redis);
        assertThrows(IOException.class, () -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", Integer.parseInt(port.group(1))), 1_000);
            }
        }, "the fault run's redis-server still answers: " + redis);
    }

    @Test
    void noRedisServerIsOneLineAndExitStatus2(@TempDir Path results) throws Exception {
        Run run = faults(results, Map.of("PATH", results.toString()), "--session", "redis-shared",
                "--scenarios", "redis-restart");
        assertEquals(2, run.status(), run.log());
        assertEquals("poolbench faults: redis-server not found: apt-get install redis-server", run.log().strip());
        try (Stream<Path> left = Files.list(results)) {
            assertEquals(List.of(results.resolve("faults.log")), left.toList(), "nothing may start");
        }
    }

    private record Run(int status, String log) {
    }

    /** The runner's {@code faults} in a JVM of its own, from the repository root, its output in faults.log. */
    private static Run faults(Path results, Map<String, String> env, String... options) throws Exception {
        Path log = results.resolve("faults.log");
        int status = ChildComparison.run("faults", results, log, environment -> {
            environment.remove("POOLBENCH_REDIS_SERVER");
            environment.putAll(env);
        }, options);
        return new Run(status, Files.readString(log));
    }

    /** results/<stamp>/faults. */
    private static Path faultsDir(Path results) throws IOException {
        try (Stream<Path> dirs = Files.list(results)) {
            Path stamp = dirs.filter(Files::isDirectory).findFirst()
                    .orElseThrow(() -> new AssertionError("no results directory in " + results));
            return stamp.resolve("faults");
        }
    }
}
