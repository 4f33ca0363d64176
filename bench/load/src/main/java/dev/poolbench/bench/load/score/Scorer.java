package dev.poolbench.bench.load.score;

import java.util.LinkedHashMap;
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
    private final PerSecond perSecond;
    private final long[] thresholds;
    private final LongAdder[] overThreshold;
    private final LongAdder loginsDecided = new LongAdder();
    private final LongAdder loginsNoResponse = new LongAdder();
    private final LongAdder loginsErrorStatus = new LongAdder();
    /** The load jump (--jump-workload), or null. */
    private volatile Jump jump;
    private long failLineSecond;
    private int failLinesThisSecond;

    /** @param failOut where {@code type:fail} lines go, or null for none */
    public Scorer(int workers, Consumer<String> failOut) {
        this(workers, failOut, 120, new long[0]);
    }

    /**
     * @param seriesSeconds      seconds the per-second series keeps (duration plus grace and some slack)
     * @param thresholdsMillis   latency thresholds for {@code overMillis}
     */
    public Scorer(int workers, Consumer<String> failOut, int seriesSeconds, long[] thresholdsMillis) {
        this.workerPoints = new AtomicLongArray(workers);
        this.failOut = failOut;
        this.perSecond = new PerSecond(seriesSeconds);
        this.thresholds = thresholdsMillis.clone();
        this.overThreshold = new LongAdder[thresholds.length];
        for (int i = 0; i < thresholds.length; i++) {
            overThreshold[i] = new LongAdder();
        }
    }

    /** Start of the measured window, second 0 of the per-second series. */
    public void start(long nanos) {
        perSecond.start(nanos);
        Jump j = jump;
        if (j != null) {
            j.start(nanos);
        }
    }

    /** Set before the run starts. */
    public void jump(Jump j) {
        jump = j;
    }

    public Jump jump() {
        return jump;
    }

    public void pagePassed(int worker) {
        workerPoints.addAndGet(worker, PAGE_POINTS);
        success.increment();
        passedPages.increment();
        perSecond.pagePassed();
    }

    public void assetMatched(int worker) {
        workerPoints.addAndGet(worker, ASSET_POINTS);
        success.increment();
    }

    public void failed(String reason) {
        fail.increment();
        perSecond.failed();
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

    /**
     * One HTTP request answered after {@code latencyMillis} with {@code status}, or given up
     * after {@code latencyMillis} when {@code status} is 0 (timeout, connection error).
     */
    public void request(long latencyMillis, int status) {
        long ms = Math.max(0, latencyMillis);
        requests.increment();
        latency.record(ms);
        perSecond.request(ms, status);
        for (int i = 0; i < thresholds.length; i++) {
            if (ms >= thresholds[i]) {
                overThreshold[i].increment();
            }
        }
    }

    /** One HTTP request whose checks failed or that got no response. */
    public void requestKo() {
        requestsKo.increment();
        perSecond.requestKo();
    }

    /** How the app answered a POST /login (its first response, before any redirect). */
    public enum Login {
        /** A 302/303: the app decided and logged the attempt. */
        DECIDED,
        /** No response (timeout, connection error): the attempt may or may not be logged. */
        NO_RESPONSE,
        /** Any other status. */
        ERROR_STATUS
    }

    public void login(Login outcome) {
        switch (outcome) {
            case DECIDED -> {
                loginsDecided.increment();
                perSecond.loginDecided();
            }
            case NO_RESPONSE -> loginsNoResponse.increment();
            case ERROR_STATUS -> loginsErrorStatus.increment();
        }
    }

    /** {@code {"decided": n, "noResponse": n, "errorStatus": n}}. */
    public Map<String, Object> logins() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("decided", loginsDecided.sum());
        m.put("noResponse", loginsNoResponse.sum());
        m.put("errorStatus", loginsErrorStatus.sum());
        return m;
    }

    /** Requests whose latency reached each threshold: {@code {"1000": n, ...}}. */
    public Map<String, Object> overMillis() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < thresholds.length; i++) {
            m.put(Long.toString(thresholds[i]), overThreshold[i].sum());
        }
        return m;
    }

    public PerSecond perSecond() {
        return perSecond;
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
