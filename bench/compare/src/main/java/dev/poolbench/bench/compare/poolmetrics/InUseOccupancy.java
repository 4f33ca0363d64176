package dev.poolbench.bench.compare.poolmetrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * The app's time at each in-use count ({@code inUseNanos} of {@code /actuator/poolhistograms}:
 * index k, the nanoseconds since the app started with exactly k connections in use, counted up
 * to the read). Updated at every borrow and return, so, unlike the once-a-second {@code active}
 * gauge, it misses no peak; the difference of two reads is the window between them exactly.
 *
 * @param nanosAtLevel cumulative nanoseconds at each in-use count, index k
 */
record InUseOccupancy(long[] nanosAtLevel) {

    /** The read in a {@code /actuator/poolhistograms} body; null when absent (an app before it, wrapper off). */
    static InUseOccupancy of(JsonNode histograms) {
        JsonNode levels = histograms == null ? null : histograms.get("inUseNanos");
        if (levels == null || !levels.isArray()) {
            return null;
        }
        long[] nanos = new long[levels.size()];
        for (int k = 0; k < nanos.length; k++) {
            nanos[k] = levels.get(k).asLong();
        }
        return new InUseOccupancy(nanos);
    }

    /**
     * Seconds at each in-use count between {@code earlier} and {@code later}; null when either is
     * missing or the app restarted in between (a level went down).
     */
    static double[] secondsBetween(InUseOccupancy earlier, InUseOccupancy later) {
        if (earlier == null || later == null) {
            return null;
        }
        long[] end = later.nanosAtLevel();
        long[] start = earlier.nanosAtLevel();
        int highest = end.length - 1;
        while (highest > 0 && end[highest] == (highest < start.length ? start[highest] : 0)) {
            highest--;
        }
        double[] seconds = new double[Math.max(0, highest + 1)];
        for (int k = 0; k < seconds.length; k++) {
            long delta = end[k] - (k < start.length ? start[k] : 0);
            if (delta < 0) {
                return null;
            }
            seconds[k] = delta / 1e9;
        }
        return seconds;
    }

    /**
     * Seconds at each in-use count from the first read up to the load's end: the read before the
     * first interval (about a second) with no connection in use at all, which under load does not
     * happen. The sampler starts with the measured window but stops only after the load JVM has
     * ended, and its idle seconds (10 s after a 3-s window in a short run, with a stray borrow or
     * two) would otherwise count as time at 0 and lower every percentile. The last interval kept
     * may still hold up to a second of idle. A run idle from its first interval keeps the whole
     * span. Null when a read lacks the occupancy.
     */
    static double[] secondsUnderLoad(List<InUseOccupancy> reads) {
        if (reads.isEmpty() || reads.stream().anyMatch(java.util.Objects::isNull)) {
            return null;
        }
        int end = 1;
        while (end < reads.size() && inUseBetween(reads.get(end - 1), reads.get(end))) {
            end++;
        }
        // end - 1: the last read before the first idle interval (or the last read of all).
        return secondsBetween(reads.get(0), reads.get(end - 1 == 0 ? reads.size() - 1 : end - 1));
    }

    /** Whether any time between two reads was spent with a connection in use. */
    private static boolean inUseBetween(InUseOccupancy earlier, InUseOccupancy later) {
        long[] start = earlier.nanosAtLevel();
        long[] end = later.nanosAtLevel();
        for (int k = 1; k < end.length; k++) {
            if (end[k] != (k < start.length ? start[k] : 0)) {
                return true;
            }
        }
        return false;
    }

    /** The compact JSON array: seconds to the microsecond, the highest level reached last. */
    static ArrayNode json(double[] seconds) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (double s : seconds) {
            array.add(BigDecimal.valueOf(s).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros());
        }
        return array;
    }
}
