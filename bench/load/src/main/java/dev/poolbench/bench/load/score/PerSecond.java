package dev.poolbench.bench.load.score;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counts per second of the run, by the time an outcome was known (request end), relative to
 * the start of the measured window: second 1 is [0 s, 1 s). Lets a reader see when an outage
 * began and ended (fault runs), which the run totals hide. Lock-free: each record is one or
 * two array increments.
 */
public final class PerSecond {
    /** Status slot 0 holds "no response"; 100..599 the HTTP statuses; anything else goes to 0 too. */
    private static final int STATUS_SLOTS = 600;

    private final int seconds;
    private final AtomicLongArray passed;
    private final AtomicLongArray fails;
    private final AtomicLongArray requests;
    private final AtomicLongArray ko;
    private final AtomicLongArray maxLatency;
    private final AtomicLongArray statuses;
    /** POST /login answered with a decision (302/303): when the app decided, as the client saw it. */
    private final AtomicLongArray loginsDecided;
    private volatile long startNanos;

    /** @param seconds how many seconds to keep; later outcomes are added to the last one */
    public PerSecond(int seconds) {
        this.seconds = Math.max(1, seconds);
        passed = new AtomicLongArray(this.seconds);
        fails = new AtomicLongArray(this.seconds);
        requests = new AtomicLongArray(this.seconds);
        ko = new AtomicLongArray(this.seconds);
        maxLatency = new AtomicLongArray(this.seconds);
        statuses = new AtomicLongArray(this.seconds * STATUS_SLOTS);
        loginsDecided = new AtomicLongArray(this.seconds);
    }

    /** Start of the measured window; outcomes before it count in second 1. */
    public void start(long nanos) {
        startNanos = nanos;
    }

    private int index() {
        long start = startNanos;
        if (start == 0) {
            return 0;
        }
        long i = (System.nanoTime() - start) / 1_000_000_000L;
        return (int) Math.max(0, Math.min(i, seconds - 1));
    }

    void pagePassed() {
        passed.incrementAndGet(index());
    }

    void failed() {
        fails.incrementAndGet(index());
    }

    void requestKo() {
        ko.incrementAndGet(index());
    }

    void loginDecided() {
        loginsDecided.incrementAndGet(index());
    }

    /** @param status the HTTP status, or 0 when no response came */
    void request(long latencyMillis, int status) {
        int i = index();
        requests.incrementAndGet(i);
        int slot = status >= 100 && status < STATUS_SLOTS ? status : 0;
        statuses.incrementAndGet(i * STATUS_SLOTS + slot);
        long cur;
        while (latencyMillis > (cur = maxLatency.get(i)) && !maxLatency.compareAndSet(i, cur, latencyMillis)) {
            // retry
        }
    }

    /**
     * One entry per second from 1 to the last second with an outcome or {@code elapsedMillis}
     * (rounded up), whichever is later; seconds without any outcome are listed with zeros.
     */
    public List<Map<String, Object>> toJson(long elapsedMillis) {
        int last = (int) Math.min(seconds, (elapsedMillis + 999) / 1000);
        for (int i = seconds - 1; i >= last; i--) {
            if (requests.get(i) + fails.get(i) + passed.get(i) + ko.get(i) + loginsDecided.get(i) > 0) {
                last = i + 1;
                break;
            }
        }
        List<Map<String, Object>> out = new ArrayList<>(last);
        for (int i = 0; i < last; i++) {
            Map<String, Long> st = new TreeMap<>(PerSecond::compareStatus);
            for (int s = 0; s < STATUS_SLOTS; s++) {
                long n = statuses.get(i * STATUS_SLOTS + s);
                if (n > 0) {
                    st.put(s == 0 ? "none" : Integer.toString(s), n);
                }
            }
            out.add(entry(i + 1, passed.get(i), fails.get(i), requests.get(i), ko.get(i), loginsDecided.get(i), st,
                    maxLatency.get(i)));
        }
        return out;
    }

    /** One second of the series, in the order of docs/architecture.md. */
    public static Map<String, Object> entry(int second, long passedPages, long fails, long requests, long ko,
                                            long loginsDecided, Map<String, Long> statuses, long maxLatencyMillis) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("second", second);
        m.put("passedPages", passedPages);
        m.put("fails", fails);
        m.put("requests", requests);
        m.put("ko", ko);
        m.put("loginsDecided", loginsDecided);
        m.put("statuses", statuses);
        m.put("maxLatencyMillis", maxLatencyMillis);
        return m;
    }

    /** Statuses in numeric order, "none" last. */
    public static int compareStatus(String a, String b) {
        boolean an = a.equals("none"), bn = b.equals("none");
        if (an || bn) {
            return Boolean.compare(an, bn);
        }
        return a.compareTo(b);
    }
}
