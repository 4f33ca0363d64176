package dev.poolbench.bench.compare.plan;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The order of the measured runs, handed out round after round. Interleaved (default): round 1
 * runs every profile once, then round 2, ..., so slow drift on a noisy machine spreads over all
 * pools. Sequential: all rounds of one profile in a row, the classic "three in a row" method.
 * With a stop rule ({@code --until-precision}) the plan adds whole interleaved rounds after the
 * first {@code runs} until the rule is met or {@code maxRounds} is reached; the runner reports
 * each finished run with {@link #record} so the rule can see it.
 */
public final class RunPlan implements Iterable<RunPlan.Planned> {

    /** One measured run; {@code sequence} counts from 1 in execution order. */
    public record Planned(int sequence, int round, String profile, Integer poolSize, boolean sweep, RunVariant variant) {

        public Planned(int sequence, int round, String profile, Integer poolSize, boolean sweep) {
            this(sequence, round, profile, poolSize, sweep, RunVariant.DEFAULT);
        }

        /** Directory name under runs/: {@code <round>-<profile>[-size][-threads][-jdkN]}. */
        public String dirName() {
            return round + "-" + profile + (sweep && poolSize != null ? "-" + poolSize : "") + variant.dirSuffix();
        }

        /** The Spring profile the app runs: the label without an A/A copy suffix ({@code hikari_2}). */
        public String appProfile() {
            return CompareOptions.appProfile(profile);
        }
    }

    /**
     * Decides after each extra-eligible round whether to go on: returns null to add a round, or
     * the reason to stop.
     */
    public interface StopRule extends Function<List<RunRecord>, String> {
    }

    /**
     * Makes the stop rule of {@code --until-precision} once the comparison knows its profiles,
     * sizes and reference (the rule itself is the verdict's: report.PrecisionRule).
     */
    public interface StopRuleFactory {
        StopRule create(List<String> profiles, List<Integer> sizes, String reference, Consumer<String> log);
    }

    private final List<String> profiles;
    private final List<Integer> sizes;
    private final List<RunVariant> variants;
    private final int minRounds;
    private final int maxRounds;
    private final String order;
    private final StopRule stopRule;
    private final List<RunRecord> finished = new ArrayList<>();
    private int sequence;
    private int rounds;
    private String stopReason;
    private boolean done;

    private RunPlan(List<String> profiles, List<Integer> sizes, List<RunVariant> variants, int minRounds,
                    int maxRounds, String order, StopRule stopRule) {
        this.profiles = List.copyOf(profiles);
        this.sizes = sizes;
        this.variants = List.copyOf(variants);
        this.minRounds = minRounds;
        this.maxRounds = stopRule == null ? minRounds : Math.max(minRounds, maxRounds);
        this.order = order;
        this.stopRule = stopRule;
    }

    /** A fixed plan of {@code runs} rounds. */
    public static List<Planned> of(List<String> profiles, List<Integer> sizes, int runs, String order) {
        List<Planned> all = new ArrayList<>();
        new RunPlan(profiles, sizes, List.of(RunVariant.DEFAULT), runs, runs, order, null).forEach(all::add);
        return List.copyOf(all);
    }

    /** A fixed plan of {@code runs} rounds over every variant (thread mode, JDK). */
    public static List<Planned> of(List<String> profiles, List<Integer> sizes, List<RunVariant> variants, int runs,
                            String order) {
        List<Planned> all = new ArrayList<>();
        new RunPlan(profiles, sizes, variants, runs, runs, order, null).forEach(all::add);
        return List.copyOf(all);
    }

    /** @param stopRule null for a fixed plan of {@code runs} rounds */
    public static RunPlan create(List<String> profiles, List<Integer> sizes, int runs, int maxRounds, String order,
                          StopRule stopRule) {
        return new RunPlan(profiles, sizes, List.of(RunVariant.DEFAULT), runs, maxRounds, order, stopRule);
    }

    /** As {@link #create(List, List, int, int, String, StopRule)}, over every variant (thread mode, JDK). */
    public static RunPlan create(List<String> profiles, List<Integer> sizes, List<RunVariant> variants, int runs,
                          int maxRounds, String order, StopRule stopRule) {
        return new RunPlan(profiles, sizes, variants, runs, maxRounds, order, stopRule);
    }

    /** Runs per round. */
    public int roundSize() {
        return profiles.size() * sizes.size() * variants.size();
    }

    /** Rounds planned so far (grows with an adaptive plan). */
    int rounds() {
        return Math.max(rounds, minRounds);
    }

    /** Runs planned so far. */
    public int plannedRuns() {
        return rounds() * roundSize();
    }

    /** A finished run, for the stop rule. */
    public void record(RunRecord run) {
        finished.add(run);
    }

    /** Why an adaptive plan stopped adding rounds; null for a fixed plan or before the end. */
    public String stopReason() {
        return stopReason;
    }

    @Override
    public Iterator<Planned> iterator() {
        if ("sequential".equals(order)) {
            List<Planned> plan = new ArrayList<>();
            boolean sweep = sizes.size() > 1;
            for (Integer size : sizes) {
                for (RunVariant variant : variants) {
                    for (String profile : profiles) {
                        for (int round = 1; round <= minRounds; round++) {
                            plan.add(new Planned(++sequence, round, profile, size, sweep, variant));
                        }
                    }
                }
            }
            rounds = minRounds;
            return plan.iterator();
        }
        return new Iterator<>() {
            private Iterator<Planned> current = List.<Planned>of().iterator();

            @Override
            public boolean hasNext() {
                if (!current.hasNext()) {
                    current = nextRound().iterator();
                }
                return current.hasNext();
            }

            @Override
            public Planned next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return current.next();
            }
        };
    }

    /** The next round, or empty when the plan is done. */
    private List<Planned> nextRound() {
        if (done) {
            return List.of();
        }
        if (rounds >= minRounds) {
            done = true;
            if (stopRule == null) {
                return List.of();
            }
            String reason = stopRule.apply(List.copyOf(finished));
            if (reason != null) {
                stopReason = "stopped after " + rounds + " rounds: " + reason;
                return List.of();
            }
            if (rounds >= maxRounds) {
                stopReason = "stopped after " + rounds + " rounds: the budget (--max-runs " + maxRounds
                        + ") is spent before the precision was reached";
                return List.of();
            }
            done = false;
        }
        rounds++;
        boolean sweep = sizes.size() > 1;
        List<Planned> round = new ArrayList<>();
        for (Integer size : sizes) {
            for (RunVariant variant : variants) {
                for (String profile : profiles) {
                    round.add(new Planned(++sequence, rounds, profile, size, sweep, variant));
                }
            }
        }
        return round;
    }
}
