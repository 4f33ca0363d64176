package dev.poolbench.bench.compare.size;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.run.RecordedRuns;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The answer of {@code ./poolbench size}, from its results directory: per pool, the smallest
 * size equivalent to the reference size (its ratio and deciding interval) and the next smaller
 * candidate (slower), or what is still open; the prediction of the reference run and its check;
 * HikariCP's formula beside it; the duets spent and the wall time. Writes size.txt and size.json
 * and prints the text.
 */
public final class SizeReport {

    /** environment.json options' key of a size search's settings (candidates, reference size, budget). */
    public static final String OPTIONS_KEY = "sizeSearch";

    private SizeReport() {
    }

    /**
     * The report again from a size search's results directory ({@code ./poolbench summarize}), with the
     * search's settings as environment.json recorded them; false when the directory holds no size search.
     */
    public static boolean rewrite(Path dir, JsonNode environment, PrintStream out) throws IOException {
        JsonNode options = environment.path("options");
        JsonNode search = options.path(OPTIONS_KEY);
        if (!search.isObject()) {
            return false;
        }
        List<Integer> candidates = new ArrayList<>();
        search.path("candidates").forEach(c -> candidates.add(c.asInt()));
        List<String> profiles = new ArrayList<>();
        options.path("profiles").forEach(p -> profiles.add(p.asText()));
        double margin = options.path("equivalenceMarginPercent").asDouble(5.0);
        String stopReason = environment.hasNonNull("roundsStopReason") ? environment.get("roundsStopReason").asText()
                : null;
        write(dir, profiles, candidates, margin, stopReason, environment.path("wallMillis").asDouble() / 60_000, out);
        return true;
    }

    /**
     * @param candidates the sizes searched, ascending, the reference size the largest
     * @param stopReason why the search stopped (the plan's), null when unknown
     * @return 0 when every pool's answer is decided, 1 when some search is left open
     */
    public static int write(Path dir, List<String> profiles, List<Integer> candidates, double marginPercent,
                            String stopReason, double wallMinutes, PrintStream out) throws IOException {
        List<RunRecord> runs = RecordedRuns.readRuns(dir);
        JsonNode environment = Files.isRegularFile(dir.resolve("environment.json"))
                ? Json.read(dir.resolve("environment.json")) : null;
        SizingFormula formula = SizingFormula.of(environment);
        Replicas.ServerDefault server = Replicas.ServerDefault.of(environment);
        SizeSearch search = new SizeSearch(candidates, SizeSearchRule.MAX_DUETS_PER_SIZE);
        int reference = search.reference();
        List<String> text = new ArrayList<>();
        ObjectNode json = Json.object();
        json.put("schema", 1);
        json.put("referenceSize", reference);
        json.set("candidates", Json.MAPPER.valueToTree(candidates));
        json.put("equivalenceMarginPercent", marginPercent);
        json.put("assumption", "throughput does not fall as the pool grows up to the reference size");
        text.add(String.format(Locale.ROOT, "Size search: the smallest pool size whose throughput is equivalent "
                + "(within ±%s %%) to size %d, decided by duets against size %d; candidates %s. Assumption: "
                + "throughput does not fall as the pool grows up to size %d.", PairedVerdict.marginText(marginPercent),
                reference, reference, candidates, reference));
        boolean allDecided = true;
        ArrayNode pools = json.putArray("pools");
        for (String profile : profiles) {
            ObjectNode pool = pools.addObject();
            allDecided &= pool(dir, runs, profile, candidates, search, marginPercent, formula, server, text, pool);
        }
        int duets = SizeSearchRule.duets(runs);
        text.add(String.format(Locale.ROOT, "Spent: %d duets, %.1f min wall time%s.", duets, wallMinutes,
                stopReason == null ? "" : "; " + stopReason));
        json.put("duets", duets);
        json.put("wallMinutes", wallMinutes);
        json.put("stopReason", stopReason);
        json.put("decided", allDecided);
        String all = String.join("\n", text) + "\n";
        Files.writeString(dir.resolve("size.txt"), all);
        Json.write(dir.resolve("size.json"), json);
        out.print(all);
        out.println("size: " + dir.resolve("size.txt") + ", " + dir.resolve("size.json"));
        return allDecided ? 0 : 1;
    }

