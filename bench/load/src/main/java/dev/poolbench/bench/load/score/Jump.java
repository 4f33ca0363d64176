package dev.poolbench.bench.load.score;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The load jump ({@code --jump-workload}): extra workers join at second {@code atSeconds} of the
 * run and leave {@code seconds} later (the fault scenario storm). Keeps the latency of the page
 * requests (GET /, POST /login and their redirects: the ones that may use the database; not the
 * static assets) of the seconds before the jump and of the jump itself, by the time each ended,
 * so result.json tells what the jump did to the p99; second 1 (the load's ramp) is left out of
 * "before".
 */
public final class Jump {
    private static final long SECOND = 1_000_000_000L;

    private final int atSeconds;
    private final int seconds;
    private final int workload;
    private final LatencyHistogram before = new LatencyHistogram();
    private final LatencyHistogram during = new LatencyHistogram();
    private final AtomicInteger joined = new AtomicInteger();
    private final LongAdder flows = new LongAdder();
    private volatile long startNanos;

    public Jump(int atSeconds, int seconds, int workload) {
        this.atSeconds = atSeconds;
        this.seconds = seconds;
        this.workload = workload;
    }

    void start(long nanos) {
        startNanos = nanos;
    }

    /** Nanoseconds from now until the jump's start (0 once it has started). */
    public long untilStartNanos(long now) {
        return Math.max(0, startNanos + atSeconds * SECOND - now);
    }

    /** Whether the jump is on at {@code now}: its workers go on with a new flow only then. */
    public boolean on(long now) {
        long t = now - startNanos;
        return t >= atSeconds * SECOND && t < (atSeconds + (long) seconds) * SECOND;
    }

    /** Whether the jump has ended at {@code now}: its workers start no new flow. */
    public boolean over(long now) {
        return now - startNanos >= (atSeconds + (long) seconds) * SECOND;
    }

    /** A worker of the jump started its first flow. */
    public void joined() {
        joined.incrementAndGet();
    }

    /** A worker of the jump finished a flow. */
    public void flowDone() {
        flows.increment();
    }

    /** A page request that ended now after {@code latencyMillis}. */
    public void page(long latencyMillis) {
        long start = startNanos;
        if (start == 0) {
            return;
        }
        long now = System.nanoTime();
        long t = now - start;
        if (t >= SECOND && t < atSeconds * SECOND) {
            before.record(latencyMillis);
        } else if (on(now)) {
            during.record(latencyMillis);
        }
    }

    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("atSeconds", atSeconds);
        m.put("seconds", seconds);
        m.put("workload", workload);
        m.put("workersJoined", joined.get());
        m.put("flows", flows.sum());
        m.put("pageLatencyBeforeMillis", window(before));
        m.put("pageLatencyDuringMillis", window(during));
        return m;
    }

    private static Map<String, Object> window(LatencyHistogram h) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", h.count());
        m.put("p50", h.percentile(0.50));
        m.put("p99", h.percentile(0.99));
        m.put("max", h.count() == 0 ? 0 : h.percentile(1.0));
        return m;
    }
}
