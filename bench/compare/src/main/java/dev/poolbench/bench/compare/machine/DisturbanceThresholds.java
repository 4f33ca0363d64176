package dev.poolbench.bench.compare.machine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * When a measured run counts as disturbed ({@code --disturbance-thresholds}). Each limit is
 * a share over the measured window; a run above any limit is flagged with the reason.
 *
 * @param stealPercent   CPU steal (the hypervisor gave our CPU time to another guest), % of all CPUs
 * @param otherPercent   CPU used by processes that are not the comparison's own, % of all CPUs
 * @param gcPercent      the app's GC pause total, % of the measured time
 * @param loadgenPercent the load generator's CPU per wall second, % of one core (saturated bench)
 * @param loadPerCpu     1-minute load average per CPU (off by default: our own run keeps it high)
 */
public record DisturbanceThresholds(double stealPercent, double otherPercent, double gcPercent, double loadgenPercent,
                             double loadPerCpu) {

    public static final DisturbanceThresholds DEFAULTS = new DisturbanceThresholds(5, 10, 5, 90, Double.NaN);
    public static final String HELP = "steal=5%,other=10%,gc=5%,loadgen=90%,load=off";

    /** {@code steal=5%,other=10%,gc=5%,loadgen=90%,load=1.5}; unnamed limits keep their default, {@code off} disables. */
    public static DisturbanceThresholds parse(String value) throws UsageException {
        Map<String, Double> limits = new LinkedHashMap<>();
        limits.put("steal", DEFAULTS.stealPercent);
        limits.put("other", DEFAULTS.otherPercent);
        limits.put("gc", DEFAULTS.gcPercent);
        limits.put("loadgen", DEFAULTS.loadgenPercent);
        limits.put("load", DEFAULTS.loadPerCpu);
        for (String item : value.split(",")) {
            String[] kv = item.trim().split("=", 2);
            if (kv.length != 2 || !limits.containsKey(kv[0].trim())) {
                throw new UsageException("--disturbance-thresholds: '" + item.trim() + "' is not NAME=LIMIT with NAME one of "
                        + String.join(", ", limits.keySet()) + " (e.g. " + HELP + ")");
            }
            String name = kv[0].trim();
            String limit = kv[1].trim();
            if (limit.equals("off")) {
                limits.put(name, Double.NaN);
                continue;
            }
            boolean percent = limit.endsWith("%");
            if (percent == name.equals("load")) {
                throw new UsageException("--disturbance-thresholds: " + name + " takes "
                        + (percent ? "a load per CPU such as 1.5, not a percentage" : "a percentage such as 10%")
                        + ", got '" + limit + "'");
            }
            try {
                double v = Double.parseDouble(percent ? limit.substring(0, limit.length() - 1) : limit);
                if (!(v > 0)) {
                    throw new NumberFormatException();
                }
                limits.put(name, v);
            } catch (NumberFormatException e) {
                throw new UsageException("--disturbance-thresholds: " + name + " needs a positive number or off, got '"
                        + limit + "'");
            }
        }
        return new DisturbanceThresholds(limits.get("steal"), limits.get("other"), limits.get("gc"),
                limits.get("loadgen"), limits.get("load"));
    }

    /** The reasons a run with these figures is disturbed; empty when it is not. */
    List<String> reasons(double steal, double other, String topOthers, double gc, double loadgen, double loadAveragePerCpu) {
        List<String> reasons = new ArrayList<>();
        above(reasons, "CPU steal %.1f %% > %.0f %%", steal, stealPercent);
        if (above(reasons, "other processes used %.1f %% of the CPUs > %.0f %%", other, otherPercent) && !topOthers.isEmpty()) {
            reasons.set(reasons.size() - 1, reasons.get(reasons.size() - 1) + " (" + topOthers + ")");
        }
        above(reasons, "app GC pauses %.1f %% of the run > %.0f %%", gc, gcPercent);
        above(reasons, "load generator saturated: %.0f %% of a core > %.0f %%", loadgen, loadgenPercent);
        above(reasons, "load average %.2f per CPU > %.2f", loadAveragePerCpu, loadPerCpu);
        return reasons;
    }

    private static boolean above(List<String> reasons, String format, double value, double limit) {
        if (!Double.isNaN(value) && !Double.isNaN(limit) && value > limit) {
            reasons.add(String.format(Locale.ROOT, format, value, limit));
            return true;
        }
        return false;
    }

    public ObjectNode json() {
        ObjectNode n = Json.object();
        put(n, "stealPercent", stealPercent);
        put(n, "otherPercent", otherPercent);
        put(n, "gcPercent", gcPercent);
        put(n, "loadgenPercentOfCore", loadgenPercent);
        put(n, "loadPerCpu", loadPerCpu);
        return n;
    }

    static void put(ObjectNode n, String name, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            n.putNull(name);
        } else {
            n.put(name, Math.round(v * 100) / 100.0);
        }
    }
}