    /** One pool's lines and JSON; returns whether its answer is decided. */
    private static boolean pool(Path dir, List<RunRecord> runs, String profile, List<Integer> candidates,
                                SizeSearch search, double margin, SizingFormula formula,
                                Replicas.ServerDefault server, List<String> text,
                                ObjectNode json) {
        int reference = search.reference();
        Map<Integer, PairedTest.Result> verdicts = SizeSearchRule.verdicts(runs, profile, candidates, margin);
        Map<Integer, SizeSearch.Outcome> outcomes = SizeSearchRule.outcomes(runs, profile, candidates, margin);
        SizeSearch.Answer answer = search.answer(outcomes);
        json.put("profile", profile);
        json.put("result", answer.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        text.add("");
        switch (answer.kind()) {
            case KNEE -> {
                text.add(profile + ": smallest equivalent size " + answer.knee() + ": " + sizeText(answer.knee(),
                        reference, verdicts) + "; the next smaller size, " + answer.slower() + ", is slower: "
                        + sizeText(answer.slower(), reference, verdicts) + ".");
                json.put("smallestEquivalentSize", answer.knee());
                json.put("nextSmallerSlowerSize", answer.slower());
            }
            case NONE_SLOWER -> {
                text.add(profile + ": no size is slower: the workload never needs more than the smallest size tried ("
                        + answer.knee() + "): " + sizeText(answer.knee(), reference, verdicts) + ".");
                json.put("smallestEquivalentSize", answer.knee());
            }
            case OPEN -> {
                text.add(profile + ": not decided: the smallest equivalent size S is in "
                        + SizeSearchRule.interval(answer) + (answer.slower() == null ? " (no size decided slower yet"
                        : " (" + answer.slower() + " is decided slower") + "; " + (answer.knee() == reference
                        ? reference + " is the reference)" : answer.knee() + " is decided equivalent)") + (answer.stuck().isEmpty() ? "" : "; given up after "
                        + SizeSearchRule.MAX_DUETS_PER_SIZE + " duets each, too close to the margin to tell: size "
                        + answer.stuck()) + ".");
                json.put("knownEquivalentSize", answer.knee());
                if (answer.slower() != null) {
                    json.put("knownSlowerSize", answer.slower());
                }
            }
        }
        ArrayNode sizes = json.putArray("sizes");
        List<String> tried = new ArrayList<>();
        verdicts.forEach((size, result) -> {
            ObjectNode s = sizes.addObject();
            s.put("size", size);
            s.put("duets", outcomes.get(size).duets());
            s.put("verdict", result.word().label());
            putNumber(s, "ratio", 1 + result.estimatePercent() / 100);
            putNumber(s, "ci95LowPercent", result.lowPercent());
            putNumber(s, "ci95HighPercent", result.highPercent());
            if (result.n() >= 2) {
                // The interval that decided the word: 90 % for equivalent, 95 % otherwise.
                PairedTest.Interval deciding = result.decidingInterval();
                ObjectNode d = s.putObject("decidingInterval");
                d.put("level", deciding.level());
                putNumber(d, "lowPercent", deciding.lowPercent());
                putNumber(d, "highPercent", deciding.highPercent());
            }
            tried.add(size + " " + result.word().label() + " (" + outcomes.get(size).duets() + ")");
        });
        text.add("  sizes duetted against " + reference + " (duets): " + (tried.isEmpty() ? "none"
                : String.join(", ", tried)));
        search.contradictions(outcomes).forEach(c -> text.add("  against the monotonicity assumption: " + c));
        json.set("contradictions", Json.MAPPER.valueToTree(search.contradictions(outcomes)));
        Integer knee = answer.kind() == SizeSearch.Kind.OPEN ? null : answer.knee();
        if (knee != null) {
            text.add("  " + Replicas.line(knee, server.maxConnections()) + " (" + server.whose() + ")");
            ObjectNode r = json.putObject("replicas");
            r.put("maxConnections", server.maxConnections());
            r.put("held", Replicas.held(knee, server.maxConnections()));
            r.put("heldDuringRollingUpdate", Replicas.heldDuringRollingUpdate(knee, server.maxConnections()));
        }
        SizePrediction prediction = SizeSearchRule.predict(dir, runs, profile, reference);
        if (prediction != null) {
            text.add("  " + prediction.line());
            String check = prediction.check(knee, answer.kind() == SizeSearch.Kind.NONE_SLOWER);
            text.add("  check: " + check);
            ObjectNode p = prediction.json();
            p.put("check", check);
            json.set("prediction", p);
        } else {
            text.add("  prediction: none (no counted run at size " + reference + " with pool metrics)");
        }
        if (formula != null) {
            SizingFormula.Check check = formula.check(candidates, knee);
            String checkText = knee == null ? "no measured knee yet (the search is open)" : check.text();
            text.add("  " + formula.line() + "; the database runs on this machine too (local only): " + checkText);
            ObjectNode f = formula.json();
            f.put("check", check.code());
            f.put("checkText", checkText);
            json.set("formula", f);
        }
        return answer.kind() != SizeSearch.Kind.OPEN;
    }

    /** {@code 0.98× (-2.0 % [-4.1 .. +0.1]) over 4 duets, equivalent within ±5 %}. */
    private static String sizeText(Integer size, int reference, Map<Integer, PairedTest.Result> verdicts) {
        if (size == reference) {
            return "the reference size itself";
        }
        PairedTest.Result r = verdicts.get(size);
        return String.format(Locale.ROOT, "%.2f× of size %d, %s over %d duet%s, %s", 1 + r.estimatePercent() / 100,
                reference, r.interval(), r.n(), r.n() == 1 ? "" : "s", r.verdict().replace(" rounds", " duets"));
    }

    private static void putNumber(ObjectNode node, String name, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            node.putNull(name);
        } else {
            node.put(name, v);
        }
    }
}
