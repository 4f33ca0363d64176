package dev.poolbench.bench.compare.verdict;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.stats.BetweenSd;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.variant.SessionStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A dimension of the plan compared value by value with its reference, for the same pool, pool
 * size and other dimensions, paired by round ({@link PairedTest}), or by window when they ran as
 * variant duets ({@link VariantDuets}): {@code --app-jar} (every build against the first listed),
 * {@code --session} (every Redis store against memory), {@code --plant} (against the first
 * listed) and, in variant duets, {@code --threads} and {@code --java}. Empty when the runs do not
 * vary in that dimension.
 */
public final class DimensionVerdict {

    /** A dimension of {@link RunVariant#key}, what its values are called, and what stays the same in a pair. */
    public enum Dimension {
        APP_BUILD(RunVariant.APP, "build", "App builds", "same pool, size, threads and JDK"),
        SESSION(RunVariant.SESSION, "session", "Session stores", "same pool, size, threads, JDK and app build"),
        PLANT(RunVariant.PLANT, "plant", "Planted differences (not pool differences)", "same pool, size and other "
                + "dimensions"),
        THREADS(RunVariant.THREADS, "threads", "Thread modes", "same pool, size and other dimensions"),
        JDK(RunVariant.JDK, "jdk", "JDKs", "same pool, size and other dimensions");

        final int part;
        final String field;
        public final String title;
        final String same;

        Dimension(int part, String field, String title, String same) {
            this.part = part;
            this.field = field;
            this.title = title;
            this.same = same;
        }

        /**
         * The reference value. App builds: the first of --app-jar (environment.json), else the
         * first one run. Session stores: memory when it ran, else the first of --session, else the
         * first one run.
         */
        String reference(JsonNode environment, List<RunRecord> runs) {
            String duetReference = runs.stream().map(r -> Json.text(r.json(), "duet.referenceVariant"))
                    .filter(Objects::nonNull).findFirst().orElse(null);
            if (duetReference != null) {
                // Variant duets: the plan's reference variant, recorded in every lane.
                return RunVariant.part(duetReference, part);
            }
            List<String> seen = runs.stream().map(r -> RunVariant.part(RunVariant.key(r.json()), part))
                    .filter(Objects::nonNull).distinct().toList();
            JsonNode listed = environment.path("options").path(this == APP_BUILD ? "appBuilds"
                    : this == PLANT ? "plant" : this == THREADS ? "threads" : this == JDK ? "java" : "session");
            if (this == SESSION && seen.contains(SessionStore.MEMORY.label())) {
                return SessionStore.MEMORY.label();
            }
            if (listed.isArray() && !listed.isEmpty()) {
                return this == APP_BUILD ? Json.text(listed.get(0), "name")
                        : this == JDK ? Json.text(listed.get(0), "feature") : listed.get(0).asText();
            }
            return seen.isEmpty() ? null : seen.get(0);
        }
    }

    /** One pool (at one size and the other dimensions): {@code value} against {@code reference}. */
    public record Entry(String profile, Integer poolSize, String variant, String value, String reference,
                 PairedTest.Result result, boolean duets) {

        Entry(String profile, Integer poolSize, String variant, String value, String reference,
              PairedTest.Result result) {
            this(profile, poolSize, variant, value, reference, result, false);
        }

        /** {@code exp(mean log ratio)}: the value's score as a multiple of the reference's. */
        double ratio() {
            return 1 + result.estimatePercent() / 100;
        }

        String line() {
            String where = RunVariant.describe(variant);
            return String.format(Locale.ROOT, "%s%s%s: %s vs %s: %s (%s) over %d %s: %s", profile,
                    poolSize == null ? "" : " @" + poolSize, where.isEmpty() ? "" : " (" + where + ")", value,
                    reference, result.n() == 0 ? "-" : String.format(Locale.ROOT, "%.2fx", ratio()),
                    result.deciding(), result.n(), unit(result.n()), duets ? result.verdict().replace(" rounds",
                            " duets") : result.verdict());
        }

        private String unit(int n) {
            return (duets ? "duet" : "round") + (n == 1 ? "" : "s");
        }
    }

    private DimensionVerdict() {
    }

    /** Every value but the reference against it, per pool, size and other dimensions, in the order run. */
    public static List<Entry> of(Dimension dimension, List<RunRecord> runs, JsonNode environment, double margin) {
        String reference = dimension.reference(environment, runs);
        List<Entry> entries = new ArrayList<>();
        if (reference == null) {
            return entries;
        }
        // The same term as the pools' pairs of this design: a plant or a session store moves from
        // sitting to sitting as a pool does (docs/validity.md, "Between sittings and coverage").
        BetweenSd betweenSd = BetweenSitting.of(environment, runs).sd();
        // Group key: size, variant without this dimension, profile; values: the runs by value.
        Map<List<Object>, Map<String, List<RunRecord>>> groups = new LinkedHashMap<>();
        for (RunRecord r : runs) {
            String key = RunVariant.key(r.json());
            String value = RunVariant.part(key, dimension.part);
            if (value == null) {
                continue;
            }
            List<Object> group = java.util.Arrays.asList(r.poolSize(), RunVariant.keyWithout(key, dimension.part),
                    r.profile());
            groups.computeIfAbsent(group, k -> new LinkedHashMap<>())
                    .computeIfAbsent(value, k -> new ArrayList<>()).add(r);
        }
        groups.forEach((group, byValue) -> {
            addEntries(entries, group, byValue, reference, margin, betweenSd);
            if (dimension == Dimension.SESSION && reference.equals(SessionStore.MEMORY.label())) {
                // The question users ask of Redis: a pool of connections against the one shared
                // connection (Spring Data Redis's default), not only each against memory.
                addPair(entries, group, byValue, SessionStore.REDIS_POOLED.label(), SessionStore.REDIS_SHARED.label(),
                        margin, betweenSd);
            }
        });
        entries.sort(Comparator.comparing((Entry e) -> e.poolSize() == null ? -1 : e.poolSize())
                .thenComparing(e -> Objects.toString(e.variant(), "")));
        return entries;
    }

