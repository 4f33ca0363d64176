package dev.poolbench.bench.compare.db;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;

/**
 * The database distance in the results: {@code dbDistance} in environment.json and in each
 * run record, the proxy's CPU over the measured run ({@code proxy.cpuSeconds}), and what the
 * run line and the summary show of them. Kept here so Comparison and Summary only call in.
 */
public final class DbDistanceRecord {

    private DbDistanceRecord() {
    }

    /** environment.json's {@code dbDistance}: the distance, and the proxy process when there is one. */
    public static ObjectNode environment(DbDistance distance, DbProxy proxy) {
        ObjectNode n = distance.toJson();
        if (proxy != null) {
            n.set("proxy", proxy.toJson());
        }
        return n;
    }

    /** Adds {@code dbDistance} and {@code proxy.cpuSeconds} (when measured) to a run record. */
    public static void addToRun(ObjectNode record, DbDistance distance, double proxyCpuSeconds) {
        if (distance == null) {
            return;   // remote mode: the real network, nothing applied by poolbench
        }
        record.set("dbDistance", distance.toJson());
        if (!Double.isNaN(proxyCpuSeconds)) {
            record.putObject("proxy").put("cpuSeconds", Math.round(proxyCpuSeconds * 100) / 100.0);
        }
    }

    /** " | proxy cpu 1.23 s" for the run line; empty without a proxy. */
    public static String runLinePart(JsonNode record) {
        double cpu = Json.number(record, "proxy.cpuSeconds");
        return Double.isNaN(cpu) ? "" : String.format(Locale.ROOT, " | proxy cpu %.2f s", cpu);
    }

    /** The distance label for the summary's settings line, or null when none is recorded (older results). */
    public static String label(JsonNode environment, List<RunRecord> runs) {
        String label = Json.text(environment, "dbDistance.label");
        if (label == null && !runs.isEmpty()) {
            label = Json.text(runs.get(0).json(), "dbDistance.label");
        }
        return label;
    }

    /** Mean proxy CPU seconds over the runs that measured it; NaN when none did. */
    public static double meanProxyCpuSeconds(List<RunRecord> runs) {
        return runs.stream().mapToDouble(r -> Json.number(r.json(), "proxy.cpuSeconds"))
                .filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }

    /** The summary line on the proxy's CPU, or null without a proxy. */
    public static String proxyCpuLine(List<RunRecord> runs) {
        double mean = meanProxyCpuSeconds(runs);
        if (Double.isNaN(mean)) {
            return null;
        }
        double max = runs.stream().mapToDouble(r -> Json.number(r.json(), "proxy.cpuSeconds"))
                .filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
        double seconds = runs.stream().mapToDouble(r -> Json.number(r.json(), "durationSeconds"))
                .filter(v -> !Double.isNaN(v) && v > 0).average().orElse(Double.NaN);
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "Toxiproxy CPU per measured run: mean %.2f s, max %.2f s", mean, max));
        if (!Double.isNaN(seconds)) {
            line.append(String.format(Locale.ROOT, " (%.0f %% of one core on average)", 100 * mean / seconds));
        }
        return line.append("; the proxy shares the machine with the app, the database and the load").toString();
    }
}
