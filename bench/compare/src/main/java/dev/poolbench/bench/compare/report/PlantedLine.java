package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.VariantDuets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The summary's first line when a difference was planted ({@code --plant}, docs/planted-difference.md):
 * which plant, in which runs or lanes, and that it is not a pool difference.
 */
final class PlantedLine {

    private PlantedLine() {
    }

    /** The line with its newline, or empty text when nothing was planted. */
    static String text(JsonNode environment, List<RunRecord> runs) {
        Set<String> all = new LinkedHashSet<>();
        JsonNode listed = environment.path("options").path("plant");
        if (listed.isArray()) {
            listed.forEach(p -> all.add(p.asText()));
        }
        runs.forEach(r -> {
            String plant = Json.text(r.json(), "plant");
            if (plant != null) {
                all.add(plant);
            }
        });
        List<String> planted = new ArrayList<>(all);
        planted.remove("none");
        if (planted.isEmpty()) {
            return "";
        }
        String where;
        if (all.size() == planted.size() && planted.size() == 1) {
            where = "in every run";
        } else if (VariantDuets.any(runs)) {
            where = "in one lane of each duet (variant 'plant " + String.join("' / 'plant ", planted) + "')";
        } else {
            where = "in the runs of variant 'plant " + String.join("' / 'plant ", planted) + "'";
        }
        return "PLANTED: " + String.join(", ", planted) + " " + where + " — not a real pool difference "
                + "(docs/planted-difference.md)\n";
    }
}
