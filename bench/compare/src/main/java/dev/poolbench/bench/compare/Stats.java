package dev.poolbench.bench.compare;

import java.util.List;

/**
 * Descriptive statistics of a sample and the Student t machinery behind the confidence
 * intervals and the Welch test. Self-contained on purpose: the comparison must not depend on a
 * statistics library to explain its verdict.
 */
final class Stats {

    /** Two-sided 95 % quantiles t(0.975, df) for df = 1..30, the textbook table. */
    private static final double[] T_975 = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    private Stats() {
    }

    /** Summary of one sample; sd, ci and cv are NaN when n < 2. */
    record Sample(int n, double mean, double sd, double min, double max,
                  double ciLow, double ciHigh) {

        double cvPercent() {
            return n < 2 || mean == 0 ? Double.NaN : 100.0 * sd / mean;
        }

        boolean hasInterval() {
            return !Double.isNaN(ciLow);
        }

        double ciHalfWidth() {
            return hasInterval() ? (ciHigh - ciLow) / 2 : Double.NaN;
        }
    }

    static Sample describe(List<Double> values) {
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

    /** t(0.975, df): the table for integer df up to 30, the exact quantile beyond. */
    static double t975(double df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be >= 1, got " + df);
        }
        if (df == Math.rint(df) && df <= T_975.length) {
            return T_975[(int) df - 1];
        }
        return tQuantile(0.975, df);
    }

    /** Quantile of Student's t distribution (bisection on the CDF; p in (0.5, 1)). */
    static double tQuantile(double p, double df) {
        if (!(p > 0.5 && p < 1)) {
            throw new IllegalArgumentException("p must be in (0.5, 1), got " + p);
        }
        double lo = 0;
        double hi = 1_000;
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            if (tCdf(mid, df) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** CDF of Student's t distribution with (possibly fractional) df. */
    static double tCdf(double t, double df) {
        double x = df / (df + t * t);
        double tail = 0.5 * regularizedIncompleteBeta(df / 2, 0.5, x);
        return t >= 0 ? 1 - tail : tail;
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
            return new Welch(diff == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, diff),
                    a.n() + b.n() - 2, diff == 0 ? 1 : 0);
        }
        double t = diff / Math.sqrt(va + vb);
        double df = (va + vb) * (va + vb)
                / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        double p = 2 * (1 - tCdf(Math.abs(t), df));
        return new Welch(t, df, Math.max(0, Math.min(1, p)));
    }

    // Regularized incomplete beta I_x(a, b) by Lentz's continued fraction (Numerical Recipes 6.4).
    static double regularizedIncompleteBeta(double a, double b, double x) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b)
                + a * Math.log(x) + b * Math.log(1 - x));
        if (x < (a + 1) / (a + b + 2)) {
            return front * betaContinuedFraction(a, b, x) / a;
        }
        return 1 - front * betaContinuedFraction(b, a, 1 - x) / b;
    }

    private static double betaContinuedFraction(double a, double b, double x) {
        double tiny = 1e-300;
        double qab = a + b;
        double qap = a + 1;
        double qam = a - 1;
        double c = 1;
        double d = 1 - qab * x / qap;
        if (Math.abs(d) < tiny) {
            d = tiny;
        }
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= 300; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
            d = 1 + aa * d;
            d = Math.abs(d) < tiny ? tiny : d;
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
            d = 1 + aa * d;
            d = Math.abs(d) < tiny ? tiny : d;
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < 1e-15) {
                break;
            }
        }
        return h;
    }

    // Lanczos approximation (g = 7, n = 9), accurate to ~15 digits for x > 0.
    private static final double[] LANCZOS = {
        0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012,
        9.9843695780195716e-6, 1.5056327351493116e-7};

    static double logGamma(double x) {
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        x -= 1;
        double sum = LANCZOS[0];
        for (int i = 1; i < LANCZOS.length; i++) {
            sum += LANCZOS[i] / (x + i);
        }
        double t = x + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
