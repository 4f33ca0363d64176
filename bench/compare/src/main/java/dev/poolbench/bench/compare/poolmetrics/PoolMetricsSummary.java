package dev.poolbench.bench.compare.poolmetrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The pool's behaviour during one measured run, from the scrapes of {@link PoolMetricsSampler}.
 * Times in milliseconds; NaN (null in JSON) where the app published nothing (wrapper off, app
 * down, or no borrow at all).
 *
 * @param wrapper "on" or "off" as the app reports it ({@code POOLBENCH_POOL_METRICS}), null if unknown
 * @param connectionsCreated physical connections opened during the run (0 for a warm fixed-size pool)
 * @param acquireTimeouts failed {@code getConnection()} calls during the run
 */
public record PoolMetricsSummary(String profile, String wrapper, String source, int samples, int scrapeErrors,
                                 double acquireCount, Percentiles acquireMillis, Percentiles holdMillis,
                                 double peakPending, double peakActive, double maxConnections,
                                 double connectionsCreated, double connectionsCreatedTotal, double acquireTimeouts,
                                 double peakLiveThreads, double meanProcessCpu, double peakProcessCpu) {

    /** p50, p99, p99.9 from the run's histogram (bucket precision) and the exact maximum. */
    public record Percentiles(double p50, double p99, double p999, double max) {
        static final Percentiles NONE = new Percentiles(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

        ObjectNode json() {
            ObjectNode node = JsonNodeFactory.instance.objectNode();
            put(node, "p50", p50);
            put(node, "p99", p99);
            put(node, "p999", p999);
            put(node, "max", max);
            return node;
        }
    }

    static PoolMetricsSummary of(List<Scrape> scrapes, int scrapeErrors) {
        if (scrapes.isEmpty()) {
            return new PoolMetricsSummary(null, null, null, 0, scrapeErrors, Double.NaN, Percentiles.NONE,
                    Percentiles.NONE, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN, Double.NaN);
        }
        Scrape first = scrapes.get(0);
        Scrape last = scrapes.get(scrapes.size() - 1);
        Histogram acquire = last.acquire().minus(first.acquire());
        Histogram hold = last.hold().minus(first.hold());
        String profile = null;
        String wrapper = null;
        String source = null;
        for (Scrape s : scrapes) {
            profile = s.pool() != null ? s.pool() : profile;
            wrapper = s.wrapper() != null ? s.wrapper() : wrapper;
            source = s.source() != null ? s.source() : source;
        }
        double cpuSum = 0;
        int cpuN = 0;
        for (Scrape s : scrapes) {
            if (!Double.isNaN(s.processCpu())) {
                cpuSum += s.processCpu();
                cpuN++;
            }
        }
        return new PoolMetricsSummary(profile, wrapper, source, scrapes.size(), scrapeErrors,
                acquire.isEmpty() ? Double.NaN : acquire.count(),
                percentiles(acquire, peak(scrapes, Scrape::acquireMaxSeconds)),
                percentiles(hold, peak(scrapes, Scrape::holdMaxSeconds)),
                peak(scrapes, Scrape::pending), peak(scrapes, Scrape::active), peak(scrapes, Scrape::max),
                last.createdTotal() - first.createdTotal(), last.createdTotal(),
                last.timeoutsTotal() - first.timeoutsTotal(),
                peak(scrapes, Scrape::liveThreads), cpuN == 0 ? Double.NaN : cpuSum / cpuN,
                peak(scrapes, Scrape::processCpu));
    }

    /**
     * Percentiles in ms of the histogram {@code h}. Maximum: the app's exact {@code _max} (a
     * 5-10 s rolling maximum, sampled every second) capped by the highest non-empty bucket of
     * this window, so a spike from before the window cannot leak in.
     */
    static Percentiles percentiles(Histogram h, double sampledMaxSeconds) {
        if (h.isEmpty() || Double.isNaN(h.quantileSeconds(0.5))) {
            return Percentiles.NONE;
        }
        double bound = h.highestValueBoundSeconds();
        double max = Double.isNaN(sampledMaxSeconds) ? bound : Math.min(sampledMaxSeconds, bound);
        // Interpolating inside the top bucket can overshoot the exact maximum: cap at it.
        return new Percentiles(Math.min(h.quantileSeconds(0.50), max) * 1e3,
                Math.min(h.quantileSeconds(0.99), max) * 1e3, Math.min(h.quantileSeconds(0.999), max) * 1e3,
                max * 1e3);
    }

    static double peak(List<Scrape> scrapes, java.util.function.ToDoubleFunction<Scrape> field) {
        double peak = Double.NaN;
        for (Scrape s : scrapes) {
            double v = field.applyAsDouble(s);
            if (!Double.isNaN(v) && (Double.isNaN(peak) || v > peak)) {
                peak = v;
            }
        }
        return peak;
    }

    /** The {@code poolMetrics} object of a run record. */
    public ObjectNode json() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("schema", 1);
        node.put("profile", profile);
        node.put("wrapper", wrapper);
        node.put("gaugeSource", source);
        node.put("samples", samples);
        node.put("scrapeErrors", scrapeErrors);
        put(node, "acquireCount", acquireCount);
        node.set("acquireMillis", acquireMillis.json());
        node.set("holdMillis", holdMillis.json());
        put(node, "peakPending", peakPending);
        put(node, "peakActive", peakActive);
        put(node, "maxConnections", maxConnections);
        put(node, "connectionsCreated", connectionsCreated);
        put(node, "connectionsCreatedTotal", connectionsCreatedTotal);
        put(node, "acquireTimeouts", acquireTimeouts);
        put(node, "peakLiveThreads", peakLiveThreads);
        put(node, "meanProcessCpu", meanProcessCpu);
        put(node, "peakProcessCpu", peakProcessCpu);
        node.put("files", "poolmetrics.csv, pool-" + (profile == null ? "unknown" : profile) + ".png");
        return node;
    }

    /** Acquire p99 (ms) of a run record's {@code poolMetrics}, NaN when absent. */
    public static double acquireP99Millis(JsonNode runRecord) {
        return number(runRecord.path("poolMetrics").path("acquireMillis").path("p99"));
    }

    /** Peak pending threads of a run record's {@code poolMetrics}, NaN when absent. */
    public static double peakPending(JsonNode runRecord) {
        return number(runRecord.path("poolMetrics").path("peakPending"));
    }

    private static double number(JsonNode node) {
        return node.isNumber() ? node.asDouble() : Double.NaN;
    }

    private static void put(ObjectNode node, String name, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            node.putNull(name);
        } else {
            node.put(name, v);
        }
    }
}
