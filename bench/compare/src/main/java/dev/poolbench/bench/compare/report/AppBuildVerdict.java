package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * {@code --app-jar}: every app build against the reference build (the first listed), for the same
 * pool, pool size, thread mode and JDK, paired by round ({@link PairedTest}): the interleaved,
 * paired ratio of two builds of the app. Empty when the runs carry no app build.
 */
public final class AppBuildVerdict {

    /** One pool (at one size, thread mode, JDK): {@code build} against {@code reference}. */
    record Entry(String profile, Integer poolSize, String variant, String build, String reference,
                 PairedTest.Result result) {

        /** {@code exp(mean log ratio)}: the build's score as a multiple of the reference's. */
        double ratio() {
            return 1 + result.estimatePercent() / 100;
        }

        String line() {
            String where = RunVariant.describe(variant);
            return String.format(Locale.ROOT, "%s%s%s: %s vs %s: %s (%s) over %d %s: %s", profile,
                    poolSize == null ? "" : " @" + poolSize, where.isEmpty() ? "" : " (" + where + ")", build,
                    reference, result.n() == 0 ? "-" : String.format(Locale.ROOT, "%.2fx", ratio()),
                    result.interval(), result.n(), result.n() == 1 ? "round" : "rounds", result.verdict());
        }
    }

    private AppBuildVerdict() {
    }

    /** The reference build: the first of --app-jar (environment.json), else the first one run. */
    static String reference(JsonNode environment, List<RunRecord> runs) {
        JsonNode listed = environment.path("options").path("appBuilds");
        if (listed.isArray() && !listed.isEmpty()) {
            return Json.text(listed.get(0), "name");
        }
        return runs.stream().map(r -> Json.text(r.json(), "appBuild")).filter(Objects::nonNull).findFirst()
                .orElse(null);
    }

    /** Every build but the reference against it, per pool, size, thread mode and JDK, in the order run. */
    static List<Entry> of(List<RunRecord> runs, JsonNode environment, double margin) {
        String reference = reference(environment, runs);
        List<Entry> entries = new ArrayList<>();
        if (reference == null) {
            return entries;
        }
        // Group key: size, variant without the build, profile; values: the runs by build.
        Map<List<Object>, Map<String, List<RunRecord>>> groups = new LinkedHashMap<>();
        for (RunRecord r : runs) {
            String key = RunVariant.key(r.json());
            String build = RunVariant.appOf(key);
            if (build == null) {
                continue;
            }
            List<Object> group = java.util.Arrays.asList(r.poolSize(), RunVariant.keyWithoutApp(key), r.profile());
            groups.computeIfAbsent(group, k -> new LinkedHashMap<>())
                    .computeIfAbsent(build, k -> new ArrayList<>()).add(r);
        }
        groups.forEach((group, byBuild) -> {
            List<RunRecord> referenceRuns = byBuild.get(reference);
            if (referenceRuns == null) {
                return;
            }
            Map<Integer, Double> ref = PairedVerdict.scoresByRound(referenceRuns, (String) group.get(2), null);
            byBuild.forEach((build, buildRuns) -> {
                if (!build.equals(reference)) {
                    entries.add(new Entry((String) group.get(2), (Integer) group.get(0), (String) group.get(1), build,
                            reference, PairedVerdict.compare(
                                    PairedVerdict.scoresByRound(buildRuns, (String) group.get(2), null), ref, margin)));
                }
            });
        });
        entries.sort(Comparator.comparing((Entry e) -> e.poolSize() == null ? -1 : e.poolSize())
                .thenComparing(e -> Objects.toString(e.variant(), "")));
        return entries;
    }

    /** The summary's section, or empty text when the runs have no app builds. */
    static String text(List<Entry> entries, double margin) {
        if (entries.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "App builds, paired by round against %s "
                + "(same pool, size, threads and JDK): score ratio, difference with its 95 %% interval; "
                + "equivalent = 90 %% interval inside ±%s %%.%n", entries.get(0).reference(),
                PairedVerdict.marginText(margin)));
        entries.forEach(e -> out.append("Verdict: ").append(e.line()).append('\n'));
        return out.toString();
    }

    static ArrayNode json(List<Entry> entries) {
        ArrayNode array = Json.object().arrayNode();
        for (Entry e : entries) {
            ObjectNode n = array.addObject();
            n.put("profile", e.profile());
            n.put("poolSize", e.poolSize());
            n.put("variant", RunVariant.describe(e.variant()));
            n.put("build", e.build());
            n.put("reference", e.reference());
            n.put("rounds", e.result().n());
            if (e.result().n() > 0) {
                n.put("ratio", e.ratio());
            }
            ObjectNode paired = new PairedVerdict.Entry(e.build(), e.reference(), e.result()).json();
            paired.remove("profile");
            paired.remove("reference");
            paired.remove("rounds");
            n.setAll(paired);
        }
        return array;
    }
}
