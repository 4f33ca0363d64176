package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.Plant;
import dev.poolbench.bench.compare.variant.ThreadMode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * One profile across another dimension (--session, --app-jar, --threads, --java, --plant) as
 * duets: per round one window of each variant against the reference variant (the first), lanes
 * swapped from round to round, --until-decided adding rounds of the undecided variants only; and
 * the options that choose it. No machine: the plan alone.
 */
class VariantDuetPlanTest {

    private static List<RunVariant> variants(String... args) throws UsageException {
        return CompareOptions.parse(args).variants;
    }

    private static List<RunPlan.Window> drive(RunPlan plan) {
        List<RunPlan.Window> all = new ArrayList<>();
        Iterator<RunPlan.Window> windows = plan.windows();
        while (windows.hasNext()) {
            RunPlan.Window w = windows.next();
            all.add(w);
            w.lanes().forEach(p -> plan.record(Fixtures.run(p.profile(), p.round(), 1000)));
        }
        return all;
    }

    @Test
    void eachWindowPairsAVariantWithTheReferenceVariantOfTheSamePool() throws UsageException {
        List<RunVariant> plants = variants("--profiles", "hikari", "--plant", "none,cpu:200us,wait:300us");
        RunPlan plan = RunPlan.variantDuets(List.of("hikari"), List.of(10), plants, 2, 2, null, 42);
        assertTrue(plan.duet());
        assertEquals("none", plan.referenceVariant().plant().label());
        assertEquals(4, plan.plannedWindows());
        assertEquals(8, plan.plannedRuns());
        List<RunPlan.Window> windows = drive(plan);
        assertEquals(4, windows.size());
        Set<String> dirs = new HashSet<>();
        for (RunPlan.Window w : windows) {
            RunPlan.Planned a = w.lanes().get(0);
            RunPlan.Planned b = w.lanes().get(1);
            assertEquals(List.of("hikari", "hikari"), List.of(a.profile(), b.profile()));
            assertEquals(List.of(0, 1), List.of(a.laneIndex(), b.laneIndex()));
            assertEquals(a.lane().window(), b.lane().window());
            assertEquals(a.lane().variants(), b.lane().variants());
            VariantPair pair = a.lane().variants();
            assertEquals(plants.get(0), pair.reference());
            assertEquals(Set.of(pair.reference(), pair.other()), Set.of(a.variant(), b.variant()));
            assertEquals(b.variant(), pair.partnerOf(a.variant()));
            assertTrue(a.lane().window().startsWith(w.round() + "-hikari-plant-none+plant-"), a.lane().window());
            assertTrue(dirs.add(a.dirName()) && dirs.add(b.dirName()), "run directories differ: " + a.dirName());
        }
        assertTrue(dirs.contains("1-hikari-plant-none-vs-plant-cpu-200us"), dirs.toString());
        assertTrue(dirs.contains("1-hikari-plant-cpu-200us-vs-plant-none"), dirs.toString());
    }

    @Test
    void theReferenceVariantsLaneAlternatesFromRoundToRound() throws UsageException {
        List<RunVariant> stores = variants("--profiles", "hikari", "--session", "redis-shared,redis-pooled");
        RunPlan plan = RunPlan.variantDuets(List.of("hikari"), List.of(10), stores, 4, 4, null, 7);
        List<Integer> referenceLane = new ArrayList<>();
        for (RunPlan.Window w : drive(plan)) {
            referenceLane.add(w.lanes().stream().filter(p -> p.variant().equals(stores.get(0))).findFirst()
                    .orElseThrow().laneIndex());
        }
        assertEquals(4, referenceLane.size());
        for (int i = 1; i < referenceLane.size(); i++) {
            assertNotEquals(referenceLane.get(i - 1), referenceLane.get(i), referenceLane.toString());
        }
    }