    private static void addEntries(List<Entry> entries, List<Object> group, Map<String, List<RunRecord>> byValue,
                                   String reference, double margin, BetweenSd betweenSd) {
        byValue.keySet().stream().filter(value -> !value.equals(reference))
                .forEach(value -> addPair(entries, group, byValue, value, reference, margin, betweenSd));
    }

    /** {@code value} against {@code reference} for one group, when both ran. */
    private static void addPair(List<Entry> entries, List<Object> group, Map<String, List<RunRecord>> byValue,
                                String value, String reference, double margin, BetweenSd betweenSd) {
        if (byValue.containsKey(value) && byValue.containsKey(reference)) {
            String profile = (String) group.get(2);
            List<RunRecord> valueRuns = byValue.get(value);
            boolean duets = VariantDuets.any(valueRuns);
            entries.add(new Entry(profile, (Integer) group.get(0), (String) group.get(1), value, reference, duets
                    ? VariantDuets.verdict(valueRuns, byValue.get(reference), margin, betweenSd)
                    : PairedVerdict.compare(PairedVerdict.scoresByRound(valueRuns, profile, null),
                            PairedVerdict.scoresByRound(byValue.get(reference), profile, null), margin, betweenSd),
                    duets));
        }
    }

    /** The summary's section, or empty text when the runs do not vary in the dimension. */
    public static String text(Dimension dimension, List<Entry> entries, double margin) {
        if (entries.isEmpty()) {
            return "";
        }
        String reference = entries.get(0).reference();
        // Other pairs than "value vs the reference" (redis-pooled vs redis-shared), named in the header.
        String others = entries.stream().filter(e -> !e.reference().equals(reference))
                .map(e -> "; " + e.value() + " also against " + e.reference()).distinct()
                .collect(java.util.stream.Collectors.joining());
        boolean duets = entries.stream().anyMatch(Entry::duets);
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s, %s against %s "
                + "(%s)%s: %s, difference; %s%n", dimension.title, duets
                        ? "paired by duet (both variants in the same window)" : "paired by round", reference,
                dimension.same, others, duets ? "ratio of passed pages over seconds " + (DuetPairs.ALIGN_SECONDS + 1)
                        + " to the end of each window" : "score ratio", PairedVerdict.decidingRule(margin)));
        out.append(varianceLine(entries)).append('\n');
        entries.forEach(e -> out.append("Verdict: ").append(e.line()).append('\n'));
        return out.toString();
    }

    /** Which variance the section's intervals include, as the pools' block says it. */
    static String varianceLine(List<Entry> entries) {
        double tau = entries.stream().mapToDouble(e -> e.result().spread().betweenSdLog()).max().orElse(0);
        return tau > 0 ? String.format(Locale.ROOT, "The 95 %% and 90 %% intervals include the between-sitting sd "
                + "%.2f %% of this design (docs/validity.md).", 100 * tau)
                : "Intervals: within-sitting only: another sitting may differ by more (docs/validity.md).";
    }

    /** The dimensions besides app builds and session stores: plants always, thread modes and JDKs in variant duets. */
    private static List<Dimension> more(List<RunRecord> runs) {
        return VariantDuets.any(runs) ? List.of(Dimension.PLANT, Dimension.THREADS, Dimension.JDK)
                : List.of(Dimension.PLANT);
    }

    /** The summary's sections of {@link #more} dimensions, each after an empty line; empty text when none varies. */
    public static String moreText(List<RunRecord> runs, JsonNode environment, double margin) {
        StringBuilder out = new StringBuilder();
        for (Dimension d : more(runs)) {
            String text = text(d, of(d, runs, environment, margin), margin);
            if (!text.isEmpty()) {
                out.append('\n').append(text);
            }
        }
        if (VariantDuets.any(runs)) {
            out.append('\n');
            VariantDuets.lines(runs).forEach(line -> out.append("Duet ").append(line).append('\n'));
        }
        return out.toString();
    }

    /** summary.json's {@code plants}, {@code threadModes}, {@code jdks}, when they vary. */
    public static void moreJson(ObjectNode root, List<RunRecord> runs, JsonNode environment, double margin) {
        for (Dimension d : more(runs)) {
            List<Entry> entries = of(d, runs, environment, margin);
            if (!entries.isEmpty()) {
                root.set(d == Dimension.PLANT ? "plants" : d == Dimension.THREADS ? "threadModes" : "jdks",
                        json(d, entries));
            }
        }
    }

    /** {@code appBuilds} / {@code sessionStores} of summary.json: the value under {@code build} / {@code session}. */
    public static ArrayNode json(Dimension dimension, List<Entry> entries) {
        ArrayNode array = Json.object().arrayNode();
        for (Entry e : entries) {
            ObjectNode n = array.addObject();
            n.put("profile", e.profile());
            n.put("poolSize", e.poolSize());
            n.put("variant", RunVariant.describe(e.variant()));
            n.put(dimension.field, e.value());
            n.put("reference", e.reference());
            n.put("rounds", e.result().n());
            if (e.result().n() > 0) {
                n.put("ratio", e.ratio());
            }
            ObjectNode paired = new PairedVerdict.Entry(e.value(), e.reference(), e.result()).json();
            paired.remove("profile");
            paired.remove("reference");
            paired.remove("rounds");
            n.setAll(paired);
        }
        return array;
    }
}
