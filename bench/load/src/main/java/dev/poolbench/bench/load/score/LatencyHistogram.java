package dev.poolbench.bench.load.score;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * Request latency at 1 ms resolution up to 60 s (one counter per millisecond, exact and
 * lock-free: recording is a single array increment on the hot path).
 */
public final class LatencyHistogram {
    private static final int MAX_MILLIS = 60_000;

    private final AtomicLongArray counts = new AtomicLongArray(MAX_MILLIS + 1);
    private final LongAdder sum = new LongAdder();
    private final LongAdder count = new LongAdder();
    private final AtomicLong max = new AtomicLong();

    public void record(long millis) {
        long m = Math.max(0, millis);
        counts.incrementAndGet((int) Math.min(m, MAX_MILLIS));
        sum.add(m);
        count.increment();
        long cur;
        while (m > (cur = max.get()) && !max.compareAndSet(cur, m)) {
            // retry
        }
    }

    public long count() {
        return count.sum();
    }

    /** Millis at or below which the fraction q of the requests fall (nearest rank). */
    public long percentile(double q) {
        long n = count.sum();
        if (n == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(q * n));
        long seen = 0;
        for (int i = 0; i <= MAX_MILLIS; i++) {
            seen += counts.get(i);
            if (seen >= rank) {
                return i == MAX_MILLIS ? max.get() : i;
            }
        }
        return max.get();
    }

    public Map<String, Object> summary() {
        long n = count.sum();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mean", n == 0 ? 0.0 : Math.round(sum.sum() * 100.0 / n) / 100.0);
        m.put("p50", percentile(0.50));
        m.put("p90", percentile(0.90));
        m.put("p99", percentile(0.99));
        m.put("p999", percentile(0.999));
        m.put("max", max.get());
        return m;
    }
}
