package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A plan of size duets whose rounds a rule chooses, the first included (./poolbench size): each
 * round holds only the (pool, size) pairs the rule names, against the reference size; the plan
 * asks the rule before every round and stops when it says so.
 */
class SizeSearchPlanTest {

    /** Names the sizes of each round in turn (one list per round), then stops; records what it was shown. */
    static final class Scripted implements StopRule {
        final List<Map<String, Set<Integer>>> rounds;
        final List<Integer> seenRuns = new ArrayList<>();
        int asked;

        Scripted(List<Map<String, Set<Integer>>> rounds) {
            this.rounds = rounds;
        }

        @Override
        public String apply(List<RunRecord> runs) {
            seenRuns.add(runs.size());
            return asked < rounds.size() ? null : "the search has its answer";
        }

        @Override
        public Map<String, Set<Integer>> pendingSizes() {
            return rounds.get(asked++);
        }

        @Override
        public boolean choosesEveryRound() {
            return true;
        }
    }

    @Test
    void everyRoundHoldsOnlyThePairsTheRuleNames() {
        Scripted rule = new Scripted(List.of(Map.of("hikari", Set.of(8)),
                Map.of("hikari", Set.of(5, 8), "dbcp2", Set.of(3)), Map.of("dbcp2", Set.of(3))));
        RunPlan plan = RunPlan.sizeDuets(List.of("hikari", "dbcp2"), List.of(1, 3, 5, 8, 50), 50,
                List.of(RunVariant.DEFAULT), 0, Integer.MAX_VALUE, rule, 42);
        assertEquals(0, plan.plannedWindows(), "nothing fixed before the rule chooses");
        List<String> seen = new ArrayList<>();
        plan.windows().forEachRemaining(w -> {
            RunPlan.Planned a = w.lanes().get(0);
            RunPlan.Planned b = w.lanes().get(1);
            assertEquals(a.profile(), b.profile());
            assertEquals(50, a.lane().sizes().referenceSize());
            assertTrue(a.poolSize() == 50 || b.poolSize() == 50, "one lane at the reference size");
            seen.add(w.round() + ":" + a.profile() + "@" + a.lane().sizes().size());
        });
        assertEquals(List.of("1:hikari@8"), seen.subList(0, 1));
        assertEquals(Set.of("2:hikari@5", "2:hikari@8", "2:dbcp2@3"), Set.copyOf(seen.subList(1, 4)));
        assertEquals(List.of("3:dbcp2@3"), seen.subList(4, 5));
        assertEquals(5, seen.size());
        assertEquals(4, rule.seenRuns.size(), "asked before each of the 3 rounds and once more");
        assertEquals("stopped after 3 rounds: the search has its answer", plan.stopReason());
    }
}
