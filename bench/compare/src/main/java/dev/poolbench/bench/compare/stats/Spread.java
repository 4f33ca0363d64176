package dev.poolbench.bench.compare.stats;

/**
 * What a paired interval is made of, in the log: the mean log ratio, its within-sitting standard
 * error (sd / sqrt(n)) with its degrees of freedom (n - 1), the between-sitting sd added to it
 * (0: within-sitting only; {@link BetweenSd#at} of the pair's mean when it grows with the
 * difference). se is NaN when n < 2 (mean: NaN when n = 0).
 */
public record Spread(double meanLog, double seLog, int df, double betweenSdLog) {

    static final Spread NONE = new Spread(Double.NaN, Double.NaN, 0, 0);

    /** The half-width of the 95 % interval in the log: sqrt((t * se)^2 + (z * tau)^2). */
    public double half95Log() {
        return PairedTest.half95(seLog, df, betweenSdLog);
    }

    public double withinLowPercent() {
        return PairedTest.percent(meanLog - PairedIntervals.t(0.975, df) * seLog);
    }

    public double withinHighPercent() {
        return PairedTest.percent(meanLog + PairedIntervals.t(0.975, df) * seLog);
    }
}
