package dev.poolbench.bench.compare.stats;

import org.hipparchus.distribution.continuous.NormalDistribution;
import org.hipparchus.distribution.continuous.TDistribution;

/**
 * The arithmetic of {@link PairedTest}'s intervals in the log: their half-widths (Student's t for
 * the measured se, the normal quantile for the known between-sitting sd), the quantiles cached by
 * df, and the rounds after which an interval would be narrow enough to decide.
 */
final class PairedIntervals {

    private static final double Z_975 = new NormalDistribution().inverseCumulativeProbability(0.975);
    private static final double Z_95 = new NormalDistribution().inverseCumulativeProbability(0.95);

    // Quantiles by df, computed once: the estimate of rounds needed and the simulations ask for
    // the same few thousand of them over and over, and each costs an inverse incomplete beta.
    private static final double[] T_975 = new double[PairedTest.MAX_ROUNDS_ESTIMATE + 1];
    private static final double[] T_95 = new double[PairedTest.MAX_ROUNDS_ESTIMATE + 1];

    private PairedIntervals() {
    }

    /**
     * Paired rounds in all after which, if the mean and sd of the log ratios stayed as observed,
     * one of the three decided words would come out: the difference (95 %) or the equivalence
     * (90 % inside the margin), whichever comes first. A between-sitting sd stays whatever the
     * rounds: with it, no number of rounds may do (-1).
     */
    static int roundsNeeded(double mean, double sd, double betweenSdLog, double delta, int n) {
        for (int k = n + 1; k <= PairedTest.MAX_ROUNDS_ESTIMATE; k++) {
            double se = sd / Math.sqrt(k);
            boolean difference = mean != 0 && half(0.975, se, k - 1, betweenSdLog) < Math.abs(mean);
            boolean equivalence = Math.abs(mean) < delta && half(0.95, se, k - 1, betweenSdLog) < delta - Math.abs(mean);
            if (difference || equivalence) {
                return k;
            }
        }
        return -1;
    }

    /** sqrt((t(p, df) * se)^2 + (z(p) * tau)^2): Student's for the estimated se, the normal's for the known tau. */
    static double half(double p, double se, int df, double tau) {
        double within = t(p, df) * se;
        if (tau == 0) {
            return within;
        }
        double z = p == 0.975 ? Z_975 : p == 0.95 ? Z_95 : new NormalDistribution().inverseCumulativeProbability(p);
        return Math.hypot(within, z * tau);
    }

    static double t(double p, int df) {
        double[] cache = p == 0.975 ? T_975 : p == 0.95 ? T_95 : null;
        if (cache == null || df >= cache.length) {
            return new TDistribution(df).inverseCumulativeProbability(p);
        }
        synchronized (cache) {
            if (cache[df] == 0) {
                cache[df] = new TDistribution(df).inverseCumulativeProbability(p);
            }
            return cache[df];
        }
    }
}
