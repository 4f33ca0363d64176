package dev.poolbench.bench.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The between-sitting sd growing with the difference: its fit over pooled pairs, and a pair's interval with it. */
class BetweenSdTest {

    private static final double MARGIN_LOG = Math.log1p(0.05);

    @Test
    void theBaseComesFromTheClosePairsAndTheSlopeFromTheFarOnes() {
        // Close: tau 0.8 % (6 sittings) and 0.6 % (11); far: tau 2 % at d = -0.5 (11 sittings).
        List<BetweenSd.PairTau> pairs = List.of(new BetweenSd.PairTau(6, -0.02, 0.008 * 0.008),
                new BetweenSd.PairTau(11, 0.01, 0.006 * 0.006), new BetweenSd.PairTau(11, -0.5, 0.02 * 0.02));
        BetweenSd fit = BetweenSd.fit(pairs, MARGIN_LOG);
        double base2 = (5 * 0.008 * 0.008 + 10 * 0.006 * 0.006) / 15;
        assertEquals(Math.sqrt(base2), fit.baseLog(), 1e-12);
        assertEquals(Math.sqrt((0.0004 - base2) / 0.25), fit.slope(), 1e-12);
        assertEquals(0.02, fit.at(-0.5), 1e-12, "the far pair gets its own tau back");
        assertEquals(fit.baseLog(), fit.at(0), 1e-12);
    }

    @Test
    void withoutFarPairsTauIsOneNumber() {
        BetweenSd fit = BetweenSd.fit(List.of(new BetweenSd.PairTau(5, 0.0, 1e-4)), MARGIN_LOG);
        assertEquals(0, fit.slope());
        assertEquals(0.01, fit.at(-0.4), 1e-12);
        assertEquals(BetweenSd.NONE, BetweenSd.fit(List.of(), MARGIN_LOG));
    }

    @Test
    void aFarPairsIntervalWidensWithItsDifference() {
        double[] far = {Math.log(0.56), Math.log(0.57), Math.log(0.58)};
        BetweenSd model = new BetweenSd(0.008, 0.04);
        PairedTest.Result grown = PairedTest.of(far, 5, model);
        PairedTest.Result flat = PairedTest.of(far, 5, BetweenSd.constant(0.008));
        assertTrue(grown.highPercent() - grown.lowPercent() > flat.highPercent() - flat.lowPercent(),
                grown.interval() + " against " + flat.interval());
        assertEquals(model.at(Math.log(0.57) + (Math.log(0.56) + Math.log(0.58) - 2 * Math.log(0.57)) / 3),
                grown.spread().betweenSdLog(), 1e-12, "the pair's own tau is recorded");
    }

    @Test
    void aNegativeTermIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new BetweenSd(-0.01, 0));
        assertThrows(IllegalArgumentException.class, () -> new BetweenSd(0.01, Double.NaN));
    }
}
