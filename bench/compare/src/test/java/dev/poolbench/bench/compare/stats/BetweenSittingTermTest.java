package dev.poolbench.bench.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The between-sitting term of {@link PairedTest}: half-width t * sqrt(se^2 + tau^2). */
class BetweenSittingTermTest {

    private static final double[] LOGS = {Math.log(0.990), Math.log(1.000), Math.log(1.005)};

    @Test
    void theTermWidensTheIntervalByTheSquareRootOfTheSumOfVariances() {
        PairedTest.Result within = PairedTest.of(LOGS, 5);
        PairedTest.Result honest = PairedTest.of(LOGS, 5, 0.015);
        double mean = (LOGS[0] + LOGS[1] + LOGS[2]) / 3;
        double se = within.sdLog() / Math.sqrt(3);
        double t = 4.302652729749464;
        assertEquals(100 * Math.expm1(mean - t * Math.sqrt(se * se + 0.015 * 0.015)), honest.lowPercent(), 1e-9);
        assertEquals(100 * Math.expm1(mean + t * Math.sqrt(se * se + 0.015 * 0.015)), honest.highPercent(), 1e-9);
        assertEquals(within.estimatePercent(), honest.estimatePercent(), 1e-12);
        // The within-sitting interval is kept beside it, equal to the interval without the term.
        assertEquals(within.lowPercent(), honest.spread().withinLowPercent(), 1e-9);
        assertEquals(within.highPercent(), honest.spread().withinHighPercent(), 1e-9);
        assertEquals(se, honest.spread().seLog(), 1e-15);
        assertEquals(2, honest.spread().df());
        assertTrue(honest.withBetween());
        assertTrue(!within.withBetween());
        assertEquals(within.interval(), PairedTest.of(LOGS, 5, 0).interval(), "tau 0 is the within-sitting interval");
    }

    @Test
    void aLargeTauTurnsEquivalentIntoUndecided() {
        assertEquals(PairedTest.Word.EQUIVALENT, PairedTest.of(LOGS, 5).word());
        // t(0.95, 2) = 2.92: with tau 2 % the 90 % half-width is about 5.9 %, past the ±5 % margin.
        PairedTest.Result honest = PairedTest.of(LOGS, 5, 0.02);
        assertEquals(PairedTest.Word.UNDECIDED, honest.word());
        // More duets lower t(0.95, k - 1) * sqrt(sd^2 / k + tau^2): at 5, 2.13 * 2.0 % + 0.2 % < 4.9 %.
        assertEquals(5, honest.roundsNeeded());
        // With tau 3 %, even t = 1.645 leaves 1.645 * 3 % + 0.2 % past log(1.05) = 4.88 %: no number of
        // duets in this sitting settles it, and the verdict says so.
        PairedTest.Result never = PairedTest.of(LOGS, 5, 0.03);
        assertEquals(-1, never.roundsNeeded());
        assertTrue(never.verdict().contains("more rounds cannot settle it"), never.verdict());
    }

    @Test
    void aSmallTauKeepsADecidedWordAndChangesTheRoundsNeeded() {
        double[] wide = {Math.log(0.96), Math.log(1.01), Math.log(0.99)};
        PairedTest.Result within = PairedTest.of(wide, 5);
        PairedTest.Result honest = PairedTest.of(wide, 5, 0.005);
        assertEquals(PairedTest.Word.UNDECIDED, within.word());
        assertTrue(honest.roundsNeeded() >= within.roundsNeeded(), within.roundsNeeded() + " -> "
                + honest.roundsNeeded());
        assertEquals(PairedTest.Word.SLOWER, PairedTest.of(new double[] {-0.30, -0.31, -0.29}, 5, 0.02).word(),
                "a large difference stays decided with the term");
    }

    @Test
    void aNegativeTauIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PairedTest.of(LOGS, 5, -0.01));
    }
}
