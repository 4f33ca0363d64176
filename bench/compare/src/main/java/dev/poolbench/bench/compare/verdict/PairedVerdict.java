package dev.poolbench.bench.compare.verdict;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.VerdictOptions;
import dev.poolbench.bench.compare.stats.BetweenSd;
import dev.poolbench.bench.compare.stats.DuetNoise;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.stats.Spread;
import dev.poolbench.bench.compare.util.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The verdict of one block (one pool size): every profile against the reference profile, paired
 * by round ({@link PairedTest}). A round pairs two runs when both counted; a profile with a
 * counted re-run in a round is represented by its last counted run of that round.
 */
public final class PairedVerdict {

    /** Default equivalence margin: see bench/README.md ("Verdict") for why 5 %. */
    public static final double DEFAULT_MARGIN_PERCENT = VerdictOptions.DEFAULT_MARGIN_PERCENT;

    /** One profile against the reference. */
    public record Entry(String profile, String reference, PairedTest.Result result, boolean duets) {

        Entry(String profile, String reference, PairedTest.Result result) {
            this(profile, reference, result, false);
        }

        /** This entry with its rounds needed predicted with the design's measured duet sd. */
        Entry withNoise(DuetNoise noise) {
            return new Entry(profile, reference, result.withNoise(noise), duets);
        }

        /** The verdict's words; the statistics count pairs as rounds, and a duet is the pair here. */
        public String verdictText() {
            return duets ? result.verdict().replace(" rounds", " duets") : result.verdict();
        }

        String line() {
            String unit = duets ? "duet" : "round";
            String verdict = verdictText();
            String within = result.withBetween() && result.n() >= 2 ? " (within-sitting only "
                    + result.withinInterval() + ")" : "";
            // Whatever the word, what the intervals do support: "undecided" alone hid "at most 6 % slower".
            String statement = result.n() >= 2 ? "; " + result.statement() : "";
            return String.format(Locale.ROOT, "%s vs %s: %s%s over %d %s: %s%s", profile, reference,
                    result.deciding(), within, result.n(), result.n() == 1 ? unit : unit + "s", verdict, statement);
        }

        public ObjectNode json() {
            ObjectNode n = Json.object();
            n.put("profile", profile);
            n.put("reference", reference);
            n.put("rounds", result.n());
            put(n, "differencePercent", result.estimatePercent());
            put(n, "ci95LowPercent", result.lowPercent());
            put(n, "ci95HighPercent", result.highPercent());
            put(n, "ci90LowPercent", result.low90Percent());
            put(n, "ci90HighPercent", result.high90Percent());
            if (result.n() >= 2) {
                // The interval the verdict rests on, so a reader of the JSON need not know the rule.
                PairedTest.Interval deciding = result.decidingInterval();
                ObjectNode d = n.putObject("decidingInterval");
                d.put("level", deciding.level());
                put(d, "lowPercent", deciding.lowPercent());
                put(d, "highPercent", deciding.highPercent());
                d.put("test", deciding.test());
                d.put("text", result.deciding());
            }
            put(n, "sdLogRatio", result.sdLog());
            n.put("verdict", result.word().label());
            n.put("text", verdictText());
            if (result.n() >= 2) {
                n.put("statement", result.statement());
                put(n, "supportedMarginPercent", result.supportedMarginPercent());
                n.put("direction", result.direction());
            }
            if (result.word() == PairedTest.Word.UNDECIDED && result.roundsNeeded() > 0) {
                n.put("roundsNeeded", result.roundsNeeded());
            }
            // What ./poolbench sittings pools across sittings: the log ratio, its within-sitting
            // standard error and df, and the between-sitting sd the interval above includes.
            Spread spread = result.spread();
            put(n, "meanLogRatio", spread.meanLog());
            put(n, "seLogRatio", spread.seLog());
            n.put("df", spread.df());
            n.put("betweenSittingSdLog", spread.betweenSdLog());
            put(n, "ci95WithinLowPercent", result.n() < 2 ? Double.NaN : spread.withinLowPercent());
            put(n, "ci95WithinHighPercent", result.n() < 2 ? Double.NaN : spread.withinHighPercent());
            return n;
        }
    }

