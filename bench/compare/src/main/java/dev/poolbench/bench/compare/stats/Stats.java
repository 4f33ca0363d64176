package dev.poolbench.bench.compare.stats;

import java.util.List;
import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.descriptive.StatisticalSummaryValues;
import org.hipparchus.stat.inference.TTest;

/**
 * Descriptive statistics of a sample, and Student's t distribution (from Hipparchus) behind the
 * confidence intervals, the paired verdict ({@code report.PairedVerdict}) and Welch's test.
 */
public final class Stats {

    private Stats() {
    }

    /** Summary of one sample; sd, ci and cv are NaN when n < 2. */
    public record Sample(int n, double mean, double sd, double min, double max,
                  double ciLow, double ciHigh) {

        public double cvPercent() {
            return n < 2 || mean == 0 ? Double.NaN : 100.0 * sd / mean;
        }

        public boolean hasInterval() {
            return !Double.isNaN(ciLow);
        }

        public double ciHalfWidth() {
            return hasInterval() ? (ciHigh - ciLow) / 2 : Double.NaN;
        }
    }

    public static Sample describe(List<Double> values) {
        int n = values.size();
        if (n == 0) {
            return new Sample(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        double mean = sum / n;
        if (n < 2) {
            return new Sample(1, mean, Double.NaN, min, max, Double.NaN, Double.NaN);
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(squares / (n - 1));
        double half = t975(n - 1) * sd / Math.sqrt(n);
        return new Sample(n, mean, sd, min, max, mean - half, mean + half);
    }

    /** t(0.975, df), the two-sided 95 % quantile. */
    static double t975(double df) {
        return tQuantile(0.975, df);
    }

    /** Quantile of Student's t distribution, p in (0.5, 1). */
    static double tQuantile(double p, double df) {
        if (!(p > 0.5 && p < 1)) {
            throw new IllegalArgumentException("p must be in (0.5, 1), got " + p);
        }
        if (!(df >= 1)) {
            throw new IllegalArgumentException("degrees of freedom must be >= 1, got " + df);
        }
        return new TDistribution(df).inverseCumulativeProbability(p);
    }

    /** CDF of Student's t distribution with (possibly fractional) df. */
    static double tCdf(double t, double df) {
        return new TDistribution(df).cumulativeProbability(t);
    }

    /** Result of Welch's unequal-variances t-test. */
    record Welch(double t, double df, double pTwoSided) {
    }

    /**
     * Welch's t-test of two samples given as (mean, sd, n). Needs n >= 2 on both sides; with
     * zero variance on both sides the p-value is 0 for different means and 1 for equal ones.
     */
    static Welch welch(Sample a, Sample b) {
        if (a.n() < 2 || b.n() < 2) {
            throw new IllegalArgumentException("Welch's test needs at least 2 values per sample");
        }
        double va = a.sd() * a.sd() / a.n();
        double vb = b.sd() * b.sd() / b.n();
        double diff = a.mean() - b.mean();
        if (va + vb == 0) {
            // The library divides by the standard error; the limit is plain.
            return new Welch(diff == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, diff),
                    a.n() + b.n() - 2, diff == 0 ? 1 : 0);
        }
        TTest test = new TTest();
        var sa = summary(a);
        var sb = summary(b);
        double df = (va + vb) * (va + vb)
                / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        return new Welch(test.t(sa, sb), df, test.tTest(sa, sb));
    }

    private static StatisticalSummaryValues summary(Sample s) {
        return new StatisticalSummaryValues(s.mean(), s.sd() * s.sd(), s.n(), s.max(), s.min(),
                s.mean() * s.n());
    }
}
