package dev.poolbench.bench.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void textbookSampleMeanSdAndInterval() {
        // Classic example: mean 5, population sd 2, sample sd sqrt(32/7).
        Stats.Sample s = Stats.describe(List.of(2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0));
        assertEquals(8, s.n());
        assertEquals(5.0, s.mean(), 1e-12);
        assertEquals(Math.sqrt(32.0 / 7), s.sd(), 1e-12);
        assertEquals(2.0, s.min());
        assertEquals(9.0, s.max());
        double half = 2.365 * Math.sqrt(32.0 / 7) / Math.sqrt(8); // t(0.975, 7) = 2.365
        // The textbook quantile has 3 decimals: 5e-4 on t is 2e-4 on the bound here.
        assertEquals(5 - half, s.ciLow(), 3e-4);
        assertEquals(5 + half, s.ciHigh(), 3e-4);
        assertEquals(100 * Math.sqrt(32.0 / 7) / 5, s.cvPercent(), 1e-9);
    }

    @Test
    void oneValueHasNoInterval() {
        Stats.Sample s = Stats.describe(List.of(1234.0));
        assertEquals(1, s.n());
        assertEquals(1234.0, s.mean());
        assertTrue(Double.isNaN(s.sd()));
        assertFalse(s.hasInterval());
        assertTrue(Double.isNaN(s.cvPercent()));
    }

    @Test
    void tQuantilesMatchTheTable() {
        // The textbook table t(0.975, df), df = 1..30, printed to 3 decimals.
        double[] table = {
            12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
            2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
            2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
        for (int df = 1; df <= 30; df++) {
            assertEquals(table[df - 1], Stats.t975(df), 5e-4, "df " + df);
        }
        assertEquals(2.021, Stats.t975(40), 0.001);
        assertEquals(1.960, Stats.tQuantile(0.975, 1e7), 0.001);
        assertEquals(6.314, Stats.tQuantile(0.95, 1), 0.001);
        assertEquals(0.5, Stats.tCdf(0, 3), 1e-12);
    }

    @Test
    void welchTestOnTheTextbookExample() {
        // Welch (1947) example as used on Wikipedia: t = -2.46, df = 24.9, p = 0.021.
        Stats.Sample a = Stats.describe(List.of(27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1,
                21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4));
        Stats.Sample b = Stats.describe(List.of(27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0,
                24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4));
        Stats.Welch w = Stats.welch(a, b);
        assertEquals(-2.46, w.t(), 0.01);
        assertEquals(24.9, w.df(), 0.1);
        assertEquals(0.021, w.pTwoSided(), 0.001);
    }

    @Test
    void welchWithoutVariance() {
        Stats.Sample a = Stats.describe(List.of(5.0, 5.0));
        Stats.Sample b = Stats.describe(List.of(4.0, 4.0));
        assertEquals(0.0, Stats.welch(a, b).pTwoSided());
        assertEquals(1.0, Stats.welch(a, a).pTwoSided());
    }
}
