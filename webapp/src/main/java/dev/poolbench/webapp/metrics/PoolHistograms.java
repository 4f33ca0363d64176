package dev.poolbench.webapp.metrics;

import java.nio.ByteBuffer;
import java.util.Base64;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Every acquire and hold time since the app started, in nanoseconds, 3 significant digits
 * (HdrHistogram). Cumulative, so any reader can take the difference of two reads, and
 * mergeable: the comparison runner subtracts the start of a run from its end and adds runs up.
 * {@link ConcurrentHistogram} records wait-free, the same for every borrowing thread.
 */
final class PoolHistograms {

    private final Histogram acquire = new ConcurrentHistogram(3);
    private final Histogram hold = new ConcurrentHistogram(3);

    void recordAcquire(long nanos) {
        acquire.recordValue(Math.max(0, nanos));
    }

    void recordHold(long nanos) {
        hold.recordValue(Math.max(0, nanos));
    }

    String acquireEncoded() {
        return encode(acquire);
    }

    String holdEncoded() {
        return encode(hold);
    }

    long acquireCount() {
        return acquire.getTotalCount();
    }

    long holdCount() {
        return hold.getTotalCount();
    }

    /** HdrHistogram's compressed form, base64: what {@code Histogram.decodeFromCompressedByteBuffer} reads. */
    private static String encode(Histogram h) {
        Histogram copy = h.copy();
        ByteBuffer buffer = ByteBuffer.allocate(copy.getNeededByteBufferCapacity());
        int length = copy.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }
}