    private PairedVerdict() {
    }

    /** The reference profile: --reference, else the first profile listed, else the first one run. */
    public static String reference(JsonNode environment, List<RunRecord> runs) {
        String chosen = Json.text(environment, "options.reference");
        if (chosen != null) {
            return chosen;
        }
        JsonNode listed = environment.path("options").path("profiles");
        if (listed.isArray() && !listed.isEmpty()) {
            return listed.get(0).asText();
        }
        return runs.isEmpty() ? null : runs.get(0).profile();
    }

    public static double marginPercent(JsonNode environment) {
        double margin = Json.number(environment, "options.equivalenceMarginPercent");
        return Double.isNaN(margin) ? DEFAULT_MARGIN_PERCENT : margin;
    }

    /** Every profile of {@code profiles} but the reference, against the reference. */
    public static List<Entry> of(List<RunRecord> blockRuns, List<String> profiles, String reference, double margin) {
        return of(blockRuns, profiles, reference, margin, BetweenSd.NONE);
    }

    /** As above, the intervals widened by the between-sitting sd {@code betweenSd} (NONE: none). */
    public static List<Entry> of(List<RunRecord> blockRuns, List<String> profiles, String reference, double margin,
                          BetweenSd betweenSd) {
        List<Entry> entries = new ArrayList<>();
        if (reference == null || !profiles.contains(reference) || SizeDuets.any(blockRuns)) {
            // A size search pairs each pool's sizes, never two pools: its verdicts are in its size.txt.
            return entries;
        }
        boolean duets = DuetPairs.any(blockRuns);
        Map<Integer, Double> ref = scoresByRound(blockRuns, reference, null);
        for (String p : profiles) {
            if (!p.equals(reference)) {
                entries.add(new Entry(p, reference, duets
                        ? DuetPairs.verdict(blockRuns, p, reference, margin, betweenSd)
                        : compare(scoresByRound(blockRuns, p, null), ref, margin, betweenSd), duets));
            }
        }
        return entries;
    }

    /**
     * As above with the comparison's between-sitting term, each undecided pair's rounds needed
     * predicted with the design's measured duet sd ({@link BetweenSitting#noise()}).
     */
    public static List<Entry> of(List<RunRecord> blockRuns, List<String> profiles, String reference, double margin,
                                 BetweenSitting between) {
        DuetNoise noise = between.noise();
        return of(blockRuns, profiles, reference, margin, between.sd()).stream().map(e -> e.withNoise(noise))
                .toList();
    }

    /** a against b on the rounds where both have a counted score. */
    public static PairedTest.Result compare(Map<Integer, Double> a, Map<Integer, Double> b, double margin) {
        return compare(a, b, margin, BetweenSd.NONE);
    }

    public static PairedTest.Result compare(Map<Integer, Double> a, Map<Integer, Double> b, double margin,
                                     BetweenSd betweenSd) {
        List<Double> logs = new ArrayList<>();
        a.forEach((round, score) -> {
            Double other = b.get(round);
            if (other != null && score > 0 && other > 0) {
                logs.add(Math.log(score / other));
            }
        });
        return PairedTest.of(logs.stream().mapToDouble(Double::doubleValue).toArray(), margin, betweenSd);
    }

    /**
     * Counted scores of one profile by round; {@code size} filters by pool size unless null
     * (the block's runs are of one size already).
     */
    public static Map<Integer, Double> scoresByRound(List<RunRecord> runs, String profile, Integer size) {
        Map<Integer, Double> byRound = new TreeMap<>();
        for (RunRecord r : runs) {
            if (r.counted() && r.profile().equals(profile) && (size == null || Objects.equals(size, r.poolSize()))
                    && !Double.isNaN(r.score())) {
                byRound.put(r.round(), r.score());
            }
        }
        return byRound;
    }

    /** The verdict lines of a block, from its rows (ranked) and paired entries. */
    public static List<String> lines(List<? extends RankedRow> rows, List<Entry> entries, String reference, double margin,
                              List<RunRecord> blockRuns) {
        return lines(rows, entries, reference, margin, blockRuns, null);
    }

