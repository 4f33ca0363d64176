package dev.poolbench.bench.compare.stats;

/**
 * The random-effects model of several sittings of one comparison (docs/validity.md, "Intervals
 * across sittings"): sitting i measures the log ratio {@code y_i = mu + u_i + e_i}, with
 * {@code u_i ~ N(0, tau^2)} the sitting's own shift (the build, the host's state, the data on
 * disk that day) and {@code e_i ~ N(0, v_i)} its within-sitting noise, {@code v_i} its squared
 * standard error from its duets. The pooled estimate weighs each sitting by
 * {@code 1 / (v_i + tau^2)}.
 *
 * <p>tau^2 by Paule-Mandel: the tau^2 at which the generalised Q statistic equals its expectation
 * k - 1. Chosen over DerSimonian-Laird (also given, for comparison and because it has published
 * textbook results to test against) because DL is a moment estimator weighted by {@code 1/v_i}
 * alone: a sitting whose three duets happened to agree gets a tiny v_i, dominates the weights and
 * pulls tau^2 down; PM is recommended over DL for small k (Veroniki et al. 2016, Res. Synth.
 * Methods 7:55; Langan et al. 2019). REML would need the normality of the v_i that three duets
 * cannot check; PM needs no more than DL.
 *
 * <p>The pooled interval is Hartung-Knapp(-Sidik-Jonkman): the weighted residual variance of the
 * sittings about mu scales the standard error (never below 1: the modified form), and the quantile
 * is t with k - 1 df. With 3 to 5
 * sittings the normal interval of DL is far too narrow (its coverage falls well under 95 %
 * when tau^2 is estimated from so few); HK keeps close to nominal (IntHout et al. 2014, BMC Med.
 * Res. Methodol. 14:25).
 */
public final class RandomEffects {

    /**
     * @param estimate log ratio mu
     * @param tau2     between-sitting variance (of the log ratio)
     * @param q        Cochran's Q at the fixed-effect weights
     * @param se       Hartung-Knapp standard error of mu
     * @param low      lower end of mu's 95 % interval (t, k - 1 df), in the log
     */
    public record Pooled(int k, double estimate, double tau2, double q, double se, double low, double high) {

        public double tau() {
            return Math.sqrt(tau2);
        }

        /** Half the 90 % interval of mu (Hartung-Knapp, t with k - 1 df): the equivalence test's. */
        public double half90() {
            return Stats.tQuantile(0.95, k - 1) * se;
        }

        /**
         * The word the sittings pooled say, by the verdict's own rule ({@link PairedTest#word}) on
         * the pooled intervals: every sitting's variance and the between-sitting sd are in them.
         */
        public PairedTest.Word word(double marginPercent) {
            return PairedTest.word(estimate, high - estimate, half90(), marginPercent);
        }
    }

    private RandomEffects() {
    }

    /** Paule-Mandel tau^2 and the pooled estimate (the model of the {@code sittings} command). */
    public static Pooled pauleMandel(double[] y, double[] v) {
        check(y, v);
        return pooled(y, v, pauleMandelTau2(y, v));
    }

    /** DerSimonian-Laird tau^2 and the pooled estimate. */
    public static Pooled derSimonianLaird(double[] y, double[] v) {
        check(y, v);
        double[] w = weights(v, 0);
        double sw = sum(w);
        double sw2 = 0;
        for (double wi : w) {
            sw2 += wi * wi;
        }
        double q = generalisedQ(y, v, 0);
        double tau2 = Math.max(0, (q - (y.length - 1)) / (sw - sw2 / sw));
        return pooled(y, v, tau2);
    }

    /**
     * The root of {@code Q(tau^2) = k - 1}; Q falls as tau^2 grows, so bisection finds it; 0 when
     * Q at 0 is already at most k - 1 (no heterogeneity beyond the within-sitting noise).
     */
    static double pauleMandelTau2(double[] y, double[] v) {
        int df = y.length - 1;
        if (generalisedQ(y, v, 0) <= df) {
            return 0;
        }
        double low = 0;
        double high = Math.max(variance(y), 1e-12);
        while (generalisedQ(y, v, high) > df) {
            high *= 2;
        }
        for (int i = 0; i < 200 && high - low > 1e-15 * Math.max(1, high); i++) {
            double mid = (low + high) / 2;
            if (generalisedQ(y, v, mid) > df) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return (low + high) / 2;
    }

    /** {@code sum w_i (y_i - mu_w)^2} with {@code w_i = 1 / (v_i + tau^2)}. */
    static double generalisedQ(double[] y, double[] v, double tau2) {
        double[] w = weights(v, tau2);
        double mu = weightedMean(y, w);
        double q = 0;
        for (int i = 0; i < y.length; i++) {
            q += w[i] * (y[i] - mu) * (y[i] - mu);
        }
        return q;
    }

    private static Pooled pooled(double[] y, double[] v, double tau2) {
        int k = y.length;
        double[] w = weights(v, tau2);
        double mu = weightedMean(y, w);
        double residual = 0;
        for (int i = 0; i < k; i++) {
            residual += w[i] * (y[i] - mu) * (y[i] - mu);
        }
        // Hartung-Knapp's scale, floored at 1 (the modification of Roever, Knapp and Friede 2015, BMC
        // Med. Res. Methodol. 15:99): sittings that agree by chance, closer than their own noise
        // says they should, would otherwise shrink the pooled interval below the fixed-effect one
        // (two dbcp2 sittings at -1.0 % and -1.0 % gave [-1.1 .. -0.9] from six noisy duets).
        double scale = Math.max(1, residual / (k - 1));
        double se = Math.sqrt(scale / sum(w));
        double half = Stats.tQuantile(0.975, k - 1) * se;
        return new Pooled(k, mu, tau2, generalisedQ(y, v, 0), se, mu - half, mu + half);
    }

    private static void check(double[] y, double[] v) {
        if (y.length != v.length) {
            throw new IllegalArgumentException("estimates and variances differ in number: " + y.length + " and "
                    + v.length);
        }
        if (y.length < 2) {
            throw new IllegalArgumentException("pooling needs at least 2 sittings, got " + y.length);
        }
        for (int i = 0; i < y.length; i++) {
            if (!(v[i] > 0) || Double.isNaN(y[i]) || Double.isInfinite(v[i])) {
                throw new IllegalArgumentException("sitting " + (i + 1) + " has no usable estimate and variance ("
                        + y[i] + ", " + v[i] + ")");
            }
        }
    }

    private static double[] weights(double[] v, double tau2) {
        double[] w = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            w[i] = 1 / (v[i] + tau2);
        }
        return w;
    }

    private static double weightedMean(double[] y, double[] w) {
        double s = 0;
        for (int i = 0; i < y.length; i++) {
            s += w[i] * y[i];
        }
        return s / sum(w);
    }

    private static double sum(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return s;
    }

    private static double variance(double[] y) {
        double mean = sum(y) / y.length;
        double s = 0;
        for (double x : y) {
            s += (x - mean) * (x - mean);
        }
        return s / (y.length - 1);
    }
}
