package dev.poolbench.bench.compare.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * One measured run as the statistics see it: a view of one line of {@code runs.jsonl}.
 * The JSON line is the source of truth ({@link #json}); the fields are what the summary needs.
 *
 * @param poolSize requested pool size, or null when the pools run with their own defaults
 */
public record RunRecord(String profile, Integer poolSize, String poolMode, int round, boolean valid,
                 boolean flagged, List<String> problems, double score, double success, double fail,
                 double p99Millis, double cpuMillisPerPassedPage, double fixedCostSeconds,
                 ObjectNode json) {

    /**
     * Whether the run counts in the statistics: valid, its pool as requested, and not replaced
     * by a re-run ({@code supersededBy}, see {@code run.Reruns}).
     */
    public boolean counted() {
        return valid && !flagged && !json.has("supersededBy");
    }

    public String groupLabel() {
        String variant = RunVariant.describe(RunVariant.key(json));
        return (poolSize == null ? profile : profile + " @" + poolSize) + (variant.isEmpty() ? "" : " (" + variant + ")");
    }

    public static RunRecord of(JsonNode node) {
        String profile = Json.text(node, "profile");
        if (profile == null) {
            throw new IllegalArgumentException("run record without a profile: " + Json.line(node));
        }
        JsonNode size = node.get("poolSize");
        List<String> problems = new ArrayList<>();
        JsonNode p = node.get("problems");
        if (p != null && p.isArray()) {
            p.forEach(e -> problems.add(e.asText()));
        }
        double fixedMillis = Json.number(node, "timings.fixedCostMillis");
        return new RunRecord(
                profile,
                size == null || size.isNull() ? null : size.asInt(),
                Json.text(node, "poolMode"),
                node.path("round").asInt(1),
                node.path("valid").asBoolean(false),
                node.path("flagged").asBoolean(false),
                List.copyOf(problems),
                Json.number(node, "score"),
                Json.number(node, "success"),
                Json.number(node, "fail"),
                Json.number(node, "latencyMillis.p99"),
                Json.number(node, "loadCpuMillisPerPassedPage"),
                fixedMillis / 1000.0,
                (ObjectNode) node);
    }
}
