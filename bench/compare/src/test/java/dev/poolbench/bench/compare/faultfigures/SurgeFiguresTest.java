package dev.poolbench.bench.compare.faultfigures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.faultlogs.Second;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.util.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * max-connections' figures from a {@code replicas.json} as the rolling update writes it: three
 * replicas of 10, the first new one serving in the surge on the server's spare connections, the
 * second exiting at its start.
 */
class SurgeFiguresTest {

    private static final String FILE = """
            {"replicas": 3, "poolSize": 10, "maxConnections": 33, "previousMaxConnections": 2000,
             "loadedConnectionsBefore": 10, "loadedConnectionsAtEnd": 10, "serverConnectionsBefore": 31,
             "refusedConnections": 17, "everyReplicaServesSeconds": null,
             "replicaFigures": [
              {"name": "old-2", "connectionsBefore": 10, "stoppedSecond": 20.1},
              {"name": "old-3", "connectionsBefore": 10, "stoppedSecond": 40.2},
              {"name": "new-1", "servesSeconds": 7.46, "servedInSurge": true, "connectionsInSurge": 3,
               "connectionsAfterStop": 10, "probeErrors": 0},
              {"name": "new-2", "servesSeconds": null, "exitStatus": 1, "exitLine": "APPLICATION FAILED TO START",
               "servedInSurge": false, "connectionsInSurge": null, "connectionsAfterStop": null, "probeErrors": 2}
             ]}""";

    @Test
    void aReplicaThatExitedFailedToStartAndNotEveryReplicaServed() {
        SurgeFigures f = new SurgeFigures(Json.parse(FILE));
        assertEquals(17, f.refused());
        assertEquals(1, f.failedToStart());
        assertNull(f.everyServesSeconds());
        assertEquals(List.of(), f.missing(), "an exited replica has no connections to read");
        assertEquals("3 replicas of 10, max_connections 33 (was 2000): new-1 served 7.5 s after its start (in the "
                + "surge), connections 3 in the surge, 10 after, 0 probe errors; new-2 EXITED 1 (APPLICATION "
                + "FAILED TO START), connections - in the surge, - after, 2 probe errors; not every replica "
                + "served; 17 connections refused", f.summary());
    }

    @Test
    void aReadingNotTakenOrAStepNotRunIsMissing() {
        ObjectNode file = (ObjectNode) Json.parse(FILE);
        ((ObjectNode) file.get("replicaFigures").get(2)).putNull("connectionsAfterStop");
        file.putNull("loadedConnectionsAtEnd");
        ((ArrayNode) file.get("replicaFigures")).remove(3);
        assertEquals(List.of("the loaded replica's connections were not read before and after the update",
                "new-1: its connections (connectionsAfterStop) were not read",
                "1 new replicas for 2 old ones: the update did not finish"), new SurgeFigures(file).missing());
    }

    /** The loaded replica goes on through the update: what must show is the server refusing a new one. */
    @Test
    void aRollingUpdateIsSeenWhenTheServerRefusedAConnection() {
        List<Second> load = new ArrayList<>();
        Map<Integer, Long> decided = new LinkedHashMap<>();
        for (int k = 1; k <= 20; k++) {
            load.add(new Second(k, 20, 0, 40, 0, Map.of("200", 40L), 100));
            decided.put(k, 10L);
        }
        SurgeFigures refused = new SurgeFigures(Json.parse(FILE));
        FaultFigures f = FaultFigures.compute(inputs(decided, load, refused));
        assertTrue(f.faultSeen(), "17 connections refused, though logins were decided all through");
        assertEquals(17, f.json().at("/replicas/refusedConnections").asLong(), "figures.json carries replicas.json");
        ObjectNode none = (ObjectNode) Json.parse(FILE);
        none.put("refusedConnections", 0);
        assertFalse(FaultFigures.compute(inputs(decided, load, new SurgeFigures(none))).faultSeen(),
                "nothing refused: a new replica found room");
        assertFalse(FaultFigures.compute(inputs(decided, load, null)).faultSeen(), "no replicas.json");
    }

    private static FaultFigures.Inputs inputs(Map<Integer, Long> decided, List<Second> load, SurgeFigures surge) {
        return new FaultFigures.Inputs(Scenario.MAX_CONNECTIONS, 5.3, 12.6, 20, 1000, load, decided, List.of(),
                Json.parse("{\"valid\": true, \"logins\": {\"decided\": 200}}"), 100, 300, surge);
    }
}
