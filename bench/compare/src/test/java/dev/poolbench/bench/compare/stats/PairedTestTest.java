package dev.poolbench.bench.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PairedTestTest {

    private static double[] logs(double... ratios) {
        double[] out = new double[ratios.length];
        for (int i = 0; i < ratios.length; i++) {
            out[i] = Math.log(ratios[i]);
        }
        return out;
    }

    @Test
    void intervalIsTheStudentIntervalOfTheLogRatios() {
        double[] d = logs(1.10, 1.12, 1.08);
        PairedTest.Result r = PairedTest.of(d, 5);
        double mean = (d[0] + d[1] + d[2]) / 3;
        double sd = Math.sqrt(((d[0] - mean) * (d[0] - mean) + (d[1] - mean) * (d[1] - mean)
                + (d[2] - mean) * (d[2] - mean)) / 2);
        double half = 4.303 * sd / Math.sqrt(3); // t(0.975, 2) = 4.303
        assertEquals(3, r.n());
        assertEquals(100 * (Math.exp(mean) - 1), r.estimatePercent(), 1e-9);
        assertEquals(100 * (Math.exp(mean - half) - 1), r.lowPercent(), 1e-3);
        assertEquals(100 * (Math.exp(mean + half) - 1), r.highPercent(), 1e-3);
        assertEquals(PairedTest.Word.FASTER, r.word());
        assertEquals("faster", r.verdict());
        assertTrue(r.interval().matches("\\+10\\.0 % \\[\\+\\d+\\.\\d \\.\\. \\+\\d+\\.\\d]"), r.interval());
    }

    @Test
    void slowerWhenTheIntervalIsBelowZero() {
        assertEquals(PairedTest.Word.SLOWER, PairedTest.of(logs(0.80, 0.82, 0.79, 0.81), 5).word());
        assertEquals("slower", PairedTest.of(logs(0.80, 0.82, 0.79, 0.81), 5).verdict());
    }

    /** -2 % with a narrow interval is slower and inside ±5 % at once: the text says both. */
    @Test
    void aDifferenceSmallerThanTheMarginSaysSo() {
        PairedTest.Result r = PairedTest.of(logs(0.981, 0.976, 0.985), 5);
        assertEquals(PairedTest.Word.SLOWER, r.word());
        assertEquals("slower, by less than 5 %", r.verdict());
        PairedTest.Result wide = PairedTest.of(logs(0.93, 0.95, 0.94), 5);
        assertEquals(PairedTest.Word.SLOWER, wide.word(), wide.interval());
        assertEquals("slower", wide.verdict(), wide.interval() + ": its interval reaches past -5 %");
    }

    @Test
    void equivalentWhenTheNinetyPercentIntervalIsInsideTheMargin() {
        PairedTest.Result r = PairedTest.of(logs(1.01, 0.99, 1.00, 1.005, 0.995, 1.0), 5);
        assertEquals(PairedTest.Word.EQUIVALENT, r.word());
        assertEquals("equivalent within ±5 %", r.verdict());
        // The same data against a margin narrower than its interval: not equivalent.
        assertEquals(PairedTest.Word.UNDECIDED, PairedTest.of(logs(1.01, 0.99, 1.00, 1.005, 0.995, 1.0), 0.5).word());
    }

    @Test
    void undecidedSaysHowManyRoundsWouldSettleIt() {
        PairedTest.Result r = PairedTest.of(logs(1.06, 0.98, 1.10), 5);
        assertEquals(PairedTest.Word.UNDECIDED, r.word());
        assertTrue(r.roundsNeeded() > 3, "rounds needed " + r.roundsNeeded());
        // At the estimate, the same mean and spread decide.
        double[] more = new double[r.roundsNeeded()];
        double[] three = logs(1.06, 0.98, 1.10);
        for (int i = 0; i < more.length; i++) {
            more[i] = three[i % 3];
        }
        assertTrue(PairedTest.of(more, 5).decided(), "at " + more.length + " rounds");
        assertTrue(r.verdict().contains("about " + r.roundsNeeded() + " rounds"), r.verdict());
    }

    @Test
    void oneRoundHasNoInterval() {
        PairedTest.Result r = PairedTest.of(logs(1.2), 5);
        assertEquals(PairedTest.Word.UNDECIDED, r.word());
        assertTrue(r.verdict().contains("at least 2 rounds"), r.verdict());
        assertTrue(r.interval().contains("no interval"), r.interval());
    }

    @Test
    void hugeUpperEndsAreCapped() {
        PairedTest.Result r = PairedTest.of(logs(0.1, 10), 5);
        assertTrue(r.highPercent() > 1000);
        assertTrue(r.interval().endsWith(" .. >+999.9]"), r.interval());
    }

    @Test
    void noPairedRound() {
        PairedTest.Result r = PairedTest.of(new double[0], 5);
        assertEquals(PairedTest.Word.UNDECIDED, r.word());
        assertEquals("no round with both runs counted", r.interval());
    }

    @Test
    void zeroSpread() {
        assertEquals(PairedTest.Word.FASTER, PairedTest.of(logs(1.1, 1.1), 5).word());
        assertEquals(PairedTest.Word.EQUIVALENT, PairedTest.of(logs(1.0, 1.0), 5).word());
    }

    @Test
    void badMargin() {
        assertThrows(IllegalArgumentException.class, () -> PairedTest.of(logs(1, 1), 0));
    }

    /** Each word names the interval that decided it, and that interval agrees with the word. */
    @Test
    void theDecidingIntervalIsTheOneOfTheWordsTest() {
        double[] bounds = PairedTest.marginBoundsPercent(5);
        assertEquals(-4.762, bounds[0], 1e-3, "the lower bound of ±5 % in the log is 1/1.05 - 1");
        assertEquals(5.0, bounds[1], 1e-9);
        // Six rounds at -0.5 % ± 4.2 %: the 95 % interval reaches past -5 %, the 90 % one does not.
        double[] logs = new double[6];
        for (int i = 0; i < 6; i++) {
            logs[i] = -0.005 + (i % 2 == 0 ? 0.04245 : -0.04245);
        }
        PairedTest.Result equivalent = PairedTest.of(logs, 5);
        assertEquals(PairedTest.Word.EQUIVALENT, equivalent.word());
        assertTrue(equivalent.lowPercent() < bounds[0], equivalent.interval());
        PairedTest.Interval ci = equivalent.decidingInterval();
        assertEquals(90, ci.level());
        assertTrue(ci.lowPercent() > bounds[0] && ci.highPercent() < bounds[1], ci.text());
        assertEquals("-0.5 %, 90 % CI [-4.2 .. +3.4] (equivalence)", equivalent.deciding());
        PairedTest.Result slower = PairedTest.of(new double[] {-0.2, -0.21, -0.19}, 5);
        assertEquals(95, slower.decidingInterval().level());
        assertTrue(slower.deciding().endsWith("(difference)"), slower.deciding());
        PairedTest.Result undecided = PairedTest.of(new double[] {0.1, -0.05, 0.02}, 5);
        assertEquals(PairedTest.Word.UNDECIDED, undecided.word());
        assertTrue(undecided.deciding().matches("[-+]\\d+\\.\\d %, 95 % CI \\[.*] spans 0 and 90 % CI \\[.*] is not inside ±5 %"),
                undecided.deciding());
    }
}
