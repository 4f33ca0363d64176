package dev.poolbench.bench.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RandomEffectsTest {

    /**
     * The BCG vaccine trials (Colditz et al. 1994; metafor's dat.bcg): treated positive, treated
     * negative, control positive, control negative of 13 trials.
     */
    private static final int[][] BCG = {
        {4, 119, 11, 128}, {6, 300, 29, 274}, {3, 228, 11, 209}, {62, 13536, 248, 12619},
        {33, 5036, 47, 5761}, {180, 1361, 372, 1079}, {8, 2537, 10, 619}, {505, 87886, 499, 87892},
        {29, 7470, 45, 7232}, {17, 1699, 65, 1600}, {186, 50448, 141, 27197}, {5, 2493, 3, 2338},
        {27, 16886, 29, 17825}};

    /** Log relative risks and their sampling variances, as metafor's escalc(measure = "RR"). */
    private static double[][] bcg() {
        double[] y = new double[BCG.length];
        double[] v = new double[BCG.length];
        for (int i = 0; i < BCG.length; i++) {
            double tpos = BCG[i][0];
            double tn = tpos + BCG[i][1];
            double cpos = BCG[i][2];
            double cn = cpos + BCG[i][3];
            y[i] = Math.log((tpos / tn) / (cpos / cn));
            v[i] = 1 / tpos - 1 / tn + 1 / cpos - 1 / cn;
        }
        return new double[][] {y, v};
    }

    @Test
    void derSimonianLairdMatchesThePublishedBcgAnalysis() {
        // metafor: rma(yi, vi, data = dat.bcg, method = "DL"): Q(df = 12) = 152.2330,
        // tau^2 = 0.3088, estimate -0.7141 (Viechtbauer 2010, J. Stat. Softw. 36(3)).
        double[][] d = bcg();
        RandomEffects.Pooled p = RandomEffects.derSimonianLaird(d[0], d[1]);
        assertEquals(152.2330, p.q(), 5e-4);
        assertEquals(0.3088, p.tau2(), 5e-5);
        assertEquals(-0.7141, p.estimate(), 5e-5);
        assertEquals(13, p.k());
    }

    @Test
    void pauleMandelSolvesQEqualsItsExpectation() {
        double[][] d = bcg();
        RandomEffects.Pooled p = RandomEffects.pauleMandel(d[0], d[1]);
        // The defining equation, evaluated here by its own sum.
        double[] w = new double[d[0].length];
        double sw = 0;
        double swy = 0;
        for (int i = 0; i < w.length; i++) {
            w[i] = 1 / (d[1][i] + p.tau2());
            sw += w[i];
            swy += w[i] * d[0][i];
        }
        double mu = swy / sw;
        double q = 0;
        for (int i = 0; i < w.length; i++) {
            q += w[i] * (d[0][i] - mu) * (d[0][i] - mu);
        }
        assertEquals(12, q, 1e-6);
        assertEquals(mu, p.estimate(), 1e-9);
        assertTrue(p.tau2() > 0.25 && p.tau2() < 0.40, "PM tau^2 " + p.tau2());
    }

    @Test
    void hartungKnappIntervalUsesTWithKMinusOneDf() {
        // Three sittings, equal variances: the weights are equal, mu is the plain mean, and the
        // HK variance is sum (y - mu)^2 / ((k - 1) k) whatever tau^2 is.
        double[] y = {0.01, 0.03, 0.05};
        double[] v = {1e-4, 1e-4, 1e-4};
        RandomEffects.Pooled p = RandomEffects.pauleMandel(y, v);
        assertEquals(0.03, p.estimate(), 1e-12);
        double se = Math.sqrt((0.0004 + 0 + 0.0004) / (2 * 3));
        assertEquals(se, p.se(), 1e-12);
        assertEquals(0.03 - 4.302652729749464 * se, p.low(), 1e-9);
        assertEquals(0.03 + 4.302652729749464 * se, p.high(), 1e-9);
        // Sample variance of y 4e-4 = tau^2 + v exactly when Q = k - 1: tau^2 = 3e-4.
        assertEquals(3e-4, p.tau2(), 1e-9);
    }

    @Test
    void noHeterogeneityGivesTauZero() {
        double[] y = {0.010, 0.011, 0.009};
        double[] v = {1e-4, 1e-4, 1e-4};
        assertEquals(0, RandomEffects.pauleMandel(y, v).tau2());
        assertEquals(0, RandomEffects.derSimonianLaird(y, v).tau2());
    }

    @Test
    void oneSittingIsNotEnough() {
        assertThrows(IllegalArgumentException.class,
                () -> RandomEffects.pauleMandel(new double[] {0.1}, new double[] {0.01}));
        assertThrows(IllegalArgumentException.class,
                () -> RandomEffects.pauleMandel(new double[] {0.1, 0.2}, new double[] {0.01, 0}));
    }

    @Test
    void sittingsThatAgreeByChanceDoNotShrinkTheIntervalBelowTheirOwnNoise() {
        // Two sittings at the same -1 %, each with se 2 %: unmodified Hartung-Knapp would scale the
        // se by their residual, 0, and give a zero-width interval; floored at 1 it is the
        // fixed-effect se, sqrt(1 / (2 / 0.0004)) = 1.41 %, times t(0.975, 1) = 12.71.
        RandomEffects.Pooled p = RandomEffects.pauleMandel(new double[] {-0.01, -0.01}, new double[] {0.0004, 0.0004});
        assertEquals(0, p.tau2());
        assertEquals(Math.sqrt(0.0002), p.se(), 1e-12);
        assertEquals(12.7062 * Math.sqrt(0.0002), p.high() - p.estimate(), 1e-4);
        assertEquals(PairedTest.Word.UNDECIDED, p.word(5), "two sittings of noisy duets decide nothing");
    }
}
