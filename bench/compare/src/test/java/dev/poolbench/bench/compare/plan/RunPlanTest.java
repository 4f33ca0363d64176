package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.Fixtures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunPlanTest {

    private static List<String> names(List<RunPlan.Planned> plan) {
        return plan.stream().map(RunPlan.Planned::dirName).toList();
    }

    @Test
    void interleavedRunsEveryProfileOncePerRound() {
        var plan = RunPlan.of(List.of("a", "b", "c"), List.of(10), 2, "interleaved");
        assertEquals(List.of("1-a", "1-b", "1-c", "2-a", "2-b", "2-c"), names(plan));
        assertEquals(List.of(1, 2, 3, 4, 5, 6), plan.stream().map(RunPlan.Planned::sequence).toList());
    }

    @Test
    void sequentialRunsThreeInARow() {
        var plan = RunPlan.of(List.of("a", "b"), List.of(10), 3, "sequential");
        assertEquals(List.of("1-a", "2-a", "3-a", "1-b", "2-b", "3-b"), names(plan));
    }

    @Test
    void sweepNamesCarryTheSize() {
        var plan = RunPlan.of(List.of("a", "b"), List.of(5, 20), 1, "interleaved");
        assertEquals(List.of("1-a-5", "1-b-5", "1-a-20", "1-b-20"), names(plan));
    }

    @Test
    void aaCopyRunsTheSameAppProfile() {
        var plan = RunPlan.of(List.of("hikari", "hikari_2"), List.of(10), 1, "interleaved");
        assertEquals(List.of("1-hikari", "1-hikari_2"), names(plan));
        assertEquals("hikari", plan.get(1).appProfile());
    }

    /** Runs the plan as the runner does, every run scoring 1000. */
    private static List<RunPlan.Planned> drive(RunPlan plan) {
        List<RunPlan.Planned> done = new ArrayList<>();
        for (RunPlan.Planned p : plan) {
            done.add(p);
            plan.record(Fixtures.run(p.profile(), p.round(), 1000));
        }
        return done;
    }

    @Test
    void adaptivePlanAddsRoundsUntilTheRuleIsMet() {
        List<Integer> seenRounds = new ArrayList<>();
        RunPlan plan = RunPlan.create(List.of("a", "b"), List.of(10), 2, 10, "interleaved", runs -> {
            int rounds = runs.size() / 2;
            seenRounds.add(rounds);
            return rounds >= 4 ? "precise enough" : null;
        });
        List<RunPlan.Planned> done = drive(plan);
        assertEquals(List.of("1-a", "1-b", "2-a", "2-b", "3-a", "3-b", "4-a", "4-b"), names(done));
        // Asked after the first 2 rounds, and after every added round.
        assertEquals(List.of(2, 3, 4), seenRounds);
        assertEquals("stopped after 4 rounds: precise enough", plan.stopReason());
        assertEquals(8, plan.plannedRuns());
    }

    @Test
    void adaptivePlanStopsAtTheBudget() {
        RunPlan plan = RunPlan.create(List.of("a", "b"), List.of(10), 2, 3, "interleaved", runs -> null);
        assertEquals(6, drive(plan).size());
        assertTrue(plan.stopReason().contains("--max-runs 3"), plan.stopReason());
    }

    @Test
    void theRoundsBeforeTheRuleAreKnownAheadOfTheirPredecessorsEnd() {
        RunPlan plan = RunPlan.create(List.of("a", "b"), List.of(10), 3, 5, "interleaved", runs -> null);
        java.util.Iterator<RunPlan.Window> windows = plan.windows();
        List<Boolean> fixedAtRoundEnds = new java.util.ArrayList<>();
        while (windows.hasNext()) {
            RunPlan.Window w = windows.next();
            if (plan.endsRound(w)) {
                fixedAtRoundEnds.add(plan.nextRoundFixed());
            }
        }
        // Rounds 2 and 3 follow without the rule; 4 and 5 only if it asks; after 5 the budget is spent.
        assertEquals(List.of(true, true, false, false, false), fixedAtRoundEnds);
    }

    @Test
    void fixedPlanHasNoStopReason() {
        RunPlan plan = RunPlan.create(List.of("a"), List.of(10), 2, 2, "interleaved", null);
        assertEquals(2, drive(plan).size());
        assertNull(plan.stopReason());
    }
}
