package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.poolbench.bench.compare.util.UsageException;
import org.junit.jupiter.api.Test;

/** {@code --lanes shared|isolated}: shared by default, isolated only where a duet can be placed here. */
class LanePlacementOptionsTest {

    private static String usage(String... args) {
        return assertThrows(UsageException.class, () -> CompareOptions.parse(args)).getMessage();
    }

    @Test
    void lanesAreSharedByDefaultAndRecordedInTheOptions() throws Exception {
        CompareOptions o = CompareOptions.parse("--profiles", "hikari,nopool");
        assertEquals(LanePlacement.SHARED, o.lanePlacement);
        assertNull(o.laneCpuSets);
        assertEquals("shared", o.toJson().path("lanes").asText());
    }

    @Test
    void isolatedLanesOfADuetGetACpuSetEach() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "isolated lanes need two CPUs");
        CompareOptions o = CompareOptions.parse("--profiles", "hikari,nopool", "--lanes", "isolated");
        assertEquals(LanePlacement.ISOLATED, o.lanePlacement);
        assertNotNull(o.laneCpuSets);
        assertTrue(!o.laneCpuSets.cpus(0).equals(o.laneCpuSets.cpus(1)), o.laneCpuSets.cpus(0));
        assertEquals("isolated", o.toJson().path("lanes").asText());
    }

    @Test
    void aPlacementThatCannotBeHadIsOneLineNamingTheFallback() {
        assertEquals("--lanes must be shared | isolated, got 'apart'", usage("--lanes", "apart"));
        assertTrue(usage("--profiles", "hikari,nopool", "--solo", "--lanes", "isolated")
                .endsWith("not with --solo (nor with one profile and one pool size, which run solo): run with "
                        + "--lanes shared"));
        assertTrue(usage("--profiles", "hikari", "--lanes", "isolated").contains("run with --lanes shared"));
        assertTrue(usage("--profiles", "hikari,nopool", "--lanes", "isolated", "--cpus", "app=0")
                .contains("not with --cpus"));
        assertTrue(usage("--profiles", "hikari,nopool", "--lanes", "isolated", "--db-port", "65535")
                .contains("--db-port + 1"));
        assertTrue(usage("--app-url", "http://10.0.0.2:8080", "--app-command", "x", "--reset-command", "true",
                "--profiles", "hikari,nopool", "--lanes", "isolated").contains("in remote mode each lane is isolated by "
                + "its own app host and database"));
    }
}