    /** As above, with the line saying which variance the intervals include ({@code between} null: none). */
    public static List<String> lines(List<? extends RankedRow> rows, List<Entry> entries, String reference, double margin,
                              List<RunRecord> blockRuns, BetweenSitting between) {
        List<String> lines = new ArrayList<>();
        List<? extends RankedRow> ranked = rows.stream().filter(RankedRow::ranked).toList();
        rows.stream().filter(r -> !r.ranked()).forEach(r -> lines.add(
                r.profile() + " has no valid run, so it is left out of the ranking."));
        if (ranked.isEmpty()) {
            lines.add("No valid run: nothing to compare.");
            return lines;
        }
        if (SizeDuets.any(blockRuns)) {
            lines.add("Size duets: each pool at this size ran beside itself at the reference size, never beside "
                    + "another pool, so pools are not paired here; each size's verdict is in size.txt (./poolbench "
                    + "size).");
            return lines;
        }
        if (VariantDuets.any(blockRuns)) {
            lines.add("Variant duets: " + ranked.get(0).profile() + " ran beside itself on another variant in each "
                    + "window, so this block pairs nothing; the verdict is under the dimension that varies, below.");
            return lines;
        }
        if (ranked.size() == 1) {
            lines.add("Only " + ranked.get(0).profile() + " has valid runs here: nothing to compare it with.");
            return lines;
        }
        if (ranked.stream().noneMatch(r -> r.profile().equals(reference))) {
            lines.add("The reference " + reference + " has no valid run here: no paired verdict "
                    + "(choose another with --reference).");
            return lines;
        }
        if (DuetPairs.any(blockRuns)) {
            lines.add(String.format(Locale.ROOT, "Against %s, %s; %s", reference, DuetPairs.rule(),
                    decidingRule(margin)));
        } else {
            lines.add(String.format(Locale.ROOT, "Paired by round against %s: score difference; %s", reference,
                    decidingRule(margin)));
        }
        if (between != null) {
            lines.add(between.line());
        }
        for (Entry e : entries) {
            if (ranked.stream().anyMatch(r -> r.profile().equals(e.profile()))) {
                lines.add(e.line());
            }
        }
        if (DuetPairs.any(blockRuns)) {
            lines.add(DuetPairs.noiseLine(entries));
        }
        double cvMin = ranked.stream().mapToDouble(r -> r.sample().cvPercent()).min().orElse(Double.NaN);
        double cvMax = ranked.stream().mapToDouble(r -> r.sample().cvPercent()).max().orElse(Double.NaN);
        if (!Double.isNaN(cvMin)) {
            lines.add(String.format(Locale.ROOT,
                    "Run-to-run noise (coefficient of variation) is %.1f-%.1f %%.", cvMin, cvMax));
        }
        return lines;
    }

    /** How each word is decided, so the interval shown beside a verdict is read at its own level. */
    public static String decidingRule(double margin) {
        return String.format(Locale.ROOT, "each verdict shows the interval that decided it: faster / slower = "
                + "95 %% CI wholly above / below 0; equivalent = 90 %% CI inside ±%s %% (two one-sided tests); "
                + "undecided = neither, both shown.", marginText(margin));
    }

    public static String marginText(double margin) {
        return margin == Math.rint(margin) ? String.valueOf((long) margin) : String.format(Locale.ROOT, "%.1f", margin);
    }

    public static ArrayNode json(List<Entry> entries) {
        ArrayNode array = Json.object().arrayNode();
        entries.forEach(e -> array.add(e.json()));
        return array;
    }

    /** Labels of the profiles in first-seen order. */
    public static List<String> profiles(List<RunRecord> runs) {
        Map<String, Boolean> seen = new LinkedHashMap<>();
        runs.forEach(r -> seen.put(r.profile(), true));
        return List.copyOf(seen.keySet());
    }

    private static void put(ObjectNode node, String name, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            node.putNull(name);
        } else {
            node.put(name, v);
        }
    }
}
