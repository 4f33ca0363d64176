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
import java.util.OptionalInt;

/**
 * The answer of {@code ./poolbench size}, from its results directory: per pool the knee (the
 * smallest size shown to lose less than the margin against the reference size, {@link SizeSearch})
 * with its ratio and 90 % interval, and how the next smaller candidate stands, or what is still
 * open; the prediction of the reference run and its check; HikariCP's formula beside it; the
 * duets spent and the wall time. Writes size.txt and size.json and prints the text. The answer's
 * parts are {@link KeptSearch}'s too, which reads a kept search again from its size.json alone.
 */
public final class SizeReport {

    /** environment.json options' key of a size search's settings (candidates, reference size, budget). */
    public static final String OPTIONS_KEY = "sizeSearch";

    /** size.json's schema: 2 reads each size against the margin (issue 53); 1 named the knee by the verdict's words. */
    static final int SCHEMA = 2;

    private SizeReport() {
    }

    /**
     * The report again from a size search's results directory ({@code ./poolbench summarize}), with the
     * search's settings as environment.json recorded them: {@link #write}'s exit status (1 when a size is
     * left open, so size.yml on hosts fails as the local command does), empty when the directory holds no
     * size search.
     */
    public static OptionalInt rewrite(Path dir, JsonNode environment, PrintStream out) throws IOException {
        JsonNode options = environment.path("options");
        JsonNode search = options.path(OPTIONS_KEY);
        if (!search.isObject()) {
            return OptionalInt.empty();
        }
        List<Integer> candidates = new ArrayList<>();
        search.path("candidates").forEach(c -> candidates.add(c.asInt()));
        List<String> profiles = new ArrayList<>();
        options.path("profiles").forEach(p -> profiles.add(p.asText()));
        double margin = options.path("equivalenceMarginPercent").asDouble(PairedVerdict.DEFAULT_MARGIN_PERCENT);
        String stopReason = environment.hasNonNull("roundsStopReason") ? environment.get("roundsStopReason").asText()
                : null;
        return OptionalInt.of(write(dir, profiles, candidates, margin, stopReason,
                environment.path("wallMillis").asDouble() / 60_000, out));
    }

    /**
     * @param candidates the sizes searched, ascending, the reference size the largest
     * @param stopReason why the search stopped (the plan's), null when unknown
     * @return 0 when every pool's answer is settled, 1 when some search is left open or unsettled
     */
    public static int write(Path dir, List<String> profiles, List<Integer> candidates, double marginPercent,
                            String stopReason, double wallMinutes, PrintStream out) throws IOException {
        List<RunRecord> runs = RecordedRuns.readRuns(dir);
        JsonNode environment = Files.isRegularFile(dir.resolve("environment.json"))
                ? Json.read(dir.resolve("environment.json")) : null;
        SizeSearch search = new SizeSearch(candidates, SizeSearchRule.MAX_DUETS_PER_SIZE);
        List<String> text = new ArrayList<>();
        ObjectNode json = Json.object();
        header(candidates, marginPercent, text, json);
        boolean allSettled = true;
        ArrayNode pools = json.putArray("pools");
        for (String profile : profiles) {
            ObjectNode pool = pools.addObject();
            Map<Integer, PairedTest.Result> verdicts = SizeSearchRule.verdicts(runs, profile, candidates,
                    marginPercent);
            SizeSearch.Answer answer = answer(profile, search, verdicts,
                    SizeSearchRule.outcomes(runs, profile, candidates, marginPercent), text, pool);
            allSettled &= answer.settled();
            replicas(answer, Replicas.Server.of(environment), text, pool);
            prediction(SizeSearchRule.predict(dir, runs, profile, search.reference()), answer, candidates, text, pool);
            formula(SizingFormula.of(environment), candidates, answer, text, pool);
        }
        int duets = SizeSearchRule.duets(runs);
        text.add(String.format(Locale.ROOT, "Spent: %d duets, %.1f min wall time%s.", duets, wallMinutes,
                stopReason == null ? "" : "; " + stopReason));
        json.put("duets", duets);
        json.put("wallMinutes", wallMinutes);
        json.put("stopReason", stopReason);
        json.put("decided", allSettled);
        String all = String.join("\n", text) + "\n";
        Files.writeString(dir.resolve("size.txt"), all);
        Json.write(dir.resolve("size.json"), json);
        out.print(all);
        out.println("size: " + dir.resolve("size.txt") + ", " + dir.resolve("size.json"));
        return allSettled ? 0 : 1;
    }

