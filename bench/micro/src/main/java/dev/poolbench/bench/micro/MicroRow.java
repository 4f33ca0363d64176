package dev.poolbench.bench.micro;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.results.RunResult;
import tools.jackson.databind.JsonNode;

/**
 * One JMH trial's figure: throughput of one benchmark for one pool, target and thread count, with
 * JMH's error (half-width of the 99.9 % confidence interval; NaN with a single iteration).
 */
record MicroRow(String benchmark, String pool, String target, int threads, double score, double error, String unit) {

    static List<MicroRow> of(Collection<RunResult> results) {
        List<MicroRow> rows = new ArrayList<>();
        for (RunResult result : results) {
            var params = result.getParams();
            String name = params.getBenchmark();
            rows.add(new MicroRow(name.substring(name.lastIndexOf('.') + 1), params.getParam("pool"),
                    params.getParam("target"), params.getThreads(), result.getPrimaryResult().getScore(),
                    result.getPrimaryResult().getScoreError(), result.getPrimaryResult().getScoreUnit()));
        }
        return rows;
    }

    /** The rows of a {@code jmh-result.json} as JMH writes it (an array of trials). */
    static List<MicroRow> ofJmhJson(JsonNode trials) {
        if (!trials.isArray()) {
            throw new IllegalArgumentException("not JMH's JSON: the top level is not an array of trials");
        }
        List<MicroRow> rows = new ArrayList<>();
        for (JsonNode trial : trials) {
            String name = trial.path("benchmark").asString();
            JsonNode params = trial.path("params");
            JsonNode metric = trial.path("primaryMetric");
            if (name.isEmpty() || !params.has("pool") || !params.has("target") || !metric.has("score")) {
                throw new IllegalArgumentException("not a trial of poolbench micro: " + trial);
            }
            // JMH writes "NaN" (a string) when it has no error (fewer than 3 iterations).
            double error = metric.path("scoreError").isNumber() ? metric.path("scoreError").asDouble() : Double.NaN;
            rows.add(new MicroRow(name.substring(name.lastIndexOf('.') + 1), params.path("pool").asString(),
                    params.path("target").asString(), trial.path("threads").asInt(), metric.path("score").asDouble(),
                    error, metric.path("scoreUnit").asString()));
        }
        return rows;
    }

    boolean hasError() {
        return !Double.isNaN(error) && !Double.isInfinite(error);
    }
}
