package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.stats.PairedTest;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Decides after each extra-eligible round whether to go on: returns null to add a round, or
 * the reason to stop.
 */
public interface StopRule extends Function<List<RunRecord>, String> {

    /**
     * After {@link #apply} asked for another round: the profiles that round needs (the
     * reference among them), so that pairs already decided cost no more windows; empty for
     * every profile (a whole round).
     */
    default Set<String> pending() {
        return Set.of();
    }

    /**
     * For a plan of size duets, after {@link #apply} asked for another round: the sizes each
     * profile needs against the reference size in that round (a search's next probes); empty
     * for every size of every profile (a whole round).
     */
    default Map<String, Set<Integer>> pendingSizes() {
        return Map.of();
    }

    /**
     * Whether the rule chooses every round, the first included (a size search): the plan then
     * starts with no fixed round and asks the rule, on no runs at all, for the first.
     */
    default boolean choosesEveryRound() {
        return false;
    }

    /**
     * The early look, before each of the first {@code runs} rounds after the second: the
     * profiles whose every pair with the reference is already decided far apart
     * ({@link PairedTest.Result#farApart}), which that round leaves out; empty: none leaves.
     */
    default Set<String> decidedEarly(List<RunRecord> runs) {
        return Set.of();
    }

    /** Whether the rule has an early look ({@link #decidedEarly}); without one the first rounds are all known ahead. */
    default boolean looksEarly() {
        return false;
    }

    /** What the rule waits for, for the line that says the budget ran out first. */
    default String goal() {
        return "the rule was met";
    }
}
