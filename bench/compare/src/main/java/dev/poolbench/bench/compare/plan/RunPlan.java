package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.stats.PairedTest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The order of the measured runs, handed out round after round. Interleaved (default): round 1
 * runs every profile once, then round 2, ..., so slow drift on a noisy machine spreads over all
 * pools. Sequential: all rounds of one profile in a row, the classic "three in a row" method.
 * With a stop rule ({@code --until-decided}, a size search) the plan adds interleaved
 * rounds after the first {@code runs} until the rule is met or {@code maxRounds} is reached (a
 * round of only the pairs the rule still needs, when it names them: {@link NextRound}); the
 * runner reports each finished run with {@link #record} so the rule can see it.
 */
public final class RunPlan implements Iterable<RunPlan.Planned> {

    /**
     * One measured run; {@code sequence} counts from 1 in execution order.
     *
     * @param lane its place in a duet window, or null when it has the window to itself
     */
    public record Planned(int sequence, int round, String profile, Integer poolSize, boolean sweep, RunVariant variant,
                          Lane lane) {

        public Planned(int sequence, int round, String profile, Integer poolSize, boolean sweep, RunVariant variant) {
            this(sequence, round, profile, poolSize, sweep, variant, null);
        }

        public Planned(int sequence, int round, String profile, Integer poolSize, boolean sweep) {
            this(sequence, round, profile, poolSize, sweep, RunVariant.DEFAULT);
        }

        /**
         * Directory name under runs/: {@code <round>-<profile>[-vs-<partner>][-size][-threads][-jdkN]}; a lane of
         * a size duet {@code <round>-<profile>-<size>-vs-<partner's size>[-threads][-jdkN]}.
         */
        public String dirName() {
            if (lane != null && lane.variants() != null) {
                return round + "-" + profile + variant.dirSuffix() + "-vs" + lane.variants().partnerOf(variant).dirSuffix();
            }
            if (lane != null && lane.sizes() != null) {
                return round + "-" + profile + "-" + poolSize + "-vs-" + lane.sizes().partnerOf(poolSize)
                        + variant.dirSuffix();
            }
            return round + "-" + profile + (lane == null ? "" : "-vs-" + lane.partner())
                    + (sweep && poolSize != null ? "-" + poolSize : "") + variant.dirSuffix();
        }

        /** The lane index within its window: 0 when alone. */
        public int laneIndex() {
            return lane == null ? 0 : lane.index();
        }

        /** The Spring profile the app runs: the label without an A/A copy suffix ({@code hikari_2}). */
        public String appProfile() {
            return CompareOptions.appProfile(profile);
        }
    }

    /** What one measured window holds: one run, or the two lanes of a duet, started at the same instant. */
    public record Window(List<Planned> lanes) {
        public Window {
            lanes = List.copyOf(lanes);
        }

        public Planned first() {
            return lanes.get(0);
        }

        public int round() {
            return first().round();
        }
    }

    private final List<String> profiles;
    private final List<Integer> sizes;
    private final List<RunVariant> variants;
    private final int minRounds;
    private final int maxRounds;
    private final String order;
    private final StopRule stopRule;
    private final List<RunRecord> finished = new ArrayList<>();
    /** The reference of a duet plan; null for solo windows and size duets. */
    private final String duetReference;
    /** The reference size of a sweep's duets (each size against it, pool by pool); null otherwise. */
    private final Integer duetReferenceSize;
    /** Variant duets: each profile on each variant against itself on the first variant. */
    private boolean variantDuets;
    private final long seed;
    private int sequence;
    private int rounds;
    /** Windows of the rounds built so far (an adaptive round may hold only the pairs still open). */
    private int windowsBuilt;
    /** The sequence of the last run of the latest round built. */
    private int roundEndSequence;
    private String stopReason;
    private boolean done;

    private RunPlan(List<String> profiles, List<Integer> sizes, List<RunVariant> variants, int minRounds,
                    int maxRounds, String order, StopRule stopRule) {
        this(profiles, sizes, variants, minRounds, maxRounds, order, stopRule, null, null, 0);
    }

    private RunPlan(List<String> profiles, List<Integer> sizes, List<RunVariant> variants, int minRounds,
                    int maxRounds, String order, StopRule stopRule, String duetReference, Integer duetReferenceSize,
                    long seed) {
        this.duetReference = duetReference;
        this.duetReferenceSize = duetReferenceSize;
        this.seed = seed;
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

    /**
     * Duets: each round holds one window of the reference against each other profile (per size
     * and variant), in an order drawn anew each round from {@code seed}; the reference's lane
     * alternates from round to round, so over two rounds each pool has had each lane once.
     */
    public static RunPlan duets(List<String> profiles, String reference, List<Integer> sizes,
                                List<RunVariant> variants, int runs, int maxRounds, StopRule stopRule, long seed) {
        if (!profiles.contains(reference) || profiles.size() < 2) {
            throw new IllegalArgumentException("a duet plan needs the reference " + reference
                    + " and another profile among " + profiles);
        }
        return new RunPlan(profiles, sizes, variants, runs, maxRounds, "interleaved", stopRule, reference, null,
                seed);
    }

    /**
     * A pool-size sweep as duets: each round holds, per profile and variant, one window of the
     * profile at each size against the same profile at {@code referenceSize}, in an order drawn
     * anew each round from {@code seed}; the reference size's lane alternates from round to round.
     */
    public static RunPlan sizeDuets(List<String> profiles, List<Integer> sizes, int referenceSize,
                                    List<RunVariant> variants, int runs, int maxRounds, StopRule stopRule, long seed) {
        if (!sizes.contains(referenceSize) || sizes.size() < 2) {
            throw new IllegalArgumentException("a sweep of duets needs the reference size " + referenceSize
                    + " and another size among " + sizes);
        }
        return new RunPlan(profiles, sizes, variants, runs, maxRounds, "interleaved", stopRule, null, referenceSize,
                seed);
    }

    /**
     * Variant duets: per round, profile and size, one window of each variant against the first
     * ({@link DuetWindows#variantDuets}); {@link StopRule#pending} names {@link RunVariant#key()}s.
     */
    public static RunPlan variantDuets(List<String> profiles, List<Integer> sizes, List<RunVariant> variants, int runs,
                                       int maxRounds, StopRule stopRule, long seed) {
        if (variants.size() < 2) {
            throw new IllegalArgumentException("variant duets need two variants or more, got " + variants);
        }
        RunPlan plan = new RunPlan(profiles, sizes, variants, runs, maxRounds, "interleaved", stopRule, null, null,
                seed);
        plan.variantDuets = true;
        return plan;
    }

    /** The variant every other is measured against in variant duets (null for other plans). */
    public RunVariant referenceVariant() {
        return variantDuets ? variants.get(0) : null;
    }

    /** Whether its windows hold two lanes. */
    public boolean duet() {
        return duetReference != null || duetReferenceSize != null || variantDuets;
    }

    /** Runs per round (a duet window counts two). */
    public int roundSize() {
        if (variantDuets) {
            return 2 * profiles.size() * sizes.size() * (variants.size() - 1);
        }
        if (duetReferenceSize != null) {
            return 2 * profiles.size() * (sizes.size() - 1) * variants.size();
        }
        int perBlock = duet() ? 2 * (profiles.size() - 1) : profiles.size();
        return perBlock * sizes.size() * variants.size();
    }

    /** Measured windows per round. */
    public int roundWindows() {
        return duet() ? roundSize() / 2 : roundSize();
    }

    /** Runs planned so far: those of the rounds built, then the rest of the first {@code runs} rounds. */
    public int plannedRuns() {
        return sequence + Math.max(0, minRounds - rounds) * roundSize();
    }

    /** Measured windows planned so far (a duet window holds two runs). */
    public int plannedWindows() {
        return windowsBuilt + Math.max(0, minRounds - rounds) * roundWindows();
    }

    /** Whether a stop rule may add rounds (then the window after a round's last is not known before it ends). */
    public boolean adaptive() {
        return stopRule != null;
    }

    /** Whether {@code window} is the last of the latest round handed out. */
    public boolean endsRound(Window window) {
        return window.lanes().get(window.lanes().size() - 1).sequence() == roundEndSequence;
    }

    /**
     * Whether the round after the latest one handed out is one of the first {@code runs}, which
     * no rule decides on: its windows are known before the latest round's last one is recorded.
     */
    public boolean nextRoundFixed() {
        return rounds < minRounds && !earlyLook();
    }

    /** Whether the next round is one of the first {@code runs} and an early look chooses its pairs. */
    private boolean earlyLook() {
        return stopRule != null && stopRule.looksEarly() && !stopRule.choosesEveryRound() && rounds >= PairedTest.EARLY_LOOK_ROUNDS
                && rounds < minRounds;
    }

    /** A finished run, for the stop rule. */
    public void record(RunRecord run) {
        finished.add(run);
    }

    /** Why an adaptive plan stopped adding rounds; null for a fixed plan or before the end. */
    public String stopReason() {
        return stopReason;
    }

    /** The runs in execution order, window after window. */
    @Override
    public Iterator<Planned> iterator() {
        Iterator<Window> windows = windows();
        return new Iterator<>() {
            private Iterator<Planned> current = List.<Planned>of().iterator();

            @Override
            public boolean hasNext() {
                while (!current.hasNext() && windows.hasNext()) {
                    current = windows.next().lanes().iterator();
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

    /** The measured windows in execution order; an adaptive plan decides on a new round when asked for it. */
    public Iterator<Window> windows() {
        if ("sequential".equals(order)) {
            List<Window> plan = new ArrayList<>();
            boolean sweep = sizes.size() > 1;
            for (Integer size : sizes) {
                for (RunVariant variant : variants) {
                    for (String profile : profiles) {
                        for (int round = 1; round <= minRounds; round++) {
                            plan.add(new Window(List.of(new Planned(++sequence, round, profile, size, sweep, variant))));
                        }
                    }
                }
            }
            rounds = minRounds;
            windowsBuilt = plan.size();
            roundEndSequence = sequence;
            return plan.iterator();
        }
        return new Iterator<>() {
            private Iterator<Window> current = List.<Window>of().iterator();

            @Override
            public boolean hasNext() {
                if (!current.hasNext()) {
                    current = nextRound().iterator();
                }
                return current.hasNext();
            }

            @Override
            public Window next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return current.next();
            }
        };
    }

    /** The next round, or empty when the plan is done. */
    private List<Window> nextRound() {
        if (done) {
            return List.of();
        }
        NextRound next = rounds >= minRounds
                ? NextRound.afterFixedRounds(stopRule, List.copyOf(finished), rounds, maxRounds)
                : earlyLook() ? NextRound.earlyLook(stopRule, List.copyOf(finished), profiles, rounds)
                : NextRound.WHOLE;
        if (next.stop()) {
            done = true;
            stopReason = next.stopReason();
            return List.of();
        }
        rounds++;
        List<Window> round = buildRound(next.only(), next.onlySizes());
        windowsBuilt += round.size();
        roundEndSequence = sequence;
        return round;
    }

    /** One round's windows; {@code only}: the profiles it needs, {@code onlySizes}: a size duet's (empty: all). */
    private List<Window> buildRound(Set<String> only, Map<String, Set<Integer>> onlySizes) {
        boolean sweep = sizes.size() > 1;
        DuetWindows duets = new DuetWindows(profiles, seed, rounds, () -> ++sequence);
        List<Window> round = new ArrayList<>();
        if (duetReferenceSize != null) {
            variants.forEach(variant -> round.addAll(duets.sizeDuets(sizes, duetReferenceSize, onlySizes, variant)));
            return round;
        }
        if (variantDuets) {
            sizes.forEach(size -> profiles.forEach(profile -> round.addAll(
                    duets.variantDuets(profile, variants, only, size, sweep))));
            return round;
        }
        for (Integer size : sizes) {
            for (RunVariant variant : variants) {
                if (duet()) {
                    round.addAll(duets.against(duetReference, only, size, sweep, variant));
                    continue;
                }
                for (String profile : profiles) {
                    if (only.isEmpty() || only.contains(profile)) {
                        round.add(new Window(List.of(new Planned(++sequence, rounds, profile, size, sweep, variant))));
                    }
                }
            }
        }
        return round;
    }
}
