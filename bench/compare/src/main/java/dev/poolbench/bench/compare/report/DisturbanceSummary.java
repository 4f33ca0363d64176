package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.poolbench.bench.compare.machine.DisturbanceSentinel;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import java.util.List;

/** The disturbance part of the summary: which runs the sentinel flagged and what replaced them. */
final class DisturbanceSummary {

    private DisturbanceSummary() {
    }

    /**
     * Said when the limit on other processes was off (ansible's bench.yml turns it off where the
     * bench host shares its kernel with the app and database hosts: their CPU is not a stranger's).
     */
    private static String otherOff(List<RunRecord> watched) {
        boolean off = watched.stream().anyMatch(r -> r.json().path("disturbance").path("thresholds").has("otherPercent")
                && r.json().path("disturbance").path("thresholds").path("otherPercent").isNull());
        return off ? "; other processes not watched: --disturbance-thresholds other=off" : "";
    }

    static String text(List<RunRecord> runs) {
        List<RunRecord> watched = runs.stream().filter(r -> r.json().has("disturbance")).toList();
        if (watched.isEmpty()) {
            return "Disturbance: not recorded.\n";
        }
        List<RunRecord> disturbed = watched.stream().filter(DisturbanceSummary::disturbed).toList();
        if (disturbed.isEmpty()) {
            return "Disturbance: no run disturbed (" + watched.size() + " watched" + otherOff(watched) + ").\n";
        }
        long replaced = disturbed.stream().filter(r -> r.json().has("supersededBy")).count();
        StringBuilder out = new StringBuilder(String.format(java.util.Locale.ROOT,
                "Disturbance: %d of %d runs disturbed, %d replaced by a re-run (the re-run is counted instead; "
                        + "a disturbed run not re-run still counts%s):%n", disturbed.size(), watched.size(), replaced,
                otherOff(watched)));
        for (RunRecord r : disturbed) {
            out.append("  ~ ").append(Json.text(r.json(), "runDir")).append(": ")
                    .append(DisturbanceSentinel.reasons(r.json().path("disturbance")));
            String by = Json.text(r.json(), "supersededBy");
            if (by != null) {
                out.append(" -> replaced by ").append(by);
            }
            out.append('\n');
        }
        return out.toString();
    }

    static ArrayNode json(List<RunRecord> runs) {
        ArrayNode list = Json.object().arrayNode();
        for (RunRecord r : runs) {
            if (disturbed(r)) {
                var n = list.addObject();
                n.put("runDir", Json.text(r.json(), "runDir"));
                n.put("supersededBy", Json.text(r.json(), "supersededBy"));
                n.set("reasons", r.json().path("disturbance").path("reasons").deepCopy());
            }
        }
        return list;
    }

    static boolean disturbed(RunRecord r) {
        JsonNode d = r.json().path("disturbance");
        return d.path("disturbed").asBoolean(false);
    }
}
