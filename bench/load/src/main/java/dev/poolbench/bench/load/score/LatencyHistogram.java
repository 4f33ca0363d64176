package dev.poolbench.bench.load.score;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.zip.DataFormatException;

/**
 * Request latency in milliseconds, an HdrHistogram (3 significant digits: exact up to 2 s, within
 * 0.1 % above, up to 1 h). Recording is lock-free. The histogram travels in result.json
 * ({@code latencyMillis.histogram}, HdrHistogram's compressed encoding in Base64) so that
 * {@code merge} adds the hosts' histograms and reports exact merged percentiles.
 */
public final class LatencyHistogram {
    private static final long HIGHEST_MILLIS = 3_600_000;
    private static final int DIGITS = 3;

    private final AtomicHistogram histogram = new AtomicHistogram(1, HIGHEST_MILLIS, DIGITS);
    /** Exact sum, for an exact mean (the histogram's own mean is bucketed). */
    private final LongAdder sum = new LongAdder();

    public void record(long millis) {
        long m = Math.min(Math.max(0, millis), HIGHEST_MILLIS);
        histogram.recordValue(m);
        sum.add(m);
    }

    public long count() {
        return histogram.getTotalCount();
    }

    /** Millis at or below which the fraction q of the requests fall. */
    public long percentile(double q) {
        return percentile(histogram, q);
    }

    static long percentile(AbstractHistogram h, double q) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(q * 100);
    }

    public Map<String, Object> summary() {
        long n = count();
        return summary(histogram, n == 0 ? 0.0 : sum.sum() / (double) n);
    }

    /** mean, p50, p90, p99, p999, max and the encoded histogram. */
    public static Map<String, Object> summary(AbstractHistogram h, double mean) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mean", Math.round(mean * 100) / 100.0);
        m.put("p50", percentile(h, 0.50));
        m.put("p90", percentile(h, 0.90));
        m.put("p99", percentile(h, 0.99));
        m.put("p999", percentile(h, 0.999));
        m.put("max", h.getTotalCount() == 0 ? 0 : h.getMaxValue());
        m.put("histogram", encode(h));
        return m;
    }

    public static String encode(AbstractHistogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int len = h.encodeIntoCompressedByteBuffer(buf);
        byte[] out = new byte[len];
        buf.flip();
        buf.get(out);
        return Base64.getEncoder().encodeToString(out);
    }

    /** The histogram of {@link #encode}; IllegalArgumentException when the text is not one. */
    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded latency histogram: " + e.getMessage(), e);
        }
    }
}
