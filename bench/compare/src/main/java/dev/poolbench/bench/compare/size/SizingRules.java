package dev.poolbench.bench.compare.size;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The candidate sizing rules of one run at a size surely large enough (the reference run), each a
 * pool size, so the kept searches can tell which rule never undersizes (issue 53): the
 * time-weighted in-use count's p95, p99, p99.9 and max, Erlang C at a 1 % waiting probability,
 * and L + k·√L for k = 1, 1.5, 2, 3 (L = λ × W, the mean in use; square-root staffing).
 *
 * <p>A time-weighted percentile is the nearest rank on time: the p-th percentile is the smallest
 * in-use count k such that the run spent at least p % of its time with k or fewer connections in
 * use. A run that spent 90 % of its time at 3, 9 % at 5 and 1 % at 7 has p95 5, p99 5 (99 % of
 * the time at 5 or fewer), p99.9 7 and max 7. The counts come from every borrow and return
 * (run.json poolMetrics.inUseSecondsAtLevel); a run recorded before that falls back to the
 * once-a-second gauge (poolmetrics.csv active; the nearest rank on its samples), which misses the
 * peaks between samples: {@link Candidates#from} says which.
 *
 * <p>Every size is rounded up, at least 1, and capped at the load workers: no more connections
 * can ever be in use at once.
 */
final class SizingRules {

    /**
     * The rule the prediction takes: the in-use count's p99 over time. Compared with the other
     * candidates on 2026-12-07's first four searches with the count at every borrow, it never
     * undersized (it oversized two knees of 5 by a step: 7); L + 1.5·√L, which needs L alone, held in
     * those four and was chosen instead at 11:35 UTC, before the next searches were read; out of sample
     * it undersized UCP (4 against a knee of 5, L = 1.7 with bursts to 5) where the p99 held, so the
     * p99 stays: a pool too small loses throughput, one a step too big costs a connection.
     */
    static final String CHOSEN_RULE = "inUseP99";

    /** The k of the L + k·√L rules, as their names print them. */
    private static final List<String> SQRT_FACTORS = List.of("1", "1.5", "2", "3");

    /** Where the in-use rules came from. */
    static final String FROM_OCCUPANCY = "every borrow and return (run.json inUseSecondsAtLevel)";
    static final String FROM_GAUGE = "poolmetrics.csv active (per-second gauge): no borrow-resolution data";
    static final String FROM_NOTHING = "none: no in-use count recorded, only the queueing rules";

    /** The rules' names in the order size.json lists them. */
    static final List<String> NAMES = List.of("inUseP95", "inUseP99", "inUseP999", "inUseMax", "erlangC1Percent",
            "littlePlus1Sqrt", "littlePlus1.5Sqrt", "littlePlus2Sqrt", "littlePlus3Sqrt");

    private SizingRules() {
    }

    /**
     * @param sizes name -> size, in {@link #NAMES}' order (the in-use rules absent when nothing was recorded)
     * @param from  {@link #FROM_OCCUPANCY}, {@link #FROM_GAUGE} or {@link #FROM_NOTHING}
     */
    record Candidates(Map<String, Integer> sizes, String from) {

        /** {@code inUseP95 4, inUseP99 5, ...}: the printed line's brief list. */
        String brief() {
            StringBuilder b = new StringBuilder();
            sizes.forEach((name, size) -> b.append(b.length() == 0 ? "" : ", ").append(name).append(' ').append(size));
            return b.toString();
        }
    }

    /**
     * @param secondsAtLevel seconds at each in-use count (index k), null when not recorded
     * @param gauge          the per-second in-use gauge's samples, empty when not recorded
     * @param offeredLoad    L = λ × W, connections in use on average
     * @param workers        the load workers, null when unknown
     */
    static Candidates of(double[] secondsAtLevel, double[] gauge, double offeredLoad, Integer workers) {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        String from = FROM_NOTHING;
        if (secondsAtLevel != null && Arrays.stream(secondsAtLevel).sum() > 0) {
            from = FROM_OCCUPANCY;
            sizes.put("inUseP95", size(timeWeightedPercentile(secondsAtLevel, 95), workers));
            sizes.put("inUseP99", size(timeWeightedPercentile(secondsAtLevel, 99), workers));
            sizes.put("inUseP999", size(timeWeightedPercentile(secondsAtLevel, 99.9), workers));
            sizes.put("inUseMax", size(timeWeightedPercentile(secondsAtLevel, 100), workers));
        } else if (gauge.length > 0) {
            from = FROM_GAUGE;
            sizes.put("inUseP95", size(SizePrediction.percentile(gauge, 95), workers));
            sizes.put("inUseP99", size(SizePrediction.percentile(gauge, 99), workers));
            sizes.put("inUseP999", size(SizePrediction.percentile(gauge, 99.9), workers));
            sizes.put("inUseMax", size(Arrays.stream(gauge).max().orElse(1), workers));
        }
        sizes.putAll(queueing(offeredLoad, workers));
        return new Candidates(sizes, from);
    }

    /** The rules that need the offered load alone: Erlang C at 1 %, then L + k·√L; in {@link #NAMES}' order. */
    static Map<String, Integer> queueing(double offeredLoad, Integer workers) {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        sizes.put("erlangC1Percent", size(SizePrediction.erlangCSize(offeredLoad, SizePrediction.WAIT_PROBABILITY),
                workers));
        double l = Math.max(0, offeredLoad);
        for (String k : SQRT_FACTORS) {
            sizes.put("littlePlus" + k + "Sqrt", size(l + Double.parseDouble(k) * Math.sqrt(l), workers));
        }
        return sizes;
    }

    /** Whether a rule needs the in-use count (a percentile or the max), not the offered load alone. */
    static boolean needsInUseCount(String rule) {
        return rule.startsWith("inUse");
    }

    /**
     * The smallest in-use count k with at least p % of the time at k or fewer (nearest rank on
     * time); p = 100 gives the highest count with any time. NaN when no time was recorded.
     */
    static double timeWeightedPercentile(double[] secondsAtLevel, double p) {
        double total = Arrays.stream(secondsAtLevel).sum();
        if (!(total > 0)) {
            return Double.NaN;
        }
        int highest = secondsAtLevel.length - 1;
        while (highest > 0 && !(secondsAtLevel[highest] > 0)) {
            highest--;
        }
        // A relative tolerance: 99 % of the time summed from doubles must still count as 99 %.
        double needed = p / 100 * total * (1 - 1e-12);
        double cumulative = 0;
        for (int k = 0; k < highest; k++) {
            cumulative += secondsAtLevel[k];
            if (cumulative >= needed) {
                return k;
            }
        }
        return highest;
    }

    /** A rule's figure as a pool size: rounded up, at least 1, at most the load workers. */
    static int size(double figure, Integer workers) {
        int size = Double.isNaN(figure) ? 1 : Math.max(1, (int) Math.ceil(figure - 1e-9));
        return workers == null ? size : Math.min(size, workers);
    }

    /** The word of a rule's size against the knee, over the sizes the search could try (sorted). */
    static String check(int size, Integer knee, boolean smallest, List<Integer> steps) {
        if (knee == null) {
            return "no knee";
        }
        if (size < knee) {
            return smallest ? "not shown (below the smallest size tried)" : "undersizes";
        }
        int next = steps.stream().filter(s -> s > knee).findFirst().orElse(knee);
        return size <= next ? "holds" : "oversizes";
    }

    /** What the rule check says of a prediction without borrow-resolution data. */
    static final String NO_DATA = "no borrow-resolution data";

    /**
     * Each candidate rule of a size.json prediction against the knee ({@link #check}), as
     * {@code {"inUseP99": {"size": 6, "word": "holds"}, ...}}: the in-use rules only when the
     * candidates came from every borrow and return (a gauge misses the peaks: no word is made of
     * it), the queueing rules whenever L was measured; null when no rule can be checked.
     */
    static ObjectNode checks(JsonNode prediction, Integer knee, boolean smallest, List<Integer> steps) {
        boolean occupancy = FROM_OCCUPANCY.equals(prediction.path("candidatesFrom").asText());
        ObjectNode checks = Json.object();
        prediction.path("candidates").fields().forEachRemaining(rule -> {
            if (!occupancy && needsInUseCount(rule.getKey())) {
                return;
            }
            ObjectNode c = checks.putObject(rule.getKey());
            c.put("size", rule.getValue().asInt());
            c.put("word", check(rule.getValue().asInt(), knee, smallest, steps));
        });
        return checks.isEmpty() ? null : checks;
    }

    /**
     * A kept prediction under today's rules (KeptSearch): the queueing rules a search kept before
     * they existed are computed from its L = λ × W and load workers, and the predicted size becomes
     * {@link #CHOSEN_RULE}'s, the size measured then kept beside it as {@code measuredPrediction}.
     * A prediction without L stays as it was.
     */
    static void rederive(ObjectNode prediction) {
        JsonNode load = prediction.path("inUseMean");
        if (!load.isNumber()) {
            return;
        }
        JsonNode workers = prediction.path("loadWorkers");
        ObjectNode candidates = prediction.path("candidates").isObject()
                ? (ObjectNode) prediction.get("candidates") : prediction.putObject("candidates");
        queueing(load.asDouble(), workers.canConvertToInt() ? workers.asInt() : null)
                .forEach((rule, size) -> {
                    if (!candidates.has(rule)) {
                        candidates.put(rule, size);
                    }
                });
        // In NAMES' order, whatever the kept order: the rule added later among the others.
        ObjectNode ordered = Json.object();
        NAMES.stream().filter(candidates::has).forEach(rule -> ordered.set(rule, candidates.get(rule)));
        candidates.fieldNames().forEachRemaining(rule -> ordered.set(rule, candidates.get(rule)));
        candidates.removeAll();
        candidates.setAll(ordered);
        if (!prediction.has("candidatesFrom")) {
            prediction.put("candidatesFrom", FROM_NOTHING);
        }
        if (!CHOSEN_RULE.equals(prediction.path("predictedFrom").asText()) && candidates.has(CHOSEN_RULE)) {
            ObjectNode measured = prediction.putObject("measuredPrediction");
            measured.set("size", prediction.get("predictedSize"));
            measured.set("from", prediction.get("predictedFrom"));
            prediction.put("predictedSize", candidates.get(CHOSEN_RULE).asInt());
            prediction.put("predictedFrom", CHOSEN_RULE);
        }
    }

    /** Sets {@code ruleChecks} on a size.json prediction: the checks, or {@link #NO_DATA}. */
    static void putChecks(ObjectNode prediction, Integer knee, boolean smallest, List<Integer> steps) {
        ObjectNode checks = checks(prediction, knee, smallest, steps);
        if (checks == null) {
            prediction.put("ruleChecks", NO_DATA);
        } else {
            prediction.set("ruleChecks", checks);
        }
    }
}
