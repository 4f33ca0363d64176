package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.util.UsageException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A pool-size sweep as duets: per round one window of each pool at each size against the same
 * pool at the reference size, each lane with its own size, lanes swapped per round, order drawn
 * per round; and the options that choose it.
 */
class SizeDuetPlanTest {

    private static final List<Integer> SWEEP = List.of(2, 5, 10, 20, 50);

    private static List<RunPlan.Window> windows(RunPlan plan) {
        List<RunPlan.Window> all = new ArrayList<>();
        plan.windows().forEachRemaining(all::add);
        return all;
    }

    private static RunPlan plan(List<String> profiles, int rounds, long seed) {
        return RunPlan.sizeDuets(profiles, SWEEP, 10, List.of(RunVariant.DEFAULT), rounds, rounds, null, seed);
    }

    @Test
    void eachRoundHoldsOneDuetOfEachSizeAgainstTheReferenceSizeEachLaneAtItsOwnSize() {
        RunPlan plan = plan(List.of("hikari"), 3, 42);
        List<RunPlan.Window> windows = windows(plan);
        assertEquals(12, windows.size());
        assertEquals(24, plan.plannedRuns());
        assertEquals(12, plan.plannedWindows());
        assertTrue(plan.duet());
        Set<String> dirNames = new HashSet<>();
        for (RunPlan.Window w : windows) {
            RunPlan.Planned a = w.lanes().get(0);
            RunPlan.Planned b = w.lanes().get(1);
            assertEquals(List.of(0, 1), List.of(a.laneIndex(), b.laneIndex()));
            assertEquals("hikari", a.profile());
            assertEquals("hikari", b.profile());
            assertEquals(a.lane().sizes(), b.lane().sizes());
            SizePair pair = a.lane().sizes();
            assertEquals(10, pair.referenceSize());
            assertEquals(Set.of(pair.size(), 10), Set.of(a.poolSize(), b.poolSize()), "each lane at its own size");
            assertEquals(b.poolSize().intValue(), pair.partnerOf(a.poolSize()));
            assertEquals(w.round() + "-hikari-10+" + pair.size(), a.lane().window());
            assertEquals(w.round() + "-hikari-" + a.poolSize() + "-vs-" + b.poolSize(), a.dirName());
            assertTrue(dirNames.add(a.dirName()) && dirNames.add(b.dirName()), "run directories differ: " + a.dirName());
        }
        for (int round = 1; round <= 3; round++) {
            int r = round;
            assertEquals(List.of(2, 5, 20, 50), windows.stream().filter(w -> w.round() == r)
                    .map(w -> w.first().lane().sizes().size()).sorted().toList(), "round " + round);
        }
    }

    @Test
    void theReferenceSizesLaneAlternatesFromRoundToRoundForEachSize() {
        Map<Integer, List<Integer>> referenceLane = new HashMap<>();
        for (RunPlan.Window w : windows(plan(List.of("hikari"), 4, 7))) {
            RunPlan.Planned ref = w.lanes().stream().filter(p -> p.poolSize() == 10).findFirst().orElseThrow();
            referenceLane.computeIfAbsent(ref.lane().sizes().size(), k -> new ArrayList<>()).add(ref.laneIndex());
        }
        assertEquals(Set.of(2, 5, 20, 50), referenceLane.keySet());
        referenceLane.forEach((size, lanes) -> {
            for (int i = 1; i < lanes.size(); i++) {
                assertNotEquals(lanes.get(i - 1), lanes.get(i), "size " + size + ": " + lanes);
            }
        });
    }

    @Test
    void theOrderIsDrawnAnewEachRoundAndRepeatsForTheSameSeed() {
        List<List<String>> orders = new ArrayList<>();
        for (int seed : new int[] {42, 42, 43}) {
            orders.add(windows(plan(List.of("hikari"), 6, seed)).stream()
                    .map(w -> w.first().lane().window().replaceFirst("^\\d+-", "")).toList());
        }
        assertEquals(orders.get(0), orders.get(1), "same seed, same plan");
        assertNotEquals(orders.get(0), orders.get(2), "another seed, another order");
        List<List<String>> rounds = new ArrayList<>();
        for (int r = 0; r < 6; r++) {
            rounds.add(orders.get(0).subList(4 * r, 4 * r + 4));
        }
        assertTrue(rounds.stream().distinct().count() > 1, "the order changes between rounds: " + rounds);
    }

    @Test
    void severalPoolsEachMeetOnlyThemselves() {
        List<RunPlan.Window> windows = windows(plan(List.of("hikari", "dbcp2"), 1, 1));
        assertEquals(8, windows.size());
        for (RunPlan.Window w : windows) {
            assertEquals(w.lanes().get(0).profile(), w.lanes().get(1).profile(), w.toString());
        }
        assertEquals(4, windows.stream().filter(w -> w.first().profile().equals("dbcp2")).count());
    }

    @Test
    void aReferenceSizeOutsideTheSweepIsRefusedByThePlan() {
        assertThrows(IllegalArgumentException.class, () -> RunPlan.sizeDuets(List.of("hikari"), List.of(2, 5), 10,
                List.of(RunVariant.DEFAULT), 1, 1, null, 1));
    }

    /** Compare's sweeps of sizes are retired: a comma list gets one line naming the size search. */
    @Test
    void aCommaListOfSizesNamesTheSizeSearch() {
        assertEquals("--pool-size takes one size, got '3,10'; to find the size a pool needs, run ./poolbench size (docs/pool-size-sweep.md)", usage("--pool-size", "3,10"));
    }

    private static String usage(String... args) {
        return assertThrows(UsageException.class, () -> CompareOptions.parse(args)).getMessage();
    }
}
