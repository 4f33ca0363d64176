package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.machine.DisturbanceThresholds;
import dev.poolbench.bench.compare.util.UsageException;
import org.junit.jupiter.api.Test;

/** The options of the sentinel, the re-runs, CPU placement and the fixed-cost switches. */
class RuntimeOptionsTest {

    @Test
    void defaults() throws Exception {
        CompareOptions o = CompareOptions.parse();
        assertEquals(DisturbanceThresholds.DEFAULTS, o.disturbanceThresholds);
        assertEquals(0, o.rerunDisturbed);
        assertEquals(null, o.cpus);
        assertTrue(o.cds);
        assertFalse(o.gatlingReport);
        var json = o.toJson();
        assertEquals(10.0, json.path("disturbanceThresholds").path("otherPercent").asDouble());
        assertTrue(json.path("disturbanceThresholds").path("loadPerCpu").isNull());
        assertTrue(json.path("cpus").isNull());
    }

    @Test
    void parsesEachOption() throws Exception {
        CompareOptions o = CompareOptions.parse("--disturbance-thresholds", "other=25%", "--rerun-disturbed", "2",
                "--cds", "off", "--gatling-report", "--cpus", "app=0,load=0");
        assertEquals(25, o.disturbanceThresholds.otherPercent());
        assertEquals(2, o.rerunDisturbed);
        assertFalse(o.cds);
        assertTrue(o.gatlingReport);
        assertEquals("0", o.cpus.of("app"));
        assertEquals("0", o.toJson().path("cpus").path("load").asText());
    }

    @Test
    void badValuesAreUsageErrors() {
        assertTrue(assertThrows(UsageException.class, () -> CompareOptions.parse("--rerun-disturbed", "-1"))
                .getMessage().contains("--rerun-disturbed must be >= 0"));
        assertTrue(assertThrows(UsageException.class, () -> CompareOptions.parse("--cds", "maybe"))
                .getMessage().contains("--cds must be one of on, off"));
        assertTrue(assertThrows(UsageException.class, () -> CompareOptions.parse("--gatling-report=yes"))
                .getMessage().contains("--gatling-report takes no value"));
        assertTrue(assertThrows(UsageException.class, () -> CompareOptions.parse("--disturbance-thresholds", "x=1%"))
                .getMessage().contains("'x=1%' is not NAME=LIMIT"));
    }
}
