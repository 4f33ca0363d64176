package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code faults --scenarios max-connections} end to end on the embedded MariaDB, the real app and
 * load: two replicas of HikariCP pools of 6 hold what the server's max_connections leaves them,
 * a new replica started in the surge finds no room for its pool (the server refuses its
 * connections and it holds fewer than 6), the old one is stopped, and each replica's figures are
 * in replicas.json and faults.json; --check holds (refusals seen, every reading taken, rows match,
 * /report checked). Which pool serves when is an outcome and not asserted.
 */
class MaxConnectionsFaultRunTest {

    private static final int POOL_SIZE = 6;

    @Test
    void aNewReplicaFindsTheServerFullUntilAnOldOneStops(@TempDir Path results) throws Exception {
        Path log = results.resolve("faults.log");
        int status = ChildComparison.run("faults", results, log, environment -> { }, "--quick", "--profiles", "hikari",
                "--scenarios", "max-connections", "--replicas", "2", "--pool-size", String.valueOf(POOL_SIZE),
                "--heap", "384m", "--check");
        String output = Files.readString(log);
        assertEquals(0, status, output);
        Path runDir = faultsDir(results).resolve("runs").resolve("max-connections-hikari");
        JsonNode replicas = Json.read(runDir.resolve("replicas.json"));

        // The premise: every replica holds its pool, and what the server has left is less than a pool.
        assertEquals(POOL_SIZE, replicas.path("loadedConnectionsBefore").asInt(), replicas.toString());
        JsonNode old = replicas.at("/replicaFigures/0");
        assertEquals("old-2", old.path("name").asText(), replicas.toString());
        assertEquals(POOL_SIZE, old.path("connectionsBefore").asInt(), replicas.toString());
        long spare = replicas.path("maxConnections").asLong() + 1 - replicas.path("serverConnectionsBefore").asLong();
        assertTrue(spare > 0 && spare < POOL_SIZE, "MariaDB's spare connections (one more for a privileged user): "
                + spare + ", " + replicas);
        assertTrue(replicas.path("refusedConnections").asLong() > 0, replicas.toString());

        JsonNode fresh = replicas.at("/replicaFigures/1");
        assertEquals("new-1", fresh.path("name").asText(), replicas.toString());
        assertTrue(fresh.path("answeredSeconds").isNumber(), "the new replica started: " + replicas);
        assertTrue(fresh.path("connectionsInSurge").isNumber() && fresh.path("connectionsInSurge").asDouble() < POOL_SIZE,
                "no room for its pool in the surge: " + replicas);
        assertTrue(old.path("stoppedSecond").isNumber(), replicas.toString());
        assertTrue(Files.isRegularFile(runDir.resolve("replicas").resolve("new-1").resolve("app.log")));
        assertTrue(Files.readString(runDir.resolve("replicas").resolve("new-1").resolve("app-command.txt"))
                .contains("POOLBENCH_POOL_SIZE=" + POOL_SIZE));

        JsonNode run = Json.read(faultsDir(results).resolve("faults.json")).path("runs").get(0);
        assertEquals("max-connections", run.path("scenario").asText());
        assertEquals(replicas, run.at("/figures/replicas"), "faults.json carries the run's replicas.json");
        assertTrue(output.contains("2 replicas of " + POOL_SIZE + ", max_connections "), output);
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
