package dev.poolbench.bench.load.score;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * The ISUCON4 scoring: 100 points per passed page, 2 per checksum-matched asset; successes
 * count passed pages and matched assets, fails count every failed check. The final score is
 * the sum over workers of ceil(worker points / 100). Also counts flows and requests and
 * prints rate-limited {@code type:fail} lines.
 */
public final class Scorer {
    public static final int PAGE_POINTS = 100;
    public static final int ASSET_POINTS = 2;
    /** At most this many {@code type:fail} lines per second (the rest are only counted). */
    private static final int FAIL_LINES_PER_SECOND = 5;

    private final AtomicLongArray workerPoints;
    private final LongAdder success = new LongAdder();
    private final LongAdder fail = new LongAdder();
    private final LongAdder passedPages = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final LongAdder requestsKo = new LongAdder();
    private final LongAdder[] flows = {new LongAdder(), new LongAdder(), new LongAdder()};
    private final ConcurrentHashMap<String, LongAdder> failReasons = new ConcurrentHashMap<>();
    private final LatencyHistogram latency = new LatencyHistogram();
    private final Consumer<String> failOut;
    private long failLineSecond;
    private int failLinesThisSecond;

    /** @param failOut where {@code type:fail} lines go, or null for none */
    public Scorer(int workers, Consumer<String> failOut) {
        this.workerPoints = new AtomicLongArray(workers);
        this.failOut = failOut;
    }

    public void pagePassed(int worker) {
        workerPoints.addAndGet(worker, PAGE_POINTS);
        success.increment();
        passedPages.increment();
    }

    public void assetMatched(int worker) {
        workerPoints.addAndGet(worker, ASSET_POINTS);
        success.increment();
    }

    public void failed(String reason) {
        fail.increment();
        failReasons.computeIfAbsent(reason, r -> new LongAdder()).increment();
        if (failOut != null) {
            printFailLine(reason);
        }
    }

    private synchronized void printFailLine(String reason) {
        long second = System.nanoTime() / 1_000_000_000L;
        if (second != failLineSecond) {
            failLineSecond = second;
            failLinesThisSecond = 0;
        }
        if (failLinesThisSecond++ < FAIL_LINES_PER_SECOND) {
            failOut.accept("type:fail\treason:" + reason.replace('\t', ' ').replace('\n', ' '));
        }
    }

    /** One HTTP request answered or given up after {@code latencyMillis}. */
    public void request(long latencyMillis) {
        requests.increment();
        latency.record(latencyMillis);
    }

    /** One HTTP request whose checks failed or that got no response. */
    public void requestKo() {
        requestsKo.increment();
    }

    public void flow(dev.poolbench.bench.load.model.FlowType type) {
        flows[type.ordinal()].increment();
    }

    public long success() {
        return success.sum();
    }

    public long fail() {
        return fail.sum();
    }

    public long passedPages() {
        return passedPages.sum();
    }

    public long requests() {
        return requests.sum();
    }

    public long requestsKo() {
        return requestsKo.sum();
    }

    public long flows(dev.poolbench.bench.load.model.FlowType type) {
        return flows[type.ordinal()].sum();
    }

    public LatencyHistogram latency() {
        return latency;
    }

    public Map<String, Long> failReasons() {
        Map<String, Long> m = new TreeMap<>();
        failReasons.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    /** Sum over workers of ceil(points / 100). */
    public long score() {
        long s = 0;
        for (int i = 0; i < workerPoints.length(); i++) {
            long p = workerPoints.get(i);
            s += (p + PAGE_POINTS - 1) / PAGE_POINTS;
        }
        return s;
    }
}
