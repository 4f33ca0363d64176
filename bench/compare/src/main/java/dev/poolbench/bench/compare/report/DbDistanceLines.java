package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import java.util.List;
import java.util.Locale;

/** What the summary shows of the database distance: its label and the proxy's CPU (db.DbDistanceRecord writes them). */
final class DbDistanceLines {

    private DbDistanceLines() {
    }

    /** The distance label for the summary's settings line, or null when none is recorded (older results). */
    static String label(JsonNode environment, List<RunRecord> runs) {
        String label = Json.text(environment, "dbDistance.label");
        if (label == null && !runs.isEmpty()) {
            label = Json.text(runs.get(0).json(), "dbDistance.label");
        }
        return label;
    }

    /** Mean proxy CPU seconds over the runs that measured it; NaN when none did. */
    static double meanProxyCpuSeconds(List<RunRecord> runs) {
        return runs.stream().mapToDouble(r -> Json.number(r.json(), "proxy.cpuSeconds"))
                .filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }

    /** The summary line on the proxy's CPU, or null without a proxy. */
    static String proxyCpuLine(List<RunRecord> runs) {
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
