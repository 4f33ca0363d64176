package dev.poolbench.bench.compare.verdict;

import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.stats.BetweenSd;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Variant duets (plan.RunPlan#variantDuets): one pool in both lanes of a window, on two variants
 * of the plan (session store, app build, thread mode, JDK, plant), each against the reference
 * variant. Paired by window as profile duets are ({@link DuetPairs}: aligned passed pages), so the
 * verdict of a dimension ({@link DimensionVerdict}) and {@code --until-decided} ({@link DecidedRule})
 * see the duet's noise, not the solo runs'.
 */
public final class VariantDuets {

    /** One pool at one size: {@code otherKey} against {@code referenceKey} (variant keys). */
    record Pair(String profile, Integer poolSize, String otherKey, String referenceKey, PairedTest.Result result) {

        String where() {
            return profile + (poolSize == null ? "" : " @" + poolSize) + " " + differing(otherKey, referenceKey)
                    + " vs " + differing(referenceKey, otherKey);
        }
    }

    private static final String[] PART_NAMES = {"threads", "JDK", "app build", "session", "plant"};

    private VariantDuets() {
    }

    /** The parts of variant {@code key} that differ from {@code other}'s: {@code plant cpu:200us}. */
    static String differing(String key, String other) {
        List<String> text = new ArrayList<>();
        for (int i = RunVariant.THREADS; i <= RunVariant.PLANT; i++) {
            String part = RunVariant.part(key, i);
            if (!Objects.equals(part, RunVariant.part(other, i))) {
                text.add(PART_NAMES[i] + " " + part);
            }
        }
        return text.isEmpty() ? RunVariant.describe(key) : String.join(", ", text);
    }

    public static boolean any(List<RunRecord> runs) {
        return runs.stream().anyMatch(r -> r.json().path("duet").has("referenceVariant"));
    }

    private static boolean isReference(RunRecord lane) {
        return Objects.equals(RunVariant.key(lane.json()), Json.text(lane.json(), "duet.referenceVariant"));
    }

    /**
     * {@code value}'s runs against {@code reference}'s, paired by the window they shared; the
     * interval widened by the between-sitting sd {@code betweenSd} (NONE: none), as a pair of pools is.
     */
    static PairedTest.Result verdict(List<RunRecord> value, List<RunRecord> reference, double margin,
                                     BetweenSd betweenSd) {
        Map<String, RunRecord> referenceByWindow = new HashMap<>();
        reference.forEach(r -> referenceByWindow.put(Json.text(r.json(), "duet.window"), r));
        List<Double> logs = new ArrayList<>();
        for (RunRecord v : value) {
            RunRecord ref = referenceByWindow.get(Json.text(v.json(), "duet.window"));
            double log = logRatio(v, ref);
            if (!Double.isNaN(log)) {
                logs.add(log);
            }
        }
        return PairedTest.of(logs.stream().mapToDouble(Double::doubleValue).toArray(), margin, betweenSd);
    }

    /** log(aligned pages of {@code lane} / those of {@code reference}), NaN unless both counted and measured. */
    private static double logRatio(RunRecord lane, RunRecord reference) {
        if (lane == null || reference == null || !lane.counted() || !reference.counted()) {
            return Double.NaN;
        }
        double a = DuetPairs.alignedPages(lane);
        double b = DuetPairs.alignedPages(reference);
        return a > 0 && b > 0 ? Math.log(a / b) : Double.NaN;
    }

    /** Every variant pair of the runs, in the order first run, with its verdict so far (intervals as {@link #verdict}). */
    static List<Pair> pairs(List<RunRecord> runs, double margin, BetweenSd betweenSd) {
        Map<List<Object>, List<Double>> logs = new LinkedHashMap<>();
        for (DuetPairs.Duet d : DuetPairs.of(runs)) {
            if (d.lane0() == null || d.lane1() == null || !d.lane0().json().path("duet").has("referenceVariant")) {
                continue;
            }
            RunRecord ref = isReference(d.lane0()) ? d.lane0() : d.lane1();
            RunRecord other = ref == d.lane0() ? d.lane1() : d.lane0();
            List<Object> key = java.util.Arrays.asList(other.profile(), other.poolSize(),
                    RunVariant.key(other.json()), RunVariant.key(ref.json()));
            List<Double> pairLogs = logs.computeIfAbsent(key, k -> new ArrayList<>());
            double log = logRatio(other, ref);
            if (!Double.isNaN(log)) {
                pairLogs.add(log);
            }
        }
        List<Pair> pairs = new ArrayList<>();
        logs.forEach((k, l) -> pairs.add(new Pair((String) k.get(0), (Integer) k.get(1), (String) k.get(2),
                (String) k.get(3), PairedTest.of(l.stream().mapToDouble(Double::doubleValue).toArray(), margin, betweenSd))));
        return pairs;
    }

    /** One line per variant duet: its window, the ratio of the other variant to the reference, the lane-0 variant. */
    static List<String> lines(List<RunRecord> runs) {
        List<String> lines = new ArrayList<>();
        for (DuetPairs.Duet d : DuetPairs.of(runs)) {
            if (d.lane0() == null || d.lane1() == null || !d.lane0().json().path("duet").has("referenceVariant")) {
                continue;
            }
            RunRecord ref = isReference(d.lane0()) ? d.lane0() : d.lane1();
            RunRecord other = ref == d.lane0() ? d.lane1() : d.lane0();
            double log = logRatio(other, ref);
            String otherKey = RunVariant.key(other.json());
            String refKey = RunVariant.key(ref.json());
            lines.add(String.format(Locale.ROOT, "%s: %s / %s %s (lane 0: %s)%s", d.window(),
                    differing(otherKey, refKey), differing(refKey, otherKey),
                    Double.isNaN(log) ? "-" : String.format(Locale.ROOT, "%.3f", Math.exp(log)),
                    d.lane0() == ref ? differing(refKey, otherKey) : differing(otherKey, refKey),
                    d.counted() ? "" : ", not counted"));
        }
        return lines;
    }
}
