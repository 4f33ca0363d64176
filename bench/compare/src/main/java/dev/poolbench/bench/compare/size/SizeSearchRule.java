package dev.poolbench.bench.compare.size;

import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.StopRule;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import dev.poolbench.bench.compare.verdict.SizeDuets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * {@code ./poolbench size}: the rule that chooses every round of a plan of size duets
 * ({@link RunPlan#sizeDuets}). After each round it reads each pool's duets so far (each size
 * against the reference size, paired as in a sweep of duets: {@link SizeDuets#verdict}), takes the
 * prediction from the first counted reference lane ({@link SizePrediction}), asks
 * {@link SizeSearch} for the next sizes, and names them ({@link #pendingSizes}); it stops when every
 * pool's answer is in, nothing is left to try, or the budget (duets, minutes) would be overrun.
 */
public final class SizeSearchRule implements StopRule {

    /**
     * Duets after which a size shown neither within nor beyond the margin is given up (its loss
     * sits on the margin): a little more than --until-decided's default six rounds for a pair.
     */
    public static final int MAX_DUETS_PER_SIZE = 8;

    /** Fixed cost of a duet window beyond its measured and warm-up seconds (app and load JVM starts, checks), for the first estimate. */
    public static final int WINDOW_OVERHEAD_SECONDS = 20;

    private final List<String> profiles;
    private final List<Integer> candidates;
    private final double marginPercent;
    private final Integer maxDuets;
    private final Double maxMinutes;
    private final int windowSeconds;
    private final Path results;
    private final Consumer<String> log;
    private final SizeSearch search;
    private final long startNanos = System.nanoTime();
    private final Map<String, SizePrediction> predictions = new LinkedHashMap<>();
    private Map<String, Set<Integer>> pending = Map.of();

    /**
     * @param candidates    the sizes searched, ascending, the reference size the largest
     * @param windowSeconds measured + warm-up seconds of one window (the first estimate of its wall time)
     */
    public SizeSearchRule(List<String> profiles, List<Integer> candidates, double marginPercent, Integer maxDuets,
                          Double maxMinutes, int windowSeconds, Path results, Consumer<String> log) {
        this.profiles = List.copyOf(profiles);
        this.candidates = List.copyOf(candidates);
        this.marginPercent = marginPercent;
        this.maxDuets = maxDuets;
        this.maxMinutes = maxMinutes;
        this.windowSeconds = windowSeconds;
        this.results = results;
        this.log = log;
        this.search = new SizeSearch(candidates, MAX_DUETS_PER_SIZE);
    }

    @Override
    public String apply(List<RunRecord> runs) {
        Map<String, Set<Integer>> next = new LinkedHashMap<>();
        List<String> open = new ArrayList<>();
        for (String profile : profiles) {
            SizePrediction prediction = predictions.get(profile);
            if (prediction == null) {
                prediction = predict(results, runs, profile, search.reference());
                if (prediction != null) {
                    predictions.put(profile, prediction);
                    log.accept(profile + ": " + prediction.line());
                }
            }
            Map<Integer, SizeSearch.Outcome> outcomes = outcomes(runs, profile, candidates, marginPercent);
            SizeSearch.Step step = search.next(outcomes, prediction == null ? null : prediction.predicted());
            search.contradictions(outcomes).forEach(c -> log.accept(profile + ": against the monotonicity "
                    + "assumption: " + c));
            if (!step.done()) {
                next.put(profile, new TreeSet<>(step.next()));
                open.add(profile + " (" + interval(step.answer()) + "; next: size "
                        + step.next().stream().sorted().map(String::valueOf).collect(Collectors.joining(", "))
                        + ")");
            }
        }
        if (next.isEmpty()) {
            return "every pool's search has its answer (" + duets(runs) + " duets)";
        }
        int wanted = next.values().stream().mapToInt(Set::size).sum();
        if (maxDuets != null && duets(runs) + wanted > maxDuets && duets(runs) < maxDuets) {
            // The last duets of the budget: the smaller sizes first (the prediction's pair sorts together).
            wanted = trim(next, maxDuets - duets(runs));
        }
        String over = overBudget(runs, wanted);
        if (over != null) {
            return over + "; open: " + String.join(", ", open);
        }
        pending = Map.copyOf(next);
        log.accept("size search: " + String.join("; ", open));
        return null;
    }

    /** Keeps the first {@code left} sizes of the next round, pool by pool; returns how many are kept. */
    private static int trim(Map<String, Set<Integer>> next, int left) {
        int kept = 0;
        for (Map.Entry<String, Set<Integer>> e : next.entrySet()) {
            Set<Integer> sizes = new TreeSet<>();
            for (int size : e.getValue()) {
                if (kept < left) {
                    sizes.add(size);
                    kept++;
                }
            }
            e.setValue(sizes);
        }
        next.values().removeIf(Set::isEmpty);
        return kept;
    }

    /** Why the next round would overrun the budget, or null. */
    private String overBudget(List<RunRecord> runs, int wanted) {
        int spent = duets(runs);
        if (maxDuets != null && spent + wanted > maxDuets) {
            return "the budget (--max-duets " + maxDuets + ") is spent: " + spent + " duets run, the next round "
                    + "needs " + wanted;
        }
        double minutes = (System.nanoTime() - startNanos) / 60e9;
        double perWindow = spent == 0 ? (windowSeconds + WINDOW_OVERHEAD_SECONDS) / 60.0 : minutes / spent;
        if (maxMinutes != null && minutes + wanted * perWindow > maxMinutes) {
            return String.format(java.util.Locale.ROOT, "the budget (--max-minutes %s) would be overrun: %.1f min "
                    + "spent, the next round of %d duet(s) takes about %.1f min", PairedVerdict.marginText(maxMinutes),
                    minutes, wanted, wanted * perWindow);
        }
        return null;
    }

    @Override
    public Map<String, Set<Integer>> pendingSizes() {
        return pending;
    }

    @Override
    public boolean choosesEveryRound() {
        return true;
    }

    @Override
    public String goal() {
        return "every pool's knee was settled";
    }

    /** Duet windows run so far (each has one lane at the reference size). */
    static int duets(List<RunRecord> runs) {
        return (int) runs.stream().map(r -> r.json().path("duet").path("window").asText()).distinct().count();
    }

    /** {@code 4 < S <= 50}: where the knee S still is (above the largest size shown beyond the margin). */
    static String interval(SizeSearch.Answer answer) {
        return (answer.beyond() == null ? "" : answer.beyond() + " < ") + "S <= " + answer.knee();
    }

    /** Each size of {@code profile} duetted so far against the reference size (the largest candidate): its verdict. */
    static Map<Integer, PairedTest.Result> verdicts(List<RunRecord> runs, String profile, List<Integer> candidates,
                                                    double marginPercent) {
        int reference = candidates.get(candidates.size() - 1);
        Map<Integer, PairedTest.Result> verdicts = new TreeMap<>();
        for (int size : candidates.subList(0, candidates.size() - 1)) {
            if (windows(runs, profile, size) > 0) {
                verdicts.put(size, SizeDuets.verdict(runs, profile, size, reference, marginPercent));
            }
        }
        return verdicts;
    }

    /** The verdicts as the search sees them: each read against the margin, and the duets spent. */
    static Map<Integer, SizeSearch.Outcome> outcomes(List<RunRecord> runs, String profile, List<Integer> candidates,
                                                     double marginPercent) {
        Map<Integer, SizeSearch.Outcome> outcomes = new TreeMap<>();
        verdicts(runs, profile, candidates, marginPercent).forEach((size, result) -> outcomes.put(size,
                new SizeSearch.Outcome(SizeSearch.Word.of(result), windows(runs, profile, size))));
        return outcomes;
    }

    /** Duet windows of {@code profile} at {@code size} (the lane at that size; the other is at the reference). */
    private static int windows(List<RunRecord> runs, String profile, int size) {
        return (int) runs.stream().filter(r -> r.profile().equals(profile) && Integer.valueOf(size).equals(r.poolSize())
                && r.json().path("duet").has("referencePoolSize")).count();
    }

    /** The prediction of the first counted lane of {@code profile} at the reference size; null before there is one. */
    static SizePrediction predict(Path results, List<RunRecord> runs, String profile, int reference) {
        for (RunRecord r : runs) {
            if (r.counted() && r.profile().equals(profile) && Integer.valueOf(reference).equals(r.poolSize())) {
                try {
                    SizePrediction p = SizePrediction.of(results.resolve("runs").resolve(r.json().path("runDir")
                            .asText()));
                    if (p != null) {
                        return p;
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return null;
    }
}
