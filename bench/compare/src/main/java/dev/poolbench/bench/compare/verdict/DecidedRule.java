package dev.poolbench.bench.compare.verdict;

import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.StopRule;
import dev.poolbench.bench.compare.stats.DuetNoise;
import dev.poolbench.bench.compare.stats.PairedTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code --until-decided}: the comparison is done once every pair (each profile against the
 * reference, at every pool size and variant; in a sweep of duets each size against the
 * reference size) has a decided word: faster, slower or equivalent. Until then the plan adds a
 * round of the undecided pairs only ({@link #pending}); a sweep of duets adds whole rounds.
 * A pair is measured again only while its prediction (at its mean, its own sd pooled with the
 * design's measured duet sd, and the between-sitting term) settles it within the rounds of the
 * budget: the rounds left of {@code --max-runs}, and of those the rounds that fit in the minutes left
 * of {@code --max-minutes} ({@link RoundBudget}); one that cannot is left as it stands and named
 * with the reason, in the progress and in the stop reason the summary prints.
 * Stopping on the outcome is a sequential test: its false "faster/slower" rate is above the 5 %
 * of one fixed-size test, by how much the simulation says (stats.PowerTable --until-decided).
 */
public final class DecidedRule implements StopRule {

    /** No budget given: every undecided pair that rounds could settle stays open. */
    static final int NO_BUDGET = Integer.MAX_VALUE;

    private final List<String> profiles;
    private final List<Integer> sizes;
    private final String reference;
    private final double marginPercent;
    private final BetweenSitting between;
    private final int maxRounds;
    private final RoundBudget budget;
    private final Consumer<String> log;
    private Set<String> pending = Set.of();
    /** The profiles an early look has already let go (each is named once). */
    private final Set<String> leftEarly = new LinkedHashSet<>();

    public DecidedRule(List<String> profiles, List<Integer> sizes, String reference, double marginPercent,
                       Consumer<String> log) {
        this(profiles, sizes, reference, marginPercent, 0, log);
    }

    /** @param betweenSdLog the between-sitting sd the summary's intervals include (0: none); no design sd, no budget */
    public DecidedRule(List<String> profiles, List<Integer> sizes, String reference, double marginPercent,
                       double betweenSdLog, Consumer<String> log) {
        this(profiles, sizes, reference, marginPercent, BetweenSitting.withoutNoise(betweenSdLog), NO_BUDGET, log);
    }

    /**
     * @param between   the between-sitting term the summary's intervals include, with the design's duet sd
     * @param maxRounds the budget in rounds ({@code --max-runs}): a pair predicted to need more is not measured again
     */
    public DecidedRule(List<String> profiles, List<Integer> sizes, String reference, double marginPercent,
                       BetweenSitting between, int maxRounds, Consumer<String> log) {
        this(profiles, sizes, reference, marginPercent, between, maxRounds, null, log);
    }

    /**
     * @param budget the wall-clock budget ({@code --max-minutes}), or null: a pair whose rounds do
     *               not fit in the minutes left is not measured again either
     */
    public DecidedRule(List<String> profiles, List<Integer> sizes, String reference, double marginPercent,
                       BetweenSitting between, int maxRounds, RoundBudget budget, Consumer<String> log) {
        this.between = between;
        this.maxRounds = maxRounds;
        this.budget = budget;
        this.profiles = List.copyOf(profiles);
        this.sizes = sizes;
        this.reference = reference;
        this.marginPercent = marginPercent;
        this.log = log;
    }

    /** One pair as the rule sees it: where, its result, the run keys a round of it needs. */
    private record Look(String where, PairedTest.Result result, List<String> needs) {
    }

    @Override
    public String apply(List<RunRecord> runs) {
        boolean variants = VariantDuets.any(runs);
        List<Look> looks = new ArrayList<>();
        if (variants) {
            DuetNoise noise = between.noise();
            for (VariantDuets.Pair p : VariantDuets.pairs(runs, marginPercent, between.sd())) {
                looks.add(new Look(p.where(), p.result().withNoise(noise), List.of(p.referenceKey(), p.otherKey())));
            }
        } else {
            for (PairedBlocks.Located l : PairedBlocks.of(runs, profiles, sizes, reference, marginPercent, between)) {
                looks.add(new Look(l.where(), l.entry().result(), List.of(reference, l.entry().profile())));
            }
        }
        String noun = variants ? "variant pair" : "pair";
        int roundsLeft = maxRounds == NO_BUDGET ? NO_BUDGET
                : maxRounds - runs.stream().mapToInt(RunRecord::round).max().orElse(0);
        boolean wholeRounds = !variants && SizeDuets.any(runs);
        return decide(looks, noun, wholeRounds, roundsLeft, runs);
    }

    /**
     * The early look: the profiles whose every pair (each size) with the reference is decided
     * faster or slower by more than {@link PairedTest#EARLY_LOOK_MARGINS} margins; variant and size
     * duets keep their whole rounds.
     */
    @Override
    public boolean looksEarly() {
        return true;
    }

    @Override
    public Set<String> decidedEarly(List<RunRecord> runs) {
        if (VariantDuets.any(runs) || SizeDuets.any(runs)) {
            return Set.of();
        }
        Map<String, Boolean> far = new LinkedHashMap<>();
        for (PairedBlocks.Located l : PairedBlocks.of(runs, profiles, sizes, reference, marginPercent, between)) {
            far.merge(l.entry().profile(), l.entry().result().farApart(PairedTest.EARLY_LOOK_MARGINS), Boolean::logicalAnd);
        }
        Set<String> leaving = new LinkedHashSet<>();
        far.forEach((profile, apart) -> {
            if (apart) {
                leaving.add(profile);
            }
        });
        List<String> newly = leaving.stream().filter(p -> !leftEarly.contains(p)).toList();
        leftEarly.addAll(leaving);
        if (!newly.isEmpty()) {
            log.accept("decided after " + runs.stream().mapToInt(RunRecord::round).max().orElse(0) + " rounds, more than "
                    + PairedTest.EARLY_LOOK_MARGINS_TEXT + " equivalence margins apart: "
                    + String.join(", ", newly.stream().map(p -> p + " vs " + reference).toList())
                    + "; not measured again");
        }
        return leaving;
    }

    private String decide(List<Look> looks, String noun, boolean wholeRounds, int roundsLeft, List<RunRecord> runs) {
        List<Look> candidates = new ArrayList<>();
        List<String> beyond = new ArrayList<>();
        int unsettleable = 0;
        for (Look look : looks) {
            PairedTest.Result r = look.result();
            if (r.decided()) {
                continue;
            }
            if (beyondRounds(r)) {
                unsettleable++;
            } else if (roundsLeft != NO_BUDGET && !r.settlesWithin(r.n() + roundsLeft)) {
                beyond.add(inAll(look));
            } else {
                candidates.add(look);
            }
        }
        List<String> clauses = new ArrayList<>();
        if (!beyond.isEmpty()) {
            clauses.add(String.join(", ", beyond) + " cannot be settled within " + maxRounds + " rounds at this spread");
        }
        String overTime = dropOverTime(candidates, wholeRounds ? looks.size() : -1, roundsLeft, runs);
        if (overTime != null) {
            clauses.add(overTime);
        }
        List<String> open = new ArrayList<>();
        Set<String> needed = new LinkedHashSet<>();
        for (Look look : candidates) {
            PairedTest.Result r = look.result();
            int more = r.roundsNeeded() - r.n();
            open.add(look.where() + (more > 0 ? String.format(Locale.ROOT, " (about %d more)", more) : ""));
            needed.addAll(look.needs());
        }
        String cannot = String.join("; ", clauses);
        if (open.isEmpty()) {
            long decided = looks.stream().filter(l -> l.result().decided()).count();
            String reason = decided == looks.size() ? looks.size() + " " + noun + (looks.size() == 1 ? " is" : "s are")
                    + " decided" : decided + " of " + looks.size() + " " + noun + "s are decided";
            if (unsettleable > 0) {
                reason += "; " + unsettleable + " cannot be by more rounds (the between-sitting sd stays)";
            }
            return cannot.isEmpty() ? reason : reason + "; " + cannot;
        }
        pending = wholeRounds ? Set.of() : Set.copyOf(needed);
        int pairs = open.size();
        log.accept("undecided: " + String.join(", ", open) + (pending.isEmpty() ? "" : "; the next round measures "
                + pairs + " " + noun + (pairs == 1 ? "" : "s") + " only") + (cannot.isEmpty() ? ""
                : "; not measured again: " + cannot));
        return null;
    }

    /**
     * Drops from {@code candidates} the pairs whose rounds do not fit in the minutes left: the pair
     * farthest from settled first, as fewer pairs make each round shorter; returns what the
     * summary says of the dropped ones, or null when none was dropped (or there is no budget).
     *
     * @param roundWindows the pairs of every round when rounds are whole (a sweep of duets), else -1
     */
    private String dropOverTime(List<Look> candidates, int roundWindows, int roundsLeft, List<RunRecord> runs) {
        if (budget == null || candidates.isEmpty()) {
            return null;
        }
        List<String> dropped = new ArrayList<>();
        int windows = 0;
        while (!candidates.isEmpty()) {
            windows = RoundBudget.windowsPerRound(roundWindows > 0 ? roundWindows : candidates.size(), runs);
            int fit = Math.min(roundsLeft, budget.roundsThatFit(windows, runs));
            List<Look> over = candidates.stream().filter(l -> fit == 0 || !l.result().settlesWithin(l.result().n() + fit))
                    .toList();
            if (over.isEmpty()) {
                break;
            }
            // A sweep's rounds are whole (fewer pairs open do not shorten them): every pair over goes at once.
            List<Look> drop = roundWindows > 0 ? over : List.of(over.stream()
                    .max(java.util.Comparator.comparingInt(DecidedRule::duetsInAll)).orElseThrow());
            drop.forEach(l -> dropped.add(inAll(l)));
            candidates.removeAll(drop);
        }
        return dropped.isEmpty() ? null : String.join(", ", dropped) + " cannot be settled within "
                + budget.describe(windows, runs) + " at this spread";
    }

    /** The duets a pair's prediction needs in all; past the estimate's range, the most. */
    private static int duetsInAll(Look look) {
        int needed = look.result().roundsNeeded();
        return needed > 0 ? needed : Integer.MAX_VALUE;
    }

    /** "tomcat vs hikari (about 14 in all)": a pair and the duets its prediction needs in all. */
    private static String inAll(Look look) {
        PairedTest.Result r = look.result();
        return look.where() + (r.roundsNeeded() > 0 ? String.format(Locale.ROOT, " (about %d in all)",
                r.roundsNeeded()) : " (more than " + PairedTest.MAX_ROUNDS_ESTIMATE + ")");
    }

    /**
     * With a between-sitting sd, a pair can be past what rounds of this sitting can settle: more
     * of them would only spend the budget.
     */
    private static boolean beyondRounds(PairedTest.Result result) {
        return result.withBetween() && result.n() >= 2 && result.roundsNeeded() < 0;
    }

    @Override
    public Set<String> pending() {
        return pending;
    }

    @Override
    public String goal() {
        return "every pair was decided";
    }
}
