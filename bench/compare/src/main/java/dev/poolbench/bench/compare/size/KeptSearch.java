package dev.poolbench.bench.compare.size;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A kept size search (docs/data/sizes/) read again under today's rule, from its size.json and
 * environment.json alone: the runs themselves are not kept. Each size's verdict depends on its
 * duets only through their count, mean and sd (the size search adds no between-sitting term), and
 * size.json keeps the count, the ratio and the 95 % interval, from which the sd follows; so the
 * verdict is rebuilt exactly from log ratios of that count, mean and sd, and the answer, the
 * replicas, the prediction's check and the formula are made by {@link SizeReport}'s own code.
 * The kept files stay as measured; docs/figures.py renders the knees from this.
 */
public final class KeptSearch {

    /** How far a rebuilt interval end may sit from the kept one, in percent points (float noise). */
    static final double TOLERANCE_PERCENT = 1e-6;

    private KeptSearch() {
    }

    /** The search in {@code dir} (size.json, environment.json) under today's rule: size.json's shape. */
    public static ObjectNode rederive(Path dir) throws IOException {
        JsonNode kept = Json.read(dir.resolve("size.json"));
        Path env = dir.resolve("environment.json");
        JsonNode environment = Files.isRegularFile(env) ? Json.read(env) : null;
        List<Integer> candidates = new ArrayList<>();
        kept.path("candidates").forEach(c -> candidates.add(c.asInt()));
        double margin = kept.path(kept.has("marginPercent") ? "marginPercent" : "equivalenceMarginPercent").asDouble();
        SizeSearch search = new SizeSearch(candidates, SizeSearchRule.MAX_DUETS_PER_SIZE);
        List<String> text = new ArrayList<>();
        ObjectNode json = Json.object();
        SizeReport.header(candidates, margin, text, json);
        json.put("rederived", "by KeptSearch from each size's kept duets (count, ratio, 95 % interval) under the "
                + "rule above; the search itself ran under size.json schema " + kept.path("schema").asInt());
        ArrayNode pools = json.putArray("pools");
        for (JsonNode keptPool : kept.path("pools")) {
            ObjectNode pool = pools.addObject();
            Map<Integer, PairedTest.Result> verdicts = new TreeMap<>();
            Map<Integer, SizeSearch.Outcome> outcomes = new TreeMap<>();
            for (JsonNode size : keptPool.path("sizes")) {
                PairedTest.Result result = verdict(size, margin);
                verdicts.put(size.path("size").asInt(), result);
                outcomes.put(size.path("size").asInt(), new SizeSearch.Outcome(SizeSearch.Word.of(result),
                        size.path("duets").asInt()));
            }
            SizeSearch.Answer answer = SizeReport.answer(keptPool.path("profile").asText(), search, verdicts, outcomes,
                    text, pool);
            SizeReport.replicas(answer, Replicas.Server.of(environment), text, pool);
            JsonNode prediction = keptPool.path("prediction");
            if (prediction.isObject()) {
                ObjectNode p = prediction.deepCopy();
                SizingRules.rederive(p);
                p.put("check", SizePrediction.check(p.path("predictedSize").asInt(), p.path("predictedFrom").asText(),
                        SizeReport.knee(answer), answer.kind() == SizeSearch.Kind.SMALLEST));
                SizingRules.putChecks(p, SizeReport.knee(answer), answer.kind() == SizeSearch.Kind.SMALLEST,
                        candidates);
                pool.set("prediction", p);
            }
            SizeReport.formula(SizingFormula.of(environment), candidates, answer, text, pool);
        }
        for (String field : List.of("duets", "wallMinutes", "stopReason")) {
            json.set(field, kept.get(field));
        }
        return json;
    }

    /**
     * One size's verdict rebuilt from its kept numbers: log ratios of the kept count whose mean is the
     * kept ratio and whose sd gives the kept 95 % interval. Refused when the rebuilt intervals differ from
     * the kept ones (a count that is not the duets counted, or a between-sitting term in the interval).
     */
    static PairedTest.Result verdict(JsonNode size, double margin) {
        int n = size.has("countedDuets") ? size.path("countedDuets").asInt() : size.path("duets").asInt();
        JsonNode ratio = size.path("ratio");
        if (n == 0 || !ratio.isNumber()) {
            return PairedTest.of(new double[0], margin);
        }
        double mean = Math.log(ratio.asDouble());
        double sd = 0;
        if (n >= 2) {
            double half95 = (Math.log1p(size.path("ci95HighPercent").asDouble() / 100)
                    - Math.log1p(size.path("ci95LowPercent").asDouble() / 100)) / 2;
            sd = half95 / PairedTest.half95(1, n - 1, 0) * Math.sqrt(n);
        }
        PairedTest.Result result = PairedTest.of(logRatios(n, mean, sd), margin);
        check(size, "ci95", result.lowPercent(), result.highPercent());
        JsonNode deciding = size.path("decidingInterval");
        if (deciding.path("level").asInt() == 90) {
            check(deciding, "", result.low90Percent(), result.high90Percent());
        }
        if (size.has("ci90LowPercent")) {
            check(size, "ci90", result.low90Percent(), result.high90Percent());
        }
        return result;
    }

    /** n log ratios with this mean and sample sd: ±sd·c around the mean (a zero for odd n), c making the sd exact. */
    static double[] logRatios(int n, double mean, double sd) {
        double[] logs = new double[n];
        int pairs = n / 2;
        double c = n < 2 ? 0 : Math.sqrt((n - 1) / (2.0 * pairs));
        for (int i = 0; i < n; i++) {
            logs[i] = mean + (i < 2 * pairs ? (i % 2 == 0 ? sd * c : -sd * c) : 0);
        }
        return logs;
    }

    private static void check(JsonNode node, String prefix, double low, double high) {
        String lowName = prefix.isEmpty() ? "lowPercent" : prefix + "LowPercent";
        String highName = prefix.isEmpty() ? "highPercent" : prefix + "HighPercent";
        if (!node.path(lowName).isNumber() || !node.path(highName).isNumber()) {
            return;
        }
        if (Math.abs(node.path(lowName).asDouble() - low) > TOLERANCE_PERCENT
                || Math.abs(node.path(highName).asDouble() - high) > TOLERANCE_PERCENT) {
            throw new IllegalStateException(String.format(java.util.Locale.ROOT, "kept %s/%s %s .. %s not rebuilt "
                    + "(%s .. %s): the count is not the duets counted, or the interval held a between-sitting term",
                    lowName, highName, node.path(lowName).asText(), node.path(highName).asText(), low, high));
        }
    }

    /** {@code KeptSearch DIR...}: each kept search's size.json under today's rule, as one JSON object by DIR. */
    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: KeptSearch DIR... (each a kept size search: size.json, environment.json)");
            System.exit(2);
        }
        ObjectNode all = Json.object();
        for (String dir : args) {
            all.set(dir, rederive(Path.of(dir)));
        }
        System.out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(all));
    }
}
