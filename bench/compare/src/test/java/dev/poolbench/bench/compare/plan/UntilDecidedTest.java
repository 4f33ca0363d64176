package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.verdict.DecidedRule;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code --until-decided}: rounds of the undecided pairs only, until every pair has a decided word. */
class UntilDecidedTest {

    private static final List<String> FIVE = List.of("hikari", "tomcat", "dbcp", "dbcp2", "nopool");

    /** A rule that asks for rounds of {@code pending} until the budget ends the plan. */
    private static StopRule undecided(Set<String> pending) {
        return new StopRule() {
            @Override
            public String apply(List<RunRecord> runs) {
                return null;
            }

            @Override
            public Set<String> pending() {
                return pending;
            }
        };
    }

    /** Drives the plan as the runner does: records each window, asks for the next after; returns them. */
    private static List<RunPlan.Window> drive(RunPlan plan, List<Boolean> endsRound) {
        List<RunPlan.Window> all = new ArrayList<>();
        Iterator<RunPlan.Window> windows = plan.windows();
        while (windows.hasNext()) {
            RunPlan.Window w = windows.next();
            all.add(w);
            endsRound.add(plan.endsRound(w));
            w.lanes().forEach(p -> plan.record(Fixtures.run(p.profile(), p.round(), 1000)));
        }
        return all;
    }

    @Test
    void aDuetPlanAddsDuetsOfTheOpenPairsOnly() {
        RunPlan plan = RunPlan.duets(FIVE, "hikari", List.of(10), List.of(RunVariant.DEFAULT), 3, 5,
                undecided(Set.of("hikari", "dbcp2")), 42);
        assertEquals(12, plan.plannedWindows());
        List<Boolean> endsRound = new ArrayList<>();
        List<RunPlan.Window> windows = drive(plan, endsRound);
        assertEquals(14, windows.size(), "three whole rounds of four duets, then one duet in rounds 4 and 5");
        for (RunPlan.Window w : windows.subList(12, 14)) {
            assertEquals(Set.of("hikari", "dbcp2"), Set.of(w.lanes().get(0).profile(), w.lanes().get(1).profile()));
        }
        assertEquals(List.of(4, 5), windows.subList(12, 14).stream().map(RunPlan.Window::round).toList());
        assertEquals(14, plan.plannedWindows());
        assertEquals(28, plan.plannedRuns());
        // The reference's lane still alternates: the added duets are rounds of their own.
        assertFalse(windows.get(12).lanes().get(0).profile().equals(windows.get(13).lanes().get(0).profile()));
        List<Integer> roundEnds = new ArrayList<>();
        for (int i = 0; i < endsRound.size(); i++) {
            if (endsRound.get(i)) {
                roundEnds.add(i);
            }
        }
        assertEquals(List.of(3, 7, 11, 12, 13), roundEnds, "the last window of each round, and only those");
        assertTrue(plan.stopReason().contains("--max-runs 5"), plan.stopReason());
    }

    @Test
    void aSoloPlanAddsTheReferenceAndTheOpenProfilesOnly() {
        RunPlan plan = RunPlan.create(List.of("a", "b", "c"), List.of(10), 2, 3, "interleaved",
                undecided(Set.of("a", "c")));
        List<String> names = drive(plan, new ArrayList<>()).stream().map(w -> w.first().dirName()).toList();
        assertEquals(List.of("1-a", "1-b", "1-c", "2-a", "2-b", "2-c", "3-a", "3-c"), names);
    }

    @Test
    void theRuleNamesTheUndecidedPairsAndStopsWhenNoneIsLeft() {
        List<String> log = new ArrayList<>();
        DecidedRule rule = new DecidedRule(List.of("hikari", "tomcat", "dbcp2", "nopool"), List.of(10), "hikari", 5,
                log::add);
        List<RunRecord> runs = Fixtures.runs("hikari", new double[] {1000, 1000, 1000},
                "tomcat", new double[] {900, 901, 899},
                "dbcp2", new double[] {900, 1100, 1000},
                "nopool", new double[] {500, 510, 490});
        assertNull(rule.apply(runs));
        assertEquals(Set.of("hikari", "dbcp2"), rule.pending());
        assertTrue(log.get(0).startsWith("undecided: dbcp2 vs hikari"), log.toString());
        assertFalse(log.get(0).contains("tomcat"), log.toString());
        List<RunRecord> settled = Fixtures.runs("hikari", new double[] {1000, 1000, 1000},
                "tomcat", new double[] {900, 901, 899},
                "dbcp2", new double[] {1000, 1001, 999},
                "nopool", new double[] {500, 510, 490});
        assertEquals("3 pairs are decided", rule.apply(settled));
    }
}
