package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.BetweenSitting;
import dev.poolbench.bench.compare.verdict.DecidedRule;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The verdict of variant duets (one pool beside itself on another variant): paired by window,
 * worded as duets, under the dimension that varies; a planted variant named in the first line;
 * --until-decided waits for each variant pair. The machine's speed changes from window to window
 * while the ratio stays, as in a duet it should not matter.
 */
class VariantDuetVerdictTest {

    private static final String NONE = "platform/25/null/null/none";

    /** One window: hikari unplanted and planted side by side, the planted lane at {@code ratio} times the pages. */
    private static List<RunRecord> duet(int round, String plant, double ratio, double speed) {
        String key = "platform/25/null/null/" + plant;
        String window = round + "-hikari-plant-none+plant-" + plant.replace(':', '-');
        List<RunRecord> lanes = new ArrayList<>();
        String[] order = round % 2 == 0 ? new String[] {"none", plant} : new String[] {plant, "none"};
        for (int lane = 0; lane < 2; lane++) {
            String own = order[lane];
            double perSecond = 100 * speed * (own.equals(plant) ? ratio : 1);
            ObjectNode r = Fixtures.record("hikari", round, perSecond * 60, true, true);
            r.put("threads", "platform").put("jdk", 25).put("plant", own);
            ArrayNode seconds = ((ObjectNode) r.get("result")).putArray("perSecond");
            for (int second = 1; second <= 60; second++) {
                seconds.addObject().put("second", second).put("passedPages", perSecond);
            }
            r.putObject("duet").put("window", window).put("lane", lane).put("partner", "hikari")
                    .put("partnerVariant", own.equals("none") ? key : NONE).put("referenceVariant", NONE);
            lanes.add(RunRecord.of(r));
        }
        return lanes;
    }

    private static List<RunRecord> plantedRuns(double... ratios) {
        List<RunRecord> runs = new ArrayList<>();
        double[] speed = {1.4, 0.7, 1.1, 0.9, 1.2, 0.8};
        for (int round = 1; round <= ratios.length; round++) {
            runs.addAll(duet(round, "cpu:200us", ratios[round - 1], speed[round - 1]));
        }
        return runs;
    }

    private static ObjectNode environment() {
        ObjectNode environment = Json.object();
        ObjectNode options = environment.putObject("options");
        options.putArray("profiles").add("hikari");
        options.putArray("plant").add("none").add("cpu:200us");
        return environment;
    }

    @Test
    void aPlantedVariantIsPairedByDuetAndNamedFirst() {
        Summary s = Summary.of(plantedRuns(0.93, 0.925, 0.935, 0.93), environment());
        String text = s.text();
        assertTrue(text.startsWith("PLANTED: cpu:200us in one lane of each duet (variant 'plant cpu:200us') — not a "
                + "real pool difference"), text);
        assertTrue(text.contains("Planted differences (not pool differences), paired by duet (both variants in the "
                + "same window) against none"), text);
        String verdict = text.lines().filter(l -> l.startsWith("Verdict: hikari @10")).findFirst().orElseThrow();
        assertTrue(verdict.contains("cpu:200us vs none: 0.93x"), verdict);
        assertTrue(verdict.contains("over 4 duets: slower"), verdict);
        assertTrue(text.contains("Verdict: Variant duets: hikari ran beside itself on another variant"), text);
        assertTrue(text.contains("Duet 1-hikari-plant-none+plant-cpu-200us: plant cpu:200us / plant none 0.930 "
                + "(lane 0: plant cpu:200us)"), text);
        ObjectNode json = SummaryJson.of(s);
        assertEquals("slower", json.path("plants").get(0).path("verdict").asText());
        assertTrue(json.path("planted").asText().startsWith("PLANTED: cpu:200us"));
    }

    @Test
    void untilDecidedWaitsForEachVariantPair() {
        List<String> log = new ArrayList<>();
        DecidedRule rule = new DecidedRule(List.of("hikari"), List.of(10), "hikari", 5, log::add);
        assertNull(rule.apply(plantedRuns(0.99, 0.90, 1.04)), "a spread of ±7 % over 3 duets decides nothing");
        assertEquals(java.util.Set.of(NONE, "platform/25/null/null/cpu:200us"), rule.pending());
        assertTrue(log.get(0).startsWith("undecided: hikari @10 plant cpu:200us vs plant none"), log.toString());
        assertEquals("1 variant pair is decided", rule.apply(plantedRuns(0.93, 0.925, 0.935, 0.93)));
    }

    /** As {@link #environment()}, with {@code --between-sitting-sd} as given. */
    private static ObjectNode environment(double betweenSittingSdPercent) {
        ObjectNode environment = environment();
        ((ObjectNode) environment.get("options")).put("duet", true).put(BetweenSitting.OPTION_KEY,
                betweenSittingSdPercent);
        return environment;
    }

    @Test
    void aVariantVerdictIncludesTheBetweenSittingTermAsAPoolPairDoes() {
        List<RunRecord> runs = plantedRuns(0.93, 0.925, 0.935, 0.93);
        ObjectNode within = (ObjectNode) SummaryJson.of(Summary.of(runs, environment(0.0))).path("plants").get(0);
        Summary honest = Summary.of(runs, environment(3.0));
        ObjectNode withTerm = (ObjectNode) SummaryJson.of(honest).path("plants").get(0);
        assertEquals(0.0, within.path("betweenSittingSdLog").asDouble());
        assertEquals(0.03, withTerm.path("betweenSittingSdLog").asDouble(), 1e-12);
        assertEquals(within.path("differencePercent").asDouble(), withTerm.path("differencePercent").asDouble(),
                1e-9, "the term widens the interval, it does not move the estimate");
        assertTrue(withTerm.path("ci95HighPercent").asDouble() > within.path("ci95HighPercent").asDouble() + 3,
                withTerm + " against " + within);
        assertEquals(within.path("ci95HighPercent").asDouble(), withTerm.path("ci95WithinHighPercent").asDouble(),
                1e-9);
        assertTrue(honest.text().contains("The 95 % and 90 % intervals include the between-sitting sd 3.00 % of "
                + "this design"), honest.text());
        assertTrue(Summary.of(runs, environment(0.0)).text().contains("Intervals: within-sitting only"));
    }

    @Test
    void untilDecidedStopsForAVariantPairNoRoundCanSettle() {
        List<RunRecord> runs = plantedRuns(0.99, 1.0, 1.005);
        assertEquals("0 of 1 variant pairs are decided; 1 cannot be by more rounds (the between-sitting sd stays)",
                new DecidedRule(List.of("hikari"), List.of(10), "hikari", 5, 0.04, s -> { }).apply(runs));
        assertEquals("1 variant pair is decided",
                new DecidedRule(List.of("hikari"), List.of(10), "hikari", 5, 0, s -> { }).apply(runs));
    }
}
