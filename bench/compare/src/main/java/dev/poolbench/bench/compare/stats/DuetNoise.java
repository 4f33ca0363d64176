package dev.poolbench.bench.compare.stats;

import java.util.List;

/**
 * The sd of one duet's log ratio as measured for a design (shared-host or isolated duets, solo
 * rounds) over the kept sittings, with its degrees of freedom: what the prediction of the rounds
 * a pair still needs starts from. Three duets give a pair's own sd on 2 df, so the prediction
 * from it alone swung from "about 11 more" to "about 25 more" between two rounds of one pair
 * (2026-11-28); pooled with the design's, on tens of df, it holds still.
 *
 * @param sdLog the sd of one duet's log ratio, NaN when not measured
 * @param df    its degrees of freedom (0 when not measured)
 */
public record DuetNoise(double sdLog, int df) {

    /** Not measured: a pair's prediction uses its own sd alone. */
    public static final DuetNoise NONE = new DuetNoise(Double.NaN, 0);

    /** One pair in one sitting: {@code n} duets whose mean has the standard error {@code se} (sd / sqrt(n)). */
    public record Sample(int n, double se) {
    }

    /**
     * The pooled within-sitting sd of the samples: sqrt(sum (n - 1) sd^2 / sum (n - 1)), each
     * sd = se * sqrt(n); samples with fewer than 2 duets or no se are left out.
     */
    public static DuetNoise pool(List<Sample> samples) {
        double squares = 0;
        int df = 0;
        for (Sample s : samples) {
            if (s.n() >= 2 && s.se() > 0 && Double.isFinite(s.se())) {
                squares += (s.n() - 1) * s.se() * s.se() * s.n();
                df += s.n() - 1;
            }
        }
        return df == 0 ? NONE : new DuetNoise(Math.sqrt(squares / df), df);
    }

    public boolean measured() {
        return df > 0 && sdLog > 0;
    }

    /**
     * A pair's own sd ({@code ownSdLog} from {@code n} duets) pooled with this one, each by its
     * degrees of freedom; the pair's own alone when this one is not measured.
     */
    public double pooledWith(double ownSdLog, int n) {
        int ownDf = Double.isFinite(ownSdLog) ? Math.max(0, n - 1) : 0;
        if (!measured()) {
            return ownSdLog;
        }
        return Math.sqrt((ownDf * ownSdLog * ownSdLog + df * sdLog * sdLog) / (ownDf + df));
    }

    /** The sd in percent, e.g. 2.75. */
    public double sdPercent() {
        return 100 * sdLog;
    }
}
