package dev.poolbench.bench.compare.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.util.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DisturbanceThresholdsTest {

    private static String error(String spec) {
        return assertThrows(UsageException.class, () -> DisturbanceThresholds.parse(spec)).getMessage();
    }

    @Test
    void unnamedLimitsKeepTheirDefaults() throws Exception {
        DisturbanceThresholds t = DisturbanceThresholds.parse("other=20%,load=1.5");
        assertEquals(5, t.stealPercent());
        assertEquals(20, t.otherPercent());
        assertEquals(5, t.gcPercent());
        assertEquals(90, t.loadgenPercent());
        assertEquals(1.5, t.loadPerCpu());
        assertTrue(Double.isNaN(DisturbanceThresholds.parse("steal=off").stealPercent()));
    }

    @Test
    void eachLimitFlagsOnlyAbove() {
        DisturbanceThresholds t = DisturbanceThresholds.DEFAULTS;
        assertEquals(List.of(), t.reasons(5, 10, "", 5, 90, 9));
        List<String> all = t.reasons(5.1, 10.5, "sh[7] 4.0 s", 6, 95, 9);
        assertEquals(4, all.size(), all.toString());
        assertTrue(all.get(0).startsWith("CPU steal 5.1 %"), all.get(0));
        assertEquals("other processes used 10.5 % of the CPUs > 10 % (sh[7] 4.0 s)", all.get(1));
        assertTrue(all.get(2).startsWith("app GC pauses 6.0 %"), all.get(2));
        assertTrue(all.get(3).startsWith("load generator saturated: 95 %"), all.get(3));
        // unknown figures (NaN: no /proc, no gc.log) never flag
        assertEquals(List.of(), t.reasons(Double.NaN, Double.NaN, "", Double.NaN, Double.NaN, Double.NaN));
    }

    @Test
    void loadAverageIsOffByDefaultAndPerCpuWhenSet() throws Exception {
        assertEquals(List.of(), DisturbanceThresholds.DEFAULTS.reasons(0, 0, "", 0, 0, 50));
        assertEquals(List.of("load average 2.00 per CPU > 1.50"),
                DisturbanceThresholds.parse("load=1.5").reasons(0, 0, "", 0, 0, 2));
    }

    @Test
    void badSpecificationsAreRefusedWithTheReason() {
        assertTrue(error("cpu=5%").contains("'cpu=5%' is not NAME=LIMIT"));
        assertTrue(error("other").contains("is not NAME=LIMIT"));
        assertTrue(error("other=10").contains("other takes a percentage such as 10%"));
        assertTrue(error("load=2%").contains("load takes a load per CPU"));
        assertTrue(error("gc=-1%").contains("gc needs a positive number or off"));
        assertTrue(error("gc=x%").contains("gc needs a positive number or off"));
    }
}
