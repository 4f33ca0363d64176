package dev.poolbench.bench.compare.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.report.DuetRankTest;
import dev.poolbench.bench.compare.stats.Simulation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The early look of compare --until-decided: after two of its three first rounds, a pair decided
 * more than two equivalence margins apart (nopool about 40 % slower) is not measured a third
 * time; a pair only a little apart, or undecided, keeps its third duet.
 */
class EarlyLookTest {

    private static final BetweenSitting SHARED = BetweenSitting.of("shared-host-duet", null);
    private static final List<String> PROFILES = List.of("hikari", "tomcat", "dbcp2", "nopool");

    /** Like the default comparisons of 2026-11-28: nopool far behind, the others within a few percent. */
    private static Map<String, double[]> ratios() {
        Map<String, double[]> ratios = new LinkedHashMap<>();
        ratios.put("tomcat", new double[] {0.97, 0.99, 0.98, 0.97, 0.99, 0.98});
        ratios.put("dbcp2", new double[] {0.91, 0.92, 0.95, 0.97, 0.99, 0.98});
        ratios.put("nopool", new double[] {0.58, 0.61, 0.60, 0.59, 0.60, 0.58});
        return ratios;
    }

    private static DecidedRule rule(List<String> said) {
        return new DecidedRule(PROFILES, Collections.singletonList(10), "hikari", 5, SHARED, 6, null, said::add);
    }

    @Test
    void aPairDecidedFarApartAfterTwoRoundsLeaves() {
        List<RunRecord> runs = new ArrayList<>();
        ratios().forEach((profile, r) -> {
            for (int round = 1; round <= 2; round++) {
                runs.addAll(DuetRankTest.duet(profile, round, r[round - 1], 1));
            }
        });
        List<String> said = new ArrayList<>();
        assertEquals(Set.of("nopool"), rule(said).decidedEarly(runs), "dbcp2's -8 % is not twice the margin");
        assertEquals(List.of("decided after 2 rounds, more than 2 equivalence margins apart: nopool vs hikari; "
                + "not measured again"), said);
    }

    @Test
    void thePlansThirdRoundLeavesOutTheFarApartPairAndIsNotStartedAhead() {
        List<String> said = new ArrayList<>();
        RunPlan plan = RunPlan.duets(PROFILES, "hikari", Collections.singletonList(10), List.of(RunVariant.DEFAULT), 3,
                6, rule(said), 7);
        Map<String, double[]> ratios = ratios();
        Map<Integer, Set<String>> measured = new LinkedHashMap<>();
        Iterator<RunPlan.Window> windows = plan.windows();
        while (windows.hasNext()) {
            RunPlan.Window w = windows.next();
            int round = w.round();
            String other = w.lanes().stream().map(RunPlan.Planned::profile).filter(p -> !p.equals("hikari"))
                    .findFirst().orElseThrow();
            measured.computeIfAbsent(round, r -> new TreeSet<>()).add(other);
            if (round == 2 && plan.endsRound(w)) {
                assertFalse(plan.nextRoundFixed(), "the third round waits for the early look");
            }
            DuetRankTest.duet(other, round, ratios.get(other)[round - 1], 1).forEach(plan::record);
        }
        assertEquals(Set.of("dbcp2", "nopool", "tomcat"), measured.get(2));
        assertEquals(Set.of("dbcp2", "tomcat"), measured.get(3), "nopool leaves after two rounds");
        assertTrue(said.contains("decided after 2 rounds, more than 2 equivalence margins apart: nopool vs hikari; "
                + "not measured again"), said.toString());
    }

    @Test
    void theEarlyLookLeavesTheFalseCallRateOfAnAaPairAsItWas() {
        // The same simulated comparisons (one seed), with and without the early look: an A/A pair
        // at the design's spread is practically never two margins apart after two duets.
        int n = 20_000;
        Simulation.Tally without = new Simulation(2, 0, 11).tally(n, 3, 6, 0, 5);
        Simulation.Tally with = new Simulation(2, 0, 11).withEarlyLook().tally(n, 3, 6, 0, 5);
        assertEquals(without.faster() + without.slower(), with.faster() + with.slower(), 0.002 * n);
        // Far apart, it does leave early: fewer duets in all.
        Simulation.Tally far = new Simulation(2, 0, 12).withEarlyLook().tally(n, 3, 6, -40, 5);
        assertTrue(far.meanRounds() < 2.1, "mean rounds " + far.meanRounds());
    }
}
