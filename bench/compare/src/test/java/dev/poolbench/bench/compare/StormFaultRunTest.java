package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code faults --scenarios storm} end to end on the embedded MariaDB, the real app and load: the
 * app's pool is elastic (min idle and maximum read back from the live pool), the load's extra
 * workers join and run flows, new connections made during the storm each waited at least the
 * delay (the relay counts them), and the figures are in figures.json and faults.json under their
 * names; --check holds (the jump ran, rows match, /report checked).
 */
class StormFaultRunTest {

    @Test
    void aStormGrowsTheElasticPoolThroughSlowConnectsWhileTheLoadJumps(@TempDir Path results) throws Exception {
        Path log = results.resolve("faults.log");
        // 12 s, not --quick's 25: the jump (4 s to 7 s) restarts nothing, so 5 s after it is room enough.
        int status = ChildComparison.run("faults", results, log, environment -> { }, "--quick", "--duration", "12",
                "--profiles", "dbcp2", "--scenarios", "storm", "--storm-workload", "12", "--storm-pool-size", "20",
                "--storm-min-idle", "2", "--storm-connect-ms", "300", "--check");
        String output = Files.readString(log);
        assertEquals(0, status, output);
        Path dir = faultsDir(results);
        Path runDir = dir.resolve("runs").resolve("storm-dbcp2");

        JsonNode settings = Json.read(runDir.resolve("poolsettings.json"));
        assertEquals(20, settings.at("/effective/maxSize").asInt(), settings.toString());
        assertEquals(2, settings.at("/effective/minIdle").asInt(), settings.toString());
        assertTrue(settings.path("matchesRequested").asBoolean(), settings.path("mismatches").toString());

        JsonNode figures = Json.read(runDir.resolve("figures.json"));
        assertTrue(figures.path("faultSeen").asBoolean(), figures.toString());
        assertEquals(12, figures.at("/jump/workersJoined").asInt(), figures.toString());
        assertTrue(figures.at("/jump/flows").asLong() > 0, figures.toString());
        assertTrue(figures.at("/jump/requestsDuring").asLong() > 0, figures.toString());
        assertTrue(figures.at("/jump/p99DuringMillis").isNumber() && figures.at("/jump/p99BeforeMillis").isNumber());
        assertTrue(figures.path("peakConnections").asDouble() > figures.path("connectionsBeforeFault").asDouble(),
                "DBCP2 opens a connection for a borrower that finds none idle: " + figures);
        // The relay's own count: the connections DBCP2 opened in the storm each waited >= 300 ms.
        Matcher held = Pattern.compile("(\\d+) new connections held, the shortest for (\\d+) ms")
                .matcher(figures.path("faultDetail").asText());
        assertTrue(held.find(), figures.toString());
        assertTrue(Integer.parseInt(held.group(1)) > 0, figures.toString());
        assertTrue(Integer.parseInt(held.group(2)) >= 300, figures.toString());

        JsonNode run = Json.read(dir.resolve("faults.json")).path("runs").get(0);
        assertEquals("storm", run.path("scenario").asText());
        assertEquals(figures.path("jump"), run.at("/figures/jump"), "faults.json carries the run's figures");
        assertTrue(Files.readString(runDir.resolve("app-command.txt")).contains("POOLBENCH_POOL_MIN_IDLE=2"));
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
