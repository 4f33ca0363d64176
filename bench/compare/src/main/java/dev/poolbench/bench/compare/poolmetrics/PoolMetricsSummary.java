package dev.poolbench.bench.compare.poolmetrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The pool's behaviour during one measured run, from the scrapes of {@link PoolMetricsSampler}.
 * Times in milliseconds; NaN (null in JSON) where the app published nothing (wrapper off, app
 * down, or no borrow at all).
 *
 * @param wrapper "on" or "off" as the app reports it ({@code POOLBENCH_POOL_METRICS}), null if unknown
 * @param connectionsCreated physical connections opened during the run (0 for a warm fixed-size pool)
 * @param acquireTimeouts failed {@code getConnection()} calls during the run
 * @param redis the Redis session store's figures, null for the memory store
 * @param inUseSeconds seconds at each in-use count (index k) over the run, from the first scrape
 *                     to the load's end (InUseOccupancy#secondsUnderLoad); null when the app published none
 */
public record PoolMetricsSummary(String profile, String wrapper, String source, int samples, int scrapeErrors,
                                 double acquireCount, Percentiles acquireMillis, Percentiles holdMillis,
                                 double peakPending, double peakActive, double maxConnections,
                                 double connectionsCreated, double connectionsCreatedTotal, double acquireTimeouts,
                                 double peakLiveThreads, double meanProcessCpu, double peakProcessCpu,
                                 Histogram acquireHistogram, Histogram holdHistogram, RedisFigures redis,
                                 double[] inUseSeconds) {

    /** p50, p99, p99.9 and max of the run's HdrHistogram (3 significant digits). */
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
                    Double.NaN, Double.NaN, Double.NaN, null, null, null, null);
        }
        Scrape first = scrapes.get(0);
        Scrape last = scrapes.get(scrapes.size() - 1);
        Histogram acquire = PoolHistograms.minus(last.acquire(), first.acquire());
        Histogram hold = PoolHistograms.minus(last.hold(), first.hold());
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
                acquire == null ? Double.NaN : acquire.getTotalCount(),
                PoolHistograms.percentiles(acquire), PoolHistograms.percentiles(hold),
                peak(scrapes, Scrape::pending), peak(scrapes, Scrape::active), peak(scrapes, Scrape::max),
                last.createdTotal() - first.createdTotal(), last.createdTotal(),
                last.timeoutsTotal() - first.timeoutsTotal(),
                peak(scrapes, Scrape::liveThreads), cpuN == 0 ? Double.NaN : cpuSum / cpuN,
                peak(scrapes, Scrape::processCpu), acquire, hold, RedisFigures.of(scrapes),
                InUseOccupancy.secondsUnderLoad(scrapes.stream().map(Scrape::occupancy).toList()));
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
        // The run's own histograms (HdrHistogram, ns, compressed, base64): runs add up exactly.
        node.put("acquireHistogram", acquireHistogram == null ? null : PoolHistograms.encode(acquireHistogram));
        node.put("holdHistogram", holdHistogram == null ? null : PoolHistograms.encode(holdHistogram));
        if (inUseSeconds != null) {
            // Every borrow and return, not a gauge: what SizePrediction's percentiles are taken of.
            node.set("inUseSecondsAtLevel", InUseOccupancy.json(inUseSeconds));
        }
        node.put("files", "poolmetrics.csv, pool-" + (profile == null ? "unknown" : profile) + ".png");
        if (redis != null) {
            node.set("redis", redis.json());
        }
        return node;
    }

    /** Acquire p99 (ms) of a run record's {@code poolMetrics}, NaN when absent. */
    public static double acquireP99Millis(JsonNode runRecord) {
        return number(runRecord.path("poolMetrics").path("acquireMillis").path("p99"));
    }

    /**
     * Acquire p99 (ms) of all the borrows of these runs together (their histograms added up);
     * NaN when a run carries no histogram (wrapper off, or recorded before the histograms).
     */
    public static double mergedAcquireP99Millis(List<JsonNode> runRecords) {
        Histogram sum = PoolHistograms.merged(runRecords, "acquireHistogram");
        return sum == null || sum.getTotalCount() == 0 ? Double.NaN : sum.getValueAtPercentile(99) / 1e6;
    }

    /**
     * Borrows returned during the run and their mean hold time (ms) of a run record's hold
     * histogram: {@code {count, meanMillis}}, both NaN without one (wrapper off, no borrow).
     */
    public static double[] holds(JsonNode runRecord) {
        Histogram hold = PoolHistograms.decode(runRecord.path("poolMetrics").get("holdHistogram"));
        if (hold == null || hold.getTotalCount() == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        return new double[] {hold.getTotalCount(), hold.getMean() / 1e6};
    }

    /**
     * Seconds at each in-use count (index k) over a run record's measured window; null when the
     * run has none (an app before the occupancy, or the wrapper off).
     */
    public static double[] inUseSeconds(JsonNode runRecord) {
        JsonNode levels = runRecord.path("poolMetrics").get("inUseSecondsAtLevel");
        if (levels == null || !levels.isArray() || levels.isEmpty()) {
            return null;
        }
        double[] seconds = new double[levels.size()];
        for (int k = 0; k < seconds.length; k++) {
            seconds[k] = levels.get(k).asDouble();
        }
        return seconds;
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