    @Test
    void untilDecidedAddsRoundsOfTheUndecidedVariantsOnly() throws UsageException {
        List<RunVariant> modes = variants("--profiles", "hikari", "--plant", "none,cpu:200us,wait:300us");
        Set<String> open = Set.of(modes.get(0).key(), modes.get(2).key());
        StopRule rule = new StopRule() {
            @Override
            public String apply(List<RunRecord> runs) {
                return null;
            }

            @Override
            public Set<String> pending() {
                return open;
            }
        };
        RunPlan plan = RunPlan.variantDuets(List.of("hikari"), List.of(10), modes, 2, 4, rule, 42);
        List<RunPlan.Window> windows = drive(plan);
        assertEquals(6, windows.size(), "two whole rounds of two duets, then one duet in rounds 3 and 4");
        for (RunPlan.Window w : windows.subList(4, 6)) {
            assertEquals(modes.get(2), w.first().lane().variants().other(), "the undecided variant only");
        }
        assertTrue(plan.stopReason().contains("--max-runs 4"), plan.stopReason());
    }

    @Test
    void oneProfileAcrossOneDimensionRunsAsDuetsByDefault() throws UsageException {
        List<String[]> dimensions = new ArrayList<>(List.of(new String[] {"--session", "redis-shared,redis-pooled"},
                new String[] {"--plant", "none,cpu:200us"}));
        if (Runtime.version().feature() >= ThreadMode.VIRTUAL_SINCE) {
            // Below JDK 21 the plan leaves virtual threads out: one variant, nothing to pair.
            dimensions.add(new String[] {"--threads", "platform,virtual"});
        }
        for (String[] dimension : dimensions) {
            CompareOptions o = CompareOptions.parse("--profiles", "hikari", dimension[0], dimension[1]);
            assertTrue(o.duet && o.variantDuets(), dimension[0]);
            assertTrue(o.untilDecided, dimension[0] + ": --until-decided by default, as for profile duets");
        }
        assertFalse(CompareOptions.parse("--profiles", "hikari", "--plant", "none,cpu:200us", "--solo").duet);
        assertFalse(CompareOptions.parse("--profiles", "hikari,dbcp2", "--plant", "none,cpu:200us").variantDuets(),
                "two profiles: profile duets per variant");
        assertFalse(CompareOptions.parse("--profiles", "hikari", "--plant", "cpu:200us").duet,
                "one variant: nothing to pair");
        CompareOptions two = CompareOptions.parse("--profiles", "hikari", "--plant", "none,cpu",
                "--session", "memory,redis-pooled");
        assertFalse(two.duet, "two dimensions at once: solo");
        String problem = assertThrows(UsageException.class, () -> CompareOptions.parse("--profiles", "hikari",
                "--plant", "none,cpu", "--session", "memory,redis-pooled", "--duet")).getMessage();
        assertTrue(problem.contains("compares one dimension at a time"), problem);
    }

    @Test
    void plantValuesAreParsedAndRecorded() throws UsageException {
        CompareOptions o = CompareOptions.parse("--profiles", "hikari", "--plant", "none,cpu,wait:250us");
        assertEquals(List.of("none", "cpu:" + Plant.DEFAULT_CPU_MICROS + "us", "wait:250us"),
                o.plants.stream().map(Plant::label).toList());
        assertEquals("[\"none\",\"cpu:100us\",\"wait:250us\"]", o.toJson().path("plant").toString());
        assertEquals("platform/" + Runtime.version().feature() + "/null/null/wait:250us", o.variants.get(2).key());
        for (String bad : List.of("cpu:200", "cpu:0us", "spin", "cpu:200ms", "none,none")) {
            assertThrows(UsageException.class, () -> CompareOptions.parse("--plant", bad), bad);
        }
        assertEquals(List.of(), CompareOptions.parse("--profiles", "hikari").variants.stream()
                .filter(v -> v.showPlant()).toList(), "without --plant nothing is planted or named");
    }
}
