package dev.poolbench.bench.compare.stats;

import java.util.List;
import java.util.Locale;

/**
 * The between-sitting sd (tau) of a pair's log ratio as the kept sittings support it: a base for
 * pairs close together, growing with the size of the difference, {@code tau(d) = sqrt(base^2 +
 * (slope * d)^2)} with d the pair's mean log ratio. Pairs far apart move more from sitting to
 * sitting (nopool's pooled tau over one day was 2 %, the close pairs' under 1 %), so one number
 * for every pair was too wide for the close ones and too narrow for the far ones
 * (docs/validity.md, "Between sittings, per pair").
 *
 * @param baseLog tau of a pair with no difference, in the log
 * @param slope   how much tau grows per unit of |log ratio|
 */
public record BetweenSd(double baseLog, double slope) {

    public static final BetweenSd NONE = new BetweenSd(0, 0);

    public BetweenSd {
        if (!(baseLog >= 0) || !(slope >= 0) || Double.isInfinite(baseLog) || Double.isInfinite(slope)) {
            throw new IllegalArgumentException("between-sitting sd must be >= 0, got " + baseLog + " and slope " + slope);
        }
    }

    /** The same tau for every pair (--between-sitting-sd, or a design measured so). */
    public static BetweenSd constant(double sdLog) {
        return new BetweenSd(sdLog, 0);
    }

    /** tau of a pair whose mean log ratio is {@code meanLog}. */
    public double at(double meanLog) {
        return Double.isNaN(meanLog) ? baseLog : Math.hypot(baseLog, slope * meanLog);
    }

    public boolean any() {
        return baseLog > 0 || slope > 0;
    }

    /** e.g. {@code 0.83 % + 2.9 % of the difference (in the log)}, or {@code 1.33 %}. */
    public String text() {
        return slope > 0 ? String.format(Locale.ROOT, "sqrt(%.2f %%^2 + (%.1f %% of the difference)^2)", 100 * baseLog,
                100 * slope) : String.format(Locale.ROOT, "%.2f %%", 100 * baseLog);
    }

    /** One pair pooled over sittings: its sittings, its pooled mean log ratio and its tau^2. */
    public record PairTau(int k, double meanLog, double tau2) {
    }

    /**
     * The model from pooled pairs: base^2 is the mean tau^2 of the pairs within the margin
     * ({@code marginLog}), weighted by their sittings less one; slope^2 the same mean, over the
     * pairs beyond it, of what their tau^2 exceeds base^2 by, per d^2. No pair beyond the margin:
     * slope 0; no pair within it: base 0.
     */
    public static BetweenSd fit(List<PairTau> pairs, double marginLog) {
        double closeWeight = 0;
        double close = 0;
        for (PairTau p : pairs) {
            if (p.k() >= 2 && Math.abs(p.meanLog()) < marginLog) {
                close += (p.k() - 1) * p.tau2();
                closeWeight += p.k() - 1;
            }
        }
        double base2 = closeWeight == 0 ? 0 : close / closeWeight;
        double farWeight = 0;
        double far = 0;
        for (PairTau p : pairs) {
            if (p.k() >= 2 && Math.abs(p.meanLog()) >= marginLog) {
                far += (p.k() - 1) * Math.max(0, p.tau2() - base2) / (p.meanLog() * p.meanLog());
                farWeight += p.k() - 1;
            }
        }
        return new BetweenSd(Math.sqrt(base2), farWeight == 0 ? 0 : Math.sqrt(far / farWeight));
    }
}
