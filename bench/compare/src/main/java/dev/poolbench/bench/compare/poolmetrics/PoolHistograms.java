package dev.poolbench.bench.compare.poolmetrics;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.load.score.LatencyHistogram;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The app's acquire and hold histograms ({@code /actuator/poolhistograms}: HdrHistogram,
 * nanoseconds, cumulative since the app started). The difference of two reads is exactly what
 * happened in between; runs add up ({@link #merged}), so percentiles over several runs are
 * those of all their borrows, not a mean of per-run percentiles.
 */
final class PoolHistograms {

    private PoolHistograms() {
    }

    /** The encoded histogram, or null when absent or unreadable (an app without the endpoint). */
    static Histogram decode(JsonNode encoded) {
        if (encoded == null || !encoded.isTextual()) {
            return null;
        }
        try {
            return LatencyHistogram.decode(encoded.asText());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static String encode(Histogram h) {
        return LatencyHistogram.encode(h);
    }

    /**
     * What was recorded after {@code earlier}; {@code later} itself when there is no earlier read
     * or the app restarted in between (its counts went down). Null when {@code later} is.
     */
    static Histogram minus(Histogram later, Histogram earlier) {
        if (later == null) {
            return null;
        }
        Histogram delta = later.copy();
        if (earlier != null) {
            try {
                delta.subtract(earlier);
            } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
                return later.copy();
            }
        }
        return delta;
    }

    /** p50, p99, p99.9 and max in milliseconds; NONE when nothing was recorded. */
    static PoolMetricsSummary.Percentiles percentiles(Histogram h) {
        if (h == null || h.getTotalCount() == 0) {
            return PoolMetricsSummary.Percentiles.NONE;
        }
        return new PoolMetricsSummary.Percentiles(h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6,
                h.getValueAtPercentile(99.9) / 1e6, h.getMaxValue() / 1e6);
    }

    /** The sum of the runs' {@code poolMetrics.<field>} histograms; null when a run has none. */
    static Histogram merged(List<JsonNode> runRecords, String field) {
        Histogram sum = null;
        for (JsonNode r : runRecords) {
            Histogram h = decode(r.path("poolMetrics").get(field));
            if (h == null) {
                return null;
            }
            if (sum == null) {
                sum = new Histogram(h.getNumberOfSignificantValueDigits());
                sum.setAutoResize(true);
            }
            sum.add(h);
        }
        return sum;
    }
}
