package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short real duet with {@code --lanes isolated}: each lane's app JVM, load JVM and MariaDB
 * server ran on its lane's CPUs only (every thread's Cpus_allowed_list, read from /proc by the
 * runner at the end of the measured load), each lane had a server of its own (another port,
 * another pid) and its app's JDBC URL pointed at it; the settings line says so, and the lanes'
 * cgroups are gone afterwards.
 */
class IsolatedLanesTest {

    @Test
    void eachLaneRunsOnItsOwnCpusWithItsOwnDatabaseServer(@TempDir Path results) throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "isolated lanes need two CPUs");
        ChildComparison.Outcome outcome = ChildComparison.compare(results, "--profiles", "hikari,nopool",
                "--lanes", "isolated", "--runs", "1", "--duration", "4", "--warmup", "1");
        assertEquals(0, outcome.exitStatus(), outcome.output());
        JsonNode placement = Json.read(outcome.dir().resolve("environment.json")).path("lanePlacement");
        assertEquals("isolated", placement.path("placement").asText(), placement.toString());
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(outcome.dir().resolve("runs.jsonl"))) {
            records.add(Json.parse(line));
        }
        assertEquals(2, records.size(), outcome.output());
        Set<String> cpus = new HashSet<>();
        Set<Integer> ports = new HashSet<>();
        Set<Long> pids = new HashSet<>();
        for (JsonNode r : records) {
            assertTrue(r.path("valid").asBoolean(), "valid: " + r.path("problems"));
            JsonNode lane = r.path("lanePlacement");
            String own = lane.path("cpus").asText();
            JsonNode environmentLane = placement.path("lanes").get(r.path("duet").path("lane").asInt());
            assertEquals(environmentLane.path("cpus").asText(), own, lane.toString());
            for (String process : List.of("app", "load", "database")) {
                JsonNode threads = lane.path("observed").path(process).path("threadCpus");
                assertEquals("[\"" + own + "\"]", threads.toString(), process + " of " + r.path("runDir") + ": "
                        + lane);
            }
            int port = lane.path("database").path("port").asInt();
            assertEquals(lane.path("database").path("pid").asLong(), lane.path("observed").path("database")
                    .path("pid").asLong(), lane.toString());
            // Its server's port, or its own proxy's in front of it with --db-distance lan|cloud.
            int appPort = lane.path("database").path("appPort").asInt();
            assertEquals(port, appPort, "loopback: the app connects to the server itself");
            String jdbcUrl = Json.text(r, "poolSettings.jdbcUrl");
            assertTrue(jdbcUrl.contains("127.0.0.1:" + appPort + "/"), "the app's JDBC URL " + jdbcUrl
                    + " points at its lane's server on port " + appPort);
            cpus.add(own);
            ports.add(port);
            pids.add(lane.path("database").path("pid").asLong());
        }
        assertEquals(2, cpus.size(), "two CPU sets: " + cpus);
        assertEquals(2, ports.size(), "two database servers (ports): " + ports);
        assertEquals(2, pids.size(), "two database servers (pids): " + pids);
        assertNotEquals(0L, pids.iterator().next());
        String summary = Files.readString(outcome.dir().resolve("summary.txt"));
        assertTrue(summary.contains("duets, isolated lanes (cpu " + placement.path("lanes").get(0).path("cpus")
                .asText() + " | cpu " + placement.path("lanes").get(1).path("cpus").asText()
                + ", a MariaDB server each"), summary);
        for (JsonNode lane : placement.path("lanes")) {
            if (lane.hasNonNull("cgroup")) {
                assertFalse(Files.exists(Path.of(lane.path("cgroup").asText())), "cgroup removed: " + lane);
            }
        }
    }
}
