package dev.poolbench.bench.compare.verdict;

import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.stats.PairedTest;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code --until-decided}: the comparison is done once every pair (each profile against the
 * reference, at every pool size and variant; in a sweep of duets each size against the
 * reference size) has a decided word: faster, slower or equivalent. Until then the plan adds a
 * round of the undecided pairs only ({@link #pending}); a sweep of duets adds whole rounds.
 * Stopping on the outcome is a sequential test: its false "faster/slower" rate is above the 5 %
 * of one fixed-size test, by how much the simulation says (stats.PowerTable --until-decided).
 */
public final class DecidedRule implements RunPlan.StopRule {

    private final List<String> profiles;
    private final List<Integer> sizes;
    private final String reference;
    private final double marginPercent;
    private final double betweenSdLog;
    private final Consumer<String> log;
    private Set<String> pending = Set.of();

    public DecidedRule(List<String> profiles, List<Integer> sizes, String reference, double marginPercent,
                       Consumer<String> log) {
        this(profiles, sizes, reference, marginPercent, 0, log);
    }

    /** @param betweenSdLog the between-sitting sd the summary's intervals include (0: none) */
    public DecidedRule(List<String> profiles, List<Integer> sizes, String reference, double marginPercent,
                       double betweenSdLog, Consumer<String> log) {
        this.betweenSdLog = betweenSdLog;
        this.profiles = List.copyOf(profiles);
        this.sizes = sizes;
        this.reference = reference;
        this.marginPercent = marginPercent;
        this.log = log;
    }

    @Override
    public String apply(List<RunRecord> runs) {
        if (VariantDuets.any(runs)) {
            return applyToVariants(runs);
        }
        List<PairedBlocks.Located> pairs = PairedBlocks.of(runs, profiles, sizes, reference, marginPercent,
                betweenSdLog);
        List<String> open = new ArrayList<>();
        int unsettleable = 0;
        Set<String> needed = new LinkedHashSet<>();
        boolean sizeDuets = SizeDuets.any(runs);
        for (PairedBlocks.Located pair : pairs) {
            PairedVerdict.Entry e = pair.entry();
            boolean beyondRounds = beyondRounds(e.result());
            unsettleable += beyondRounds ? 1 : 0;
            if (!e.result().decided() && !beyondRounds) {
                int more = e.result().roundsNeeded() - e.result().n();
                open.add(pair.where() + (more > 0 ? String.format(Locale.ROOT, " (about %d more)", more) : ""));
                needed.add(e.profile());
            }
        }
        if (open.isEmpty() && unsettleable > 0) {
            return (pairs.size() - unsettleable) + " of " + pairs.size() + " pairs are decided; " + unsettleable
                    + " cannot be by more rounds (the between-sitting sd stays)";
        }
        if (open.isEmpty()) {
            return pairs.size() + (pairs.size() == 1 ? " pair is" : " pairs are") + " decided";
        }
        // A round of the open pairs: the reference's runs pair with them (solo), or is in each duet.
        needed.add(reference);
        pending = sizeDuets ? Set.of() : Set.copyOf(needed);
        log.accept("undecided: " + String.join(", ", open) + (pending.isEmpty() ? "" : "; the next round measures "
                + (needed.size() - 1) + (needed.size() == 2 ? " pair" : " pairs") + " only"));
        return null;
    }

    /**
     * Variant duets: each variant against the reference variant, pool by pool; the next round
     * holds the undecided variants only ({@link #pending} names their keys and the reference's).
     */
    private String applyToVariants(List<RunRecord> runs) {
        List<VariantDuets.Pair> pairs = VariantDuets.pairs(runs, marginPercent, betweenSdLog);
        List<String> open = new ArrayList<>();
        Set<String> needed = new LinkedHashSet<>();
        int unsettleable = 0;
        for (VariantDuets.Pair pair : pairs) {
            boolean beyondRounds = beyondRounds(pair.result());
            unsettleable += beyondRounds ? 1 : 0;
            if (!pair.result().decided() && !beyondRounds) {
                int more = pair.result().roundsNeeded() - pair.result().n();
                open.add(pair.where() + (more > 0 ? String.format(Locale.ROOT, " (about %d more)", more) : ""));
                needed.add(pair.referenceKey());
                needed.add(pair.otherKey());
            }
        }
        if (open.isEmpty() && unsettleable > 0) {
            return (pairs.size() - unsettleable) + " of " + pairs.size() + " variant pairs are decided; " + unsettleable
                    + " cannot be by more rounds (the between-sitting sd stays)";
        }
        if (open.isEmpty()) {
            return pairs.size() + (pairs.size() == 1 ? " variant pair is" : " variant pairs are") + " decided";
        }
        pending = Set.copyOf(needed);
        log.accept("undecided: " + String.join(", ", open) + "; the next round measures " + (needed.size() - 1)
                + (needed.size() == 2 ? " variant pair" : " variant pairs") + " only");
        return null;
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
