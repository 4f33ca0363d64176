package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code faults --database postgres --scenarios restart} end to end: a real short fault run in
 * its own JVM (the machine's PostgreSQL, the app JVM on pgjdbc, the load JVM) in which the
 * PostgreSQL server is stopped and started again under load on its port and data directory.
 * The figures are there and hold (--check: errors in the fault, a decided login after it, no
 * login decided without its login_log row, counted on PostgreSQL), and the server is gone
 * afterwards: neither its port nor its process is left.
 */
class PostgresFaultRunTest {

    @Test
    void postgresRestartedUnderLoadIsMeasuredAndGoneAfterwards(@TempDir Path results) throws Exception {
        Path log = results.resolve("faults.log");
        // 15 s, not --quick's 25: PostgreSQL is back within seconds of the 3-s fault's end (4 s to 7 s).
        int status = ChildComparison.run("faults", results, log, environment -> { }, "--quick", "--duration", "15",
                "--database", "postgres", "--profiles", "hikari", "--scenarios", "restart", "--check");
        String output = Files.readString(log);
        assertEquals(0, status, output);
        assertTrue(output.contains("restart/hikari: the database back at"), output);
        Path dir = faultsDir(results);
        Path runDir = dir.resolve("runs").resolve("restart-hikari");

        JsonNode figures = Json.read(runDir.resolve("figures.json"));
        assertTrue(figures.path("faultSeen").asBoolean(), figures.toString());
        assertTrue(figures.path("errorsDuringFault").asLong() > 0, "every connection died: " + figures);
        assertEquals(0, figures.path("decidedInsideFault").asLong(), figures.toString());
        assertTrue(figures.path("firstSuccessSeconds").isNumber(), "a login decided after the return: " + figures);
        assertEquals("ok", figures.at("/loginLog/verdict").asText(), "no login decided without its row: " + figures);
        assertTrue(figures.at("/loginLog/decided").asLong() > 0, figures.toString());
        assertTrue(figures.path("faultDetail").asText().startsWith("stop "), figures.toString());

        // The app ran on pgjdbc against PostgreSQL, not on the MariaDB defaults.
        assertTrue(Files.readString(runDir.resolve("app-command.txt")).contains("POOLBENCH_DATABASE=postgres"));
        assertTrue(Json.read(dir.resolve("environment.json")).path("database").asText().startsWith("PostgreSQL "),
                Files.readString(dir.resolve("environment.json")));
        // What the run's app loaded, so that a kept run names its releases.
        JsonNode releases = Json.read(dir.resolve("environment.json")).path("releases").path("hikari");
        assertTrue(releases.path("pool").asText().startsWith("HikariCP "), releases.toString());
        assertTrue(releases.path("driver").asText().startsWith("postgresql "), releases.toString());
        JsonNode options = Json.read(dir.resolve("options.json"));
        assertEquals("postgres", options.path("database").asText(), options.toString());
        assertPostgresIsGone(options.path("dbPort").asInt());
    }

    private static void assertPostgresIsGone(int port) {
        assertThrows(IOException.class, () -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
            }
        }, "PostgreSQL still answers on port " + port);
        // LocalPostgres passes the port as "-p PORT": a server left behind would show here.
        List<ProcessHandle> left = ProcessHandle.allProcesses().filter(p -> p.info().command()
                .map(c -> c.endsWith("/postgres")).orElse(false) && p.info().arguments()
                .map(a -> Arrays.asList(a).contains(String.valueOf(port))).orElse(false)).toList();
        assertEquals(List.of(), left, "PostgreSQL processes of port " + port + " left");
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
