package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.Workspace;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --session} end to end: a real comparison in its own JVM (embedded MariaDB, app JVMs, load
 * JVMs, a real redis-server from the PATH) of hikari with its sessions in memory and in Redis over
 * a Lettuce pool. Both runs count, the Redis run's app reads back the pooled store, its Redis
 * meters were sampled, the report has a block per store and the store's verdict, and the
 * redis-server is gone afterwards. Also: no redis-server to start is one line and exit status 2.
 */
class SessionComparisonTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent().getParent();

    @Test
    void memoryAndRedisPooledRunsBothCountAndTheRedisServerStops(@TempDir Path results) throws Exception {
        Run run = compare(results, Map.of(), "--profiles", "hikari", "--session", "memory,redis-pooled",
                "--redis-pool-size", "4", "--runs", "1", "--duration", "4", "--warmup", "2");
        assertEquals(0, run.status(), run.log());
        Path dir = resultsDir(results);
        List<String> lines = Files.readAllLines(dir.resolve("runs.jsonl"));
        assertEquals(2, lines.size(), run.log());
        // One profile across one dimension runs as a duet: both stores in the same window, one lane each.
        JsonNode first = Json.parse(lines.get(0));
        JsonNode second = Json.parse(lines.get(1));
        JsonNode memory = "memory".equals(first.path("session").asText()) ? first : second;
        JsonNode redis = memory == first ? second : first;
        for (JsonNode r : List.of(memory, redis)) {
            assertTrue(r.path("valid").asBoolean() && !r.path("flagged").asBoolean(), r.toString());
        }
        assertEquals("memory", memory.path("session").asText());
        assertEquals("redis-pooled", redis.path("session").asText());
        assertEquals("1-hikari-memory-vs-redis-pooled", memory.path("runDir").asText());
        assertEquals("1-hikari-redis-pooled-vs-memory", redis.path("runDir").asText());
        assertEquals(memory.path("duet").path("window").asText(), redis.path("duet").path("window").asText(),
                "the two stores share a duet window");
        assertTrue(memory.path("duet").path("lane").asInt() != redis.path("duet").path("lane").asInt());
        assertEquals("memory", memory.path("poolSettings").path("session").path("store").asText());
        assertTrue(memory.path("poolMetrics").path("redis").isMissingNode(), memory.path("poolMetrics").toString());
        assertRedisRun(redis, memory, dir);
        assertReport(dir);
        JsonNode environment = Json.read(dir.resolve("environment.json"));
        assertFalse(environment.path("redis").path("version").asText().isEmpty(), environment.toString());
        assertTrue(Files.isRegularFile(dir.resolve("redis/redis-server.log")));
        int port = environment.path("redis").path("port").asInt();
        assertThrows(IOException.class, () -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
            }
        }, "the comparison's redis-server still answers on " + port);
    }

    private static void assertRedisRun(JsonNode redis, JsonNode memory, Path dir) throws IOException {
        JsonNode session = redis.path("poolSettings").path("session");
        assertEquals("redis", session.path("store").asText(), session.toString());
        assertEquals("pooled", session.path("mode").asText(), session.toString());
        assertEquals(4, session.path("poolSize").asInt(), session.toString());
        assertTrue(session.path("matchesRequested").asBoolean(), session.toString());
        JsonNode meters = redis.path("poolMetrics").path("redis");
        assertTrue(meters.path("samples").asInt() > 0, meters.toString());
        assertTrue(meters.path("commands").asDouble() > 0, meters.toString());
        assertTrue(meters.path("peakConnections").asDouble() >= 1, meters.toString());
        assertTrue(meters.path("meanCommandMicros").asDouble() > 0, meters.toString());
        assertTrue(meters.path("peakPoolActive").isNumber(), meters.toString());
        Path runDir = dir.resolve("runs").resolve(redis.path("runDir").asText());
        assertTrue(Files.readString(runDir.resolve("poolmetrics.csv")).lines().findFirst().orElseThrow()
                .endsWith(",redis_commands,redis_command_mean_us"));
        String command = Files.readString(runDir.resolve("app-command.txt"));
        assertTrue(command.contains("POOLBENCH_SESSION_STORE=redis") && command.contains("POOLBENCH_REDIS_MODE=pooled")
                && command.contains("POOLBENCH_REDIS_POOL_SIZE=4"), command);
        assertFalse(Files.readString(dir.resolve("runs").resolve(memory.path("runDir").asText()).resolve("app-command.txt"))
                .contains("POOLBENCH_REDIS"));
    }

    private static void assertReport(Path dir) throws IOException {
        String summary = Files.readString(dir.resolve("summary.txt"));
        assertTrue(summary.contains("session memory") && summary.contains("session redis-pooled"), summary);
        assertTrue(summary.contains("Session stores, paired by duet (both variants in the same window) against memory"), summary);
        assertEquals(1, summary.split("Redis session store \\(").length - 1, summary);
        assertTrue(summary.contains("hikari @10 (platform threads, JDK " + Runtime.version().feature()
                + "): redis-pooled vs memory"), summary);
        JsonNode json = Json.read(dir.resolve("summary.json"));
        assertEquals(2, json.path("blocks").size(), json.toString());
        assertEquals("redis-pooled", json.path("blocks").get(1).path("session").asText());
        assertEquals("redis-pooled", json.path("sessionStores").get(0).path("session").asText(), json.toString());
        assertTrue(Files.size(dir.resolve("scores.png")) > 0);
    }

    @Test
    void noRedisServerIsOneLineAndExitStatus2(@TempDir Path results) throws Exception {
        Run run = compare(results, Map.of("PATH", results.toString()), "--session", "memory,redis-shared");
        assertEquals(2, run.status(), run.log());
        assertEquals("poolbench compare: redis-server not found: apt-get install redis-server", run.log().strip());
        try (Stream<Path> left = Files.list(results)) {
            assertEquals(List.of(results.resolve("compare.log")), left.toList(), "nothing may start");
        }
    }

    private record Run(int status, String log) {
    }

    /** The runner in a JVM of its own, from the repository root, with its output in compare.log. */
    private static Run compare(Path results, Map<String, String> env, String... options) throws Exception {
        for (Path jar : List.of(Workspace.WEBAPP_JAR, Workspace.LOAD_JAR)) {
            if (!Files.isRegularFile(ROOT.resolve(jar))) {
                fail(ROOT.resolve(jar) + " is missing: build the project first (./mvnw -DskipTests package)");
            }
        }
        int dbPort;
        try (ServerSocket s = new ServerSocket(0)) {
            dbPort = s.getLocalPort();
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), CompareMain.class.getName(), "compare"));
        command.addAll(List.of(options));
        command.addAll(List.of("--db-port", String.valueOf(dbPort), "--results", results.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true)
                .redirectOutput(results.resolve("compare.log").toFile());
        builder.environment().remove("POOLBENCH_REDIS_SERVER");
        builder.environment().putAll(env);
        Process compare = builder.start();
        try {
            assertTrue(compare.waitFor(5, TimeUnit.MINUTES), "the comparison did not end");
        } finally {
            compare.destroyForcibly();
        }
        return new Run(compare.exitValue(), Files.readString(results.resolve("compare.log")));
    }

    private static Path resultsDir(Path results) throws IOException {
        try (Stream<Path> dirs = Files.list(results)) {
            Path dir = dirs.filter(Files::isDirectory).findFirst().orElse(null);
            assertNotNull(dir, "no results directory in " + results);
            return dir;
        }
    }
}
