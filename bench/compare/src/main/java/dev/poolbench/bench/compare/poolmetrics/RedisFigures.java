package dev.poolbench.bench.compare.poolmetrics;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Redis session store's behaviour during one measured run ({@code poolMetrics.redis} of a
 * run record), from the scrapes that carry {@link RedisSample}s; absent for the memory store.
 * Pool figures are NaN (null in JSON) in shared mode, which has no pool.
 *
 * @param commands          Redis commands completed during the run (all kinds)
 * @param meanCommandMicros their mean completion time (Lettuce: from sending to the whole reply)
 */
public record RedisFigures(int samples, double peakConnections, double lastConnections, double peakActive,
                           double peakIdle, double peakWaiters, double commands, double meanCommandMicros) {

    /** The extra columns of poolmetrics.csv, after the pool's own. */
    static final String CSV_HEADER = "redis_connections,redis_pool_active,redis_pool_idle,redis_pool_waiters,"
            + "redis_commands,redis_command_mean_us";

    /** The run's figures, or null when no scrape has Redis series. */
    static RedisFigures of(List<Scrape> scrapes) {
        List<RedisSample> samples = scrapes.stream().map(Scrape::redis).filter(r -> r != null).toList();
        if (samples.isEmpty()) {
            return null;
        }
        RedisSample first = samples.get(0);
        RedisSample last = samples.get(samples.size() - 1);
        double commands = last.commands() - first.commands();
        double seconds = last.commandSeconds() - first.commandSeconds();
        return new RedisFigures(samples.size(), peak(samples, RedisSample::connections), last.connections(),
                peak(samples, RedisSample::active), peak(samples, RedisSample::idle),
                peak(samples, RedisSample::waiters), commands, commands > 0 ? seconds / commands * 1e6 : Double.NaN);
    }

    private static double peak(List<RedisSample> samples, java.util.function.ToDoubleFunction<RedisSample> field) {
        double peak = Double.NaN;
        for (RedisSample s : samples) {
            double v = field.applyAsDouble(s);
            if (!Double.isNaN(v) && (Double.isNaN(peak) || v > peak)) {
                peak = v;
            }
        }
        return peak;
    }

    /**
     * poolmetrics.csv with the Redis columns added to each line (one line per scrape after the
     * first, as {@link PoolMetricsSeries}); unchanged when no scrape has Redis series.
     */
    static String withColumns(String csv, List<Scrape> scrapes) {
        if (scrapes.stream().allMatch(s -> s.redis() == null)) {
            return csv;
        }
        String[] lines = csv.split("\n");
        List<String> out = new ArrayList<>();
        out.add(lines[0] + "," + CSV_HEADER);
        for (int i = 1; i < lines.length; i++) {
            out.add(lines[i] + "," + columns(scrapes.get(i - 1).redis(), scrapes.get(i).redis()));
        }
        return String.join("\n", out) + "\n";
    }

    /** Gauges at the end of the interval, commands and their mean time over it. */
    private static String columns(RedisSample before, RedisSample now) {
        if (now == null) {
            return ",,,,,";
        }
        double commands = before == null ? Double.NaN : now.commands() - before.commands();
        double mean = commands > 0 ? (now.commandSeconds() - before.commandSeconds()) / commands * 1e6 : Double.NaN;
        return String.join(",", n(now.connections()), n(now.active()), n(now.idle()), n(now.waiters()),
                n(commands), n(mean));
    }

    private static String n(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    /** The {@code redis} object of a run record's {@code poolMetrics}. */
    public ObjectNode json() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("samples", samples);
        put(node, "peakConnections", peakConnections);
        put(node, "lastConnections", lastConnections);
        put(node, "peakPoolActive", peakActive);
        put(node, "peakPoolIdle", peakIdle);
        put(node, "peakPoolWaiters", peakWaiters);
        put(node, "commands", commands);
        put(node, "meanCommandMicros", meanCommandMicros);
        return node;
    }

    private static void put(ObjectNode node, String name, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            node.putNull(name);
        } else {
            node.put(name, v);
        }
    }
}
