package dev.poolbench.bench.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The between-sitting term of {@link PairedTest}: half-width sqrt((t * se)^2 + (z * tau)^2). */
class BetweenSittingTermTest {

    private static final double[] LOGS = {Math.log(0.990), Math.log(1.000), Math.log(1.005)};

    @Test
    void theTermWidensTheIntervalByTheSquareRootOfTheSumOfVariances() {
        PairedTest.Result within = PairedTest.of(LOGS, 5);
        PairedTest.Result honest = PairedTest.of(LOGS, 5, 0.015);
        double mean = (LOGS[0] + LOGS[1] + LOGS[2]) / 3;
        double se = within.sdLog() / Math.sqrt(3);
        // Student's t for the estimated se (2 df), the normal quantile for the known tau.
        double half = Math.sqrt(Math.pow(4.302652729749464 * se, 2) + Math.pow(1.959963984540054 * 0.015, 2));
        assertEquals(100 * Math.expm1(mean - half), honest.lowPercent(), 1e-9);
        assertEquals(100 * Math.expm1(mean + half), honest.highPercent(), 1e-9);
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
        // tau 2 %: the 90 % half-width sqrt((2.92 * 0.44 %)^2 + (1.645 * 2 %)^2) = 3.5 %, plus the
        // mean's 0.2 %: still inside.
        assertEquals(PairedTest.Word.EQUIVALENT, PairedTest.of(LOGS, 5, 0.02).word());
        // tau 3 %: 5.1 % past log(1.05) = 4.88 %; no number of duets in this sitting brings it under
        // (z * tau alone is 4.93 %), and the verdict says so.
        PairedTest.Result never = PairedTest.of(LOGS, 5, 0.03);
        assertEquals(PairedTest.Word.UNDECIDED, never.word());
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
    void theTermNeverNarrowsAnInterval() {
        // A wide within-sitting interval (3 duets, sd 4 %) and a tau near its se: still wider.
        double[] wide = {Math.log(0.92), Math.log(0.96), Math.log(1.00)};
        for (double tau : new double[] {0.001, 0.01, 0.02, 0.05}) {
            PairedTest.Result w = PairedTest.of(wide, 5);
            PairedTest.Result h = PairedTest.of(wide, 5, tau);
            assertTrue(h.lowPercent() < w.lowPercent() && h.highPercent() > w.highPercent(), tau + ": "
                    + w.interval() + " -> " + h.interval());
        }
    }

    @Test
    void aNegativeTauIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PairedTest.of(LOGS, 5, -0.01));
    }
}