    /** The search's settings and its rule, first in size.txt and size.json. */
    static void header(List<Integer> candidates, double margin, List<String> text, ObjectNode json) {
        int reference = candidates.get(candidates.size() - 1);
        json.put("schema", SCHEMA);
        json.put("referenceSize", reference);
        json.set("candidates", Json.MAPPER.valueToTree(candidates));
        json.put("marginPercent", margin);
        json.put("rule", "the knee: the smallest size whose loss against the reference is shown under the margin "
                + "(the lower end of its 90 % interval above -margin), the next smaller size shown to lose more (the "
                + "upper end below -margin) or not shown within it");
        json.put("assumption", "throughput does not fall as the pool grows up to the reference size");
        text.add(String.format(Locale.ROOT, "Size search: per pool the knee, the smallest size shown to lose less "
                + "than %s %% against size %d (the lower end of its 90 %% interval above %.1f %%), the next smaller "
                + "size shown to lose more or not shown within; by duets against size %d, candidates %s. Assumption: "
                + "throughput does not fall as the pool grows up to size %d.", PairedVerdict.marginText(margin),
                reference, PairedTest.marginBoundsPercent(margin)[0], reference, candidates, reference));
    }

    /** One pool's answer and each size it duetted, in lines and JSON; the answer. */
    static SizeSearch.Answer answer(String profile, SizeSearch search, Map<Integer, PairedTest.Result> verdicts,
                                    Map<Integer, SizeSearch.Outcome> outcomes, List<String> text, ObjectNode json) {
        int reference = search.reference();
        SizeSearch.Answer answer = search.answer(outcomes);
        json.put("profile", profile);
        json.put("result", answer.kind().name().toLowerCase(Locale.ROOT));
        json.put("settled", answer.settled());
        text.add("");
        String margin = PairedVerdict.marginText(verdicts.values().stream().findFirst()
                .map(PairedTest.Result::marginPercent).orElse(PairedVerdict.DEFAULT_MARGIN_PERCENT)) + " %";
        switch (answer.kind()) {
            case KNEE -> {
                int below = answer.below();
                text.add(profile + ": knee " + answer.knee() + ", shown to lose less than " + margin + ": "
                        + sizeText(answer.knee(), reference, verdicts) + "; the next smaller size, " + below + ", "
                        + (answer.belowShownBeyond() ? "is shown to lose more"
                        : "is not shown within " + margin + (answer.settled() ? " (given up after "
                        + SizeSearchRule.MAX_DUETS_PER_SIZE + " duets: its loss sits on the margin)"
                        : " (unsettled: more duets on it could lower the knee)")) + ": "
                        + sizeText(below, reference, verdicts) + ".");
                json.put("kneeSize", answer.knee());
                json.put("nextSmallerSize", below);
                json.put("nextSmallerShown", answer.belowShownBeyond() ? "beyond" : "not within");
            }
            case SMALLEST -> {
                text.add(profile + ": knee at or below " + answer.knee() + ", the smallest size tried, shown to lose "
                        + "less than " + margin + ": " + sizeText(answer.knee(), reference, verdicts) + ".");
                json.put("kneeSize", answer.knee());
            }
            case OPEN -> {
                text.add(profile + ": open: the knee S is in " + SizeSearchRule.interval(answer) + " ("
                        + (answer.beyond() == null ? "no size shown to lose more than " + margin + " yet"
                        : answer.beyond() + " is shown to lose more than " + margin) + "; " + (answer.knee()
                        == reference ? reference + " is the reference" : answer.knee() + " is shown within") + ").");
                json.put("knownWithinSize", answer.knee());
                if (answer.beyond() != null) {
                    json.put("knownBeyondSize", answer.beyond());
                }
            }
        }
        sizes(verdicts, outcomes, reference, text, json);
        search.contradictions(outcomes).forEach(c -> text.add("  against the monotonicity assumption: " + c));
        json.set("contradictions", Json.MAPPER.valueToTree(search.contradictions(outcomes)));
        return answer;
    }

