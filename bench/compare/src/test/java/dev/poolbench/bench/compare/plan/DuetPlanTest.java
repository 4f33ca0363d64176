package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.util.UsageException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The duet plan: the reference against each other profile per round, lanes swapped, order drawn per round. */
class DuetPlanTest {

    private static final List<String> FIVE = List.of("hikari", "tomcat", "dbcp", "dbcp2", "nopool");

    private static List<RunPlan.Window> windows(RunPlan plan) {
        List<RunPlan.Window> all = new ArrayList<>();
        plan.windows().forEachRemaining(all::add);
        return all;
    }

    @Test
    void eachRoundHoldsOneDuetOfTheReferenceAgainstEachOtherProfile() {
        RunPlan plan = RunPlan.duets(FIVE, "hikari", List.of(10), List.of(RunVariant.DEFAULT), 3, 3, null, 42);
        List<RunPlan.Window> windows = windows(plan);
        assertEquals(12, windows.size());
        assertEquals(24, plan.plannedRuns());
        assertEquals(12, plan.plannedWindows());
        for (int round = 1; round <= 3; round++) {
            int r = round;
            List<String> partners = windows.stream().filter(w -> w.round() == r)
                    .map(w -> w.lanes().stream().map(RunPlan.Planned::profile).filter(p -> !p.equals("hikari"))
                            .findFirst().orElseThrow()).sorted().toList();
            assertEquals(List.of("dbcp", "dbcp2", "nopool", "tomcat"), partners, "round " + round);
        }
        for (RunPlan.Window w : windows) {
            assertEquals(2, w.lanes().size());
            RunPlan.Planned a = w.lanes().get(0);
            RunPlan.Planned b = w.lanes().get(1);
            assertEquals(0, a.laneIndex());
            assertEquals(1, b.laneIndex());
            assertEquals(a.lane().window(), b.lane().window());
            assertEquals(b.profile(), a.lane().partner());
            assertEquals(a.profile(), b.lane().partner());
            assertTrue(a.profile().equals("hikari") || b.profile().equals("hikari"), w.toString());
            assertEquals(a.profile() + "-vs-" + b.profile(), a.dirName().substring(2));
        }
    }

    @Test
    void theReferencesLaneAlternatesFromRoundToRoundForEachPair() {
        RunPlan plan = RunPlan.duets(FIVE, "hikari", List.of(10), List.of(RunVariant.DEFAULT), 4, 4, null, 7);
        Map<String, List<Integer>> referenceLane = new HashMap<>();
        for (RunPlan.Window w : windows(plan)) {
            RunPlan.Planned ref = w.lanes().stream().filter(p -> p.profile().equals("hikari")).findFirst().orElseThrow();
            referenceLane.computeIfAbsent(ref.lane().partner(), k -> new ArrayList<>()).add(ref.laneIndex());
        }
        referenceLane.forEach((partner, lanes) -> {
            for (int i = 1; i < lanes.size(); i++) {
                assertNotEquals(lanes.get(i - 1), lanes.get(i), partner + ": " + lanes);
            }
        });
    }

    @Test
    void theOrderOfTheDuetsIsDrawnAnewEachRoundAndRepeatsForTheSameSeed() {
        List<List<String>> orders = new ArrayList<>();
        for (int seed : new int[] {42, 42}) {
            RunPlan plan = RunPlan.duets(FIVE, "hikari", List.of(10), List.of(RunVariant.DEFAULT), 6, 6, null, seed);
            orders.add(windows(plan).stream().map(w -> w.first().lane().window().replaceFirst("^\\d+-", "")).toList());
        }
        assertEquals(orders.get(0), orders.get(1), "same seed, same plan");
        List<String> order = orders.get(0);
        List<List<String>> rounds = new ArrayList<>();
        for (int r = 0; r < 6; r++) {
            rounds.add(order.subList(4 * r, 4 * r + 4));
        }
        assertTrue(rounds.stream().distinct().count() > 1, "the order changes between rounds: " + rounds);
    }

    @Test
    void anAaDuetRunsTheReferenceAgainstItsCopy() throws Exception {
        CompareOptions o = CompareOptions.parse("--profiles", "hikari,hikari", "--duet");
        assertTrue(o.duet);
        assertEquals(List.of("hikari", "hikari_2"), o.profiles);
        RunPlan plan = RunPlan.duets(o.profiles, "hikari", List.of(10), List.of(RunVariant.DEFAULT), 2, 2, null, 1);
        RunPlan.Window w = windows(plan).get(0);
        assertEquals(List.of("hikari", "hikari"), w.lanes().stream().map(RunPlan.Planned::appProfile).toList());
    }

    @Test
    void duetsAreTheDefaultWhereverTheyCanRun() throws Exception {
        assertTrue(CompareOptions.parse().duet, "the five pools: duets");
        assertTrue(CompareOptions.parse("--profiles", "hikari,hikari").duet, "A/A: a duet of the pool and its copy");
        assertEquals(false, CompareOptions.parse("--solo").duet);
        assertEquals(false, CompareOptions.parse("--profiles", "hikari").duet, "one profile: solo");
        assertEquals(false, CompareOptions.parse("--order", "sequential").duet);
        assertEquals(false, CompareOptions.parse("--app-url", "http://127.0.0.1:1", "--reset-jdbc-url",
                "jdbc:mysql://x/y").duet, "remote: solo");
    }

    @Test
    void whatADuetCannotDoIsAClearUsageError() {
        assertEquals("--duet pairs the reference with each other profile: give two profiles or more (one "
                + "listed twice for the reference against itself: hikari,hikari), or two values "
                + "of another dimension (--session, --app-jar, --threads, --java, --plant)",
                usage("--profiles", "hikari", "--duet"));
        assertTrue(usage("--duet", "--solo").contains("exclude each other"));
        assertTrue(usage("--duet", "--order", "sequential").contains("--order sequential"));
        assertTrue(usage("--duet", "--rerun-disturbed", "2").contains("not with --duet"));
        assertTrue(usage("--duet", "--app-url", "http://127.0.0.1:1", "--reset-jdbc-url", "jdbc:mysql://x/y")
                .contains("--duet in remote mode needs --app-command"));
    }

    private static String usage(String... args) {
        return assertThrows(UsageException.class, () -> CompareOptions.parse(args)).getMessage();
    }
}
