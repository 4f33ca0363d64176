package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.stats.PairedTest;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a {@link RunPlan}'s stop rule makes of its next round: after the first {@code runs}
 * rounds, another of the pairs still open or the end (with the reason); before them, from the
 * third on, the early look that leaves out the profiles decided far apart.
 *
 * @param stop       no round: the plan is done
 * @param stopReason why, for the summary; null for a fixed plan's end
 * @param only       the profiles the round needs (empty: all)
 * @param onlySizes  the sizes each profile needs in a size duet's round (empty: all)
 */
record NextRound(boolean stop, String stopReason, Set<String> only, Map<String, Set<Integer>> onlySizes) {

    /** A whole round, every profile and size. */
    static final NextRound WHOLE = new NextRound(false, null, Set.of(), Map.of());

    private static NextRound stop(String reason) {
        return new NextRound(true, reason, Set.of(), Map.of());
    }

    /** After the first rounds, {@code rounds} of them done: the rule's next round, or why none. */
    static NextRound afterFixedRounds(StopRule stopRule, List<RunRecord> finished, int rounds, int maxRounds) {
        if (stopRule == null) {
            return stop(null);
        }
        String reason = stopRule.apply(finished);
        if (reason != null) {
            return stop("stopped after " + rounds + " rounds: " + reason);
        }
        if (rounds >= maxRounds) {
            return stop("stopped after " + rounds + " rounds: the budget (--max-runs " + maxRounds
                    + ") is spent before " + stopRule.goal());
        }
        return new NextRound(false, null, stopRule.pending(), stopRule.pendingSizes());
    }

    /** The early look before one of the first rounds: the profiles still open, or the end when none is. */
    static NextRound earlyLook(StopRule stopRule, List<RunRecord> finished, List<String> profiles, int rounds) {
        Set<String> leaving = stopRule.decidedEarly(finished);
        if (leaving.isEmpty()) {
            return WHOLE;
        }
        Set<String> staying = new LinkedHashSet<>(profiles);
        staying.removeAll(leaving);
        if (staying.size() <= 1) {
            // The reference alone would be left: every pair is decided.
            return stop("stopped after " + rounds + " rounds: every pair is decided, more than "
                    + PairedTest.EARLY_LOOK_MARGINS_TEXT + " equivalence margins apart");
        }
        return new NextRound(false, null, Set.copyOf(staying), Map.of());
    }
}
