package dev.poolbench.bench.compare.poolmetrics;

import java.util.Arrays;

/**
 * A cumulative Prometheus histogram at one scrape: bucket upper bounds (seconds, ascending,
 * the last one +Inf) and cumulative counts. The difference of two scrapes is the histogram of
 * what happened in between, so run-level and per-second percentiles come from the same data.
 */
record Histogram(double[] upperBounds, double[] cumulativeCounts, double count, double sumSeconds) {

    static final Histogram EMPTY = new Histogram(new double[0], new double[0], 0, 0);

    boolean isEmpty() {
        return upperBounds.length == 0;
    }

    /** What was recorded after {@code earlier} (same buckets; an app restart shows as negative, clamped). */
    Histogram minus(Histogram earlier) {
        if (earlier == null || earlier.isEmpty() || !Arrays.equals(earlier.upperBounds, upperBounds)) {
            return this;
        }
        double[] counts = new double[cumulativeCounts.length];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = Math.max(0, cumulativeCounts[i] - earlier.cumulativeCounts[i]);
        }
        return new Histogram(upperBounds, counts, Math.max(0, count - earlier.count),
                Math.max(0, sumSeconds - earlier.sumSeconds));
    }

    /**
     * The q-quantile in seconds, interpolated linearly inside its bucket (like PromQL's
     * {@code histogram_quantile}); NaN when nothing was recorded. Precision is the bucket width
     * (Micrometer's percentile buckets: a few per power of two).
     */
    double quantileSeconds(double q) {
        if (isEmpty()) {
            return Double.NaN;
        }
        double total = cumulativeCounts[cumulativeCounts.length - 1];
        if (total <= 0) {
            return Double.NaN;
        }
        double rank = q * total;
        for (int i = 0; i < upperBounds.length; i++) {
            if (cumulativeCounts[i] >= rank) {
                double upper = upperBounds[i];
                double lower = i == 0 ? 0 : upperBounds[i - 1];
                if (Double.isInfinite(upper)) {
                    return lower;
                }
                double below = i == 0 ? 0 : cumulativeCounts[i - 1];
                double inBucket = cumulativeCounts[i] - below;
                return inBucket <= 0 ? upper : lower + (upper - lower) * (rank - below) / inBucket;
            }
        }
        return upperBounds[upperBounds.length - 1];
    }

    /** Upper bound of the highest bucket that holds a value: the true maximum is at most this. */
    double highestValueBoundSeconds() {
        if (isEmpty()) {
            return Double.NaN;
        }
        double total = cumulativeCounts[cumulativeCounts.length - 1];
        if (total <= 0) {
            return Double.NaN;
        }
        for (int i = 0; i < upperBounds.length; i++) {
            if (cumulativeCounts[i] >= total) {
                return upperBounds[i];
            }
        }
        return Double.POSITIVE_INFINITY;
    }
}