    /** Each size duetted: its verdict, how it stands to the margin, and both intervals. */
    private static void sizes(Map<Integer, PairedTest.Result> verdicts, Map<Integer, SizeSearch.Outcome> outcomes,
                              int reference, List<String> text, ObjectNode json) {
        ArrayNode sizes = json.putArray("sizes");
        List<String> tried = new ArrayList<>();
        verdicts.forEach((size, result) -> {
            SizeSearch.Outcome outcome = outcomes.get(size);
            ObjectNode s = sizes.addObject();
            s.put("size", size);
            s.put("duets", outcome.duets());
            s.put("countedDuets", result.n());
            s.put("againstMargin", outcome.word().label());
            s.put("verdict", result.word().label());
            putNumber(s, "ratio", 1 + result.estimatePercent() / 100);
            putNumber(s, "ci90LowPercent", result.low90Percent());
            putNumber(s, "ci90HighPercent", result.high90Percent());
            putNumber(s, "ci95LowPercent", result.lowPercent());
            putNumber(s, "ci95HighPercent", result.highPercent());
            tried.add(size + " " + outcome.word().label() + " (" + outcome.duets() + ")");
        });
        text.add("  sizes duetted against " + reference + ", against the margin (duets): " + (tried.isEmpty()
                ? "none" : String.join(", ", tried)));
    }

    /** The replicas line under a knee; nothing while the search is open. */
    static void replicas(SizeSearch.Answer answer, Replicas.Server server, List<String> text,
                         ObjectNode json) {
        if (answer.kind() == SizeSearch.Kind.OPEN) {
            return;
        }
        int knee = answer.knee();
        text.add("  " + Replicas.line(knee, server.maxConnections()) + " (" + server.whose() + ")");
        ObjectNode r = json.putObject("replicas");
        r.put("maxConnections", server.maxConnections());
        r.put("held", Replicas.held(knee, server.maxConnections()));
        r.put("heldDuringRollingUpdate", Replicas.heldDuringRollingUpdate(knee, server.maxConnections()));
    }

    private static void prediction(SizePrediction prediction, SizeSearch.Answer answer, List<Integer> candidates,
                                   List<String> text, ObjectNode json) {
        if (prediction == null) {
            text.add("  prediction: none (no counted run at the reference size with pool metrics)");
            return;
        }
        text.add("  " + prediction.line());
        String check = prediction.check(knee(answer), answer.kind() == SizeSearch.Kind.SMALLEST);
        text.add("  check: " + check);
        ObjectNode p = prediction.json();
        p.put("check", check);
        boolean smallest = answer.kind() == SizeSearch.Kind.SMALLEST;
        SizingRules.putChecks(p, knee(answer), smallest, candidates);
        JsonNode checks = p.path("ruleChecks");
        text.add("  rules against the knee: " + (checks.isObject() ? ruleWords(checks) : checks.asText()));
        json.set("prediction", p);
    }

    /** {@code inUseP99 6 holds, ...}. */
    private static String ruleWords(JsonNode checks) {
        List<String> words = new ArrayList<>();
        checks.fields().forEachRemaining(c -> words.add(c.getKey() + " " + c.getValue().path("size").asInt() + " "
                + c.getValue().path("word").asText()));
        return String.join(", ", words);
    }

    /** HikariCP's formula beside the knee, when environment.json names the database host's cores. */
    static void formula(SizingFormula formula, List<Integer> candidates, SizeSearch.Answer answer, List<String> text,
                        ObjectNode json) {
        if (formula == null) {
            return;
        }
        Integer knee = knee(answer);
        String checkText = knee == null ? "no measured knee yet (the search is open)"
                : formula.check(candidates, knee).text();
        text.add("  " + formula.line() + ": " + checkText);
        ObjectNode f = formula.json();
        f.put("check", formula.check(candidates, knee).code());
        f.put("checkText", checkText);
        json.set("formula", f);
    }

    /** The knee the prediction and the formula are checked against; null while the search is open. */
    static Integer knee(SizeSearch.Answer answer) {
        return answer.kind() == SizeSearch.Kind.OPEN ? null : answer.knee();
    }

    /** {@code 0.98× of size 16, -2.0 % 90 % CI [-3.7 .. -0.3] over 4 duets, slower, by less than 5 %}. */
    private static String sizeText(int size, int reference, Map<Integer, PairedTest.Result> verdicts) {
        if (size == reference) {
            return "the reference size itself";
        }
        PairedTest.Result r = verdicts.get(size);
        if (r.n() == 0) {
            return "no duet with both lanes counted";
        }
        return String.format(Locale.ROOT, "%.2f× of size %d, %+.1f %% %s over %d duet%s, %s",
                1 + r.estimatePercent() / 100, reference, r.estimatePercent(), r.n() < 2 ? "[no interval]"
                : new PairedTest.Interval(90, r.low90Percent(), r.high90Percent(), "margin").text(), r.n(),
                r.n() == 1 ? "" : "s", r.verdict().replace(" rounds", " duets"));
    }

    private static void putNumber(ObjectNode node, String name, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            node.putNull(name);
        } else {
            node.put(name, v);
        }
    }
}
