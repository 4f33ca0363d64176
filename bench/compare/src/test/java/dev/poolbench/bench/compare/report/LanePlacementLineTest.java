package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.poolbench.bench.compare.util.Json;
import org.junit.jupiter.api.Test;

/** The lanes' placement on the summary's settings line. */
class LanePlacementLineTest {

    @Test
    void isolatedAndSharedLanesOfDuets() {
        assertEquals("duets, isolated lanes (cpu 0 | cpu 1, a MariaDB server each, cgroup v1 cpuset)",
                LanePlacementLine.of(Json.parse("{\"options\":{\"duet\":true},\"lanePlacement\":{\"placement\":"
                        + "\"isolated\",\"mechanism\":\"cgroup v1 cpuset\",\"lanes\":[{\"cpus\":\"0\",\"database\":"
                        + "{\"port\":13306}},{\"cpus\":\"1\",\"database\":{\"port\":13307}}]}}")));
        assertEquals("duets, shared lanes (cpu 0-1, one MariaDB server)",
                LanePlacementLine.of(Json.parse("{\"options\":{\"duet\":true},\"lanePlacement\":{\"placement\":"
                        + "\"shared\",\"mechanism\":null,\"lanes\":[{\"cpus\":\"0-1\",\"database\":{\"port\":13306}},"
                        + "{\"cpus\":\"0-1\",\"database\":{\"port\":13306}}]}}")));
    }

    @Test
    void thePostgresServerWithDatabasePostgres() {
        assertEquals("duets, shared lanes (cpu 0-1, one PostgreSQL server)",
                LanePlacementLine.of(Json.parse("{\"options\":{\"duet\":true,\"database\":\"postgres\"},"
                        + "\"lanePlacement\":{\"placement\":\"shared\",\"mechanism\":null,\"lanes\":[{\"cpus\":"
                        + "\"0-1\",\"database\":{\"port\":13306}},{\"cpus\":\"0-1\",\"database\":{\"port\":13306}}]}}")));
    }

    @Test
    void nothingForSoloRunsOrResultsWithoutIt() {
        assertNull(LanePlacementLine.of(Json.parse("{\"options\":{\"duet\":false},\"lanePlacement\":{\"placement\":"
                + "\"shared\",\"lanes\":[]}}")));
        assertNull(LanePlacementLine.of(Json.parse("{\"options\":{\"duet\":true}}")));
    }
}
