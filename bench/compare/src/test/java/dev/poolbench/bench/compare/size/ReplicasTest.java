package dev.poolbench.bench.compare.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.util.Json;
import org.junit.jupiter.api.Test;

class ReplicasTest {

    @Test
    void replicasHeldAreMaxConnectionsOverThePoolSize() {
        assertEquals(25, Replicas.held(6, 151));
        assertEquals(15, Replicas.held(10, 151));
        assertEquals(0, Replicas.held(200, 151));
    }

    @Test
    void aRollingUpdateNeedsRoomForTheSurge() {
        // 20 replicas of 6 become ceil(25) = 25 during the update: 150 <= 151; 21 would need 27 x 6 = 162.
        assertEquals(20, Replicas.heldDuringRollingUpdate(6, 151));
        // 12 of 10 become 15: 150; 13 would need 17 x 10.
        assertEquals(12, Replicas.heldDuringRollingUpdate(10, 151));
        assertEquals(1, Replicas.heldDuringRollingUpdate(75, 151), "one replica and its one replacement: 150");
        assertEquals(0, Replicas.heldDuringRollingUpdate(100, 151), "one replica fits, its replacement does not");
    }

    @Test
    void theLineNamesBothSizesAndTheServer() {
        String line = Replicas.line(6, 151);
        assertTrue(line.contains("at pool size 6 a server with max_connections 151 holds 25 replicas, 20 with room"),
                line);
        assertTrue(line.contains("at pool size 10: 15 and 12"), line);
    }

    @Test
    void theServerIsTheGivenOneElseTheDefaultOfTheSearchsDatabase() throws Exception {
        Replicas.Server postgres = Replicas.Server.of(
                Json.MAPPER.readTree("{\"options\":{\"database\":\"postgres\"}}"));
        assertEquals(100, postgres.maxConnections());
        assertTrue(postgres.whose().startsWith("PostgreSQL"), postgres.whose());
        Replicas.Server mariadb = Replicas.Server.of(
                Json.MAPPER.readTree("{\"options\":{\"database\":\"mariadb\"}}"));
        assertEquals(151, mariadb.maxConnections());
        assertEquals(151, Replicas.Server.of(null).maxConnections(), "no environment.json: the default database");
        assertEquals(151, Replicas.Server.of(Json.MAPPER.readTree("{}")).maxConnections());
        Replicas.Server read = Replicas.Server.of(Json.MAPPER.readTree(
                "{\"options\":{\"database\":\"postgres\",\"sizeSearch\":{\"maxConnections\":2000}}}"));
        assertEquals(2000, read.maxConnections(), "the server's own, as size.yml read it from the server");
        assertTrue(read.whose().contains("--max-connections"), read.whose());
    }
}
