package dev.poolbench.bench.compare.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The candidate sizing rules on known occupancies, and their words against a knee. */
class SizingRulesTest {

    /** 90 % of the time at 3, 9 % at 5, 1 % at 7. */
    static final double[] OCCUPANCY = {0, 0, 0, 90, 0, 9, 0, 1};
    static final List<Integer> STEPS = List.of(1, 2, 3, 4, 5, 6, 8, 10, 12, 16);

    @Test
    void timeWeightedPercentilesAreTheNearestRankOnTime() {
        assertEquals(3, SizingRules.timeWeightedPercentile(OCCUPANCY, 50));
        assertEquals(3, SizingRules.timeWeightedPercentile(OCCUPANCY, 90), "90 % of the time at 3 or fewer");
        assertEquals(5, SizingRules.timeWeightedPercentile(OCCUPANCY, 95));
        assertEquals(5, SizingRules.timeWeightedPercentile(OCCUPANCY, 99), "99 % of the time at 5 or fewer");
        assertEquals(7, SizingRules.timeWeightedPercentile(OCCUPANCY, 99.9));
        assertEquals(7, SizingRules.timeWeightedPercentile(OCCUPANCY, 100));
        assertEquals(Double.NaN, SizingRules.timeWeightedPercentile(new double[] {0, 0}, 99));
        // Trailing empty levels are no peak.
        assertEquals(2, SizingRules.timeWeightedPercentile(new double[] {1, 1, 1, 0, 0}, 100));
    }

    @Test
    void everyCandidateIsASizeCappedAtTheWorkers() {
        // L = 4: Erlang C at 1 % gives 10; L + √L 6, L + 1.5√L 7, L + 2√L 8, L + 3√L 10.
        SizingRules.Candidates c = SizingRules.of(OCCUPANCY, new double[0], 4, 8);
        assertEquals(SizingRules.FROM_OCCUPANCY, c.from());
        assertEquals(Map.of("inUseP95", 5, "inUseP99", 5, "inUseP999", 7, "inUseMax", 7, "erlangC1Percent", 8,
                "littlePlus1Sqrt", 6, "littlePlus1.5Sqrt", 7, "littlePlus2Sqrt", 8, "littlePlus3Sqrt", 8), c.sizes());
        assertEquals(SizingRules.NAMES, List.copyOf(c.sizes().keySet()));
        assertEquals(10, SizingRules.of(null, new double[0], 4, null).sizes().get("erlangC1Percent"));
        assertEquals(10, SizingRules.of(null, new double[0], 4, null).sizes().get("littlePlus3Sqrt"));
    }

    @Test
    void withoutTheOccupancyTheGaugeStandsInAndSaysSo() {
        double[] gauge = new double[100];
        java.util.Arrays.fill(gauge, 0, 95, 2);
        java.util.Arrays.fill(gauge, 95, 100, 3.5);
        SizingRules.Candidates c = SizingRules.of(null, gauge, 1, 8);
        assertEquals(SizingRules.FROM_GAUGE, c.from());
        assertEquals(2, c.sizes().get("inUseP95"));
        assertEquals(4, c.sizes().get("inUseP99"));
        assertEquals(4, c.sizes().get("inUseMax"));
        SizingRules.Candidates none = SizingRules.of(null, new double[0], 1, 8);
        assertEquals(SizingRules.FROM_NOTHING, none.from());
        assertEquals(List.of("erlangC1Percent", "littlePlus1Sqrt", "littlePlus1.5Sqrt", "littlePlus2Sqrt",
                        "littlePlus3Sqrt"),
                List.copyOf(none.sizes().keySet()));
    }

    @Test
    void theCheckWordsAreAtOrAboveTheKneeAndAtMostOneStepOver() {
        // Knee 6; the next size the search could try above it is 8.
        assertEquals("undersizes", SizingRules.check(5, 6, false, STEPS));
        assertEquals("holds", SizingRules.check(6, 6, false, STEPS));
        assertEquals("holds", SizingRules.check(7, 6, false, STEPS), "between the knee and the next step");
        assertEquals("holds", SizingRules.check(8, 6, false, STEPS));
        assertEquals("oversizes", SizingRules.check(9, 6, false, STEPS));
        assertEquals("holds", SizingRules.check(16, 16, false, STEPS), "the reference size has no step above");
        assertEquals("no knee", SizingRules.check(4, null, false, STEPS));
        assertEquals("not shown (below the smallest size tried)", SizingRules.check(1, 2, true, STEPS));
    }

    @Test
    void aPredictionWithoutBorrowResolutionDataGetsNoWords() {
        ObjectNode gaugeOnly = Json.object();
        gaugeOnly.put("candidatesFrom", SizingRules.FROM_GAUGE);
        gaugeOnly.putObject("candidates").put("inUseP99", 4);
        SizingRules.putChecks(gaugeOnly, 6, false, STEPS);
        assertEquals(SizingRules.NO_DATA, gaugeOnly.path("ruleChecks").asText());
        ObjectNode kept = Json.object();
        assertNull(SizingRules.checks(kept, 6, false, STEPS), "a kept search from before the candidates");
        ObjectNode measured = Json.object();
        measured.put("candidatesFrom", SizingRules.FROM_OCCUPANCY);
        measured.putObject("candidates").put("inUseP99", 6).put("inUseP95", 4).put("erlangC1Percent", 10);
        SizingRules.putChecks(measured, 6, false, STEPS);
        assertEquals("holds", measured.path("ruleChecks").path("inUseP99").path("word").asText());
        assertEquals("undersizes", measured.path("ruleChecks").path("inUseP95").path("word").asText());
        assertEquals(10, measured.path("ruleChecks").path("erlangC1Percent").path("size").asInt());
        assertEquals("oversizes", measured.path("ruleChecks").path("erlangC1Percent").path("word").asText());
        // From the gauge: the in-use rules get no word, the queueing rules (from L alone) do.
        ObjectNode gaugeAndLoad = Json.object();
        gaugeAndLoad.put("candidatesFrom", SizingRules.FROM_GAUGE);
        gaugeAndLoad.putObject("candidates").put("inUseP99", 4).put("littlePlus1.5Sqrt", 7);
        SizingRules.putChecks(gaugeAndLoad, 6, false, STEPS);
        assertTrue(gaugeAndLoad.path("ruleChecks").path("inUseP99").isMissingNode(), gaugeAndLoad.toString());
        assertEquals("holds", gaugeAndLoad.path("ruleChecks").path("littlePlus1.5Sqrt").path("word").asText());
    }

    /** A search kept before the queueing rules (2026-11-29's): they come from its L; today's rule predicts if able. */
    @Test
    void aKeptPredictionGetsTheQueueingRulesFromItsLoad() {
        ObjectNode kept = Json.object();
        kept.put("inUseMean", 4.0).put("loadWorkers", 8).put("predictedSize", 4).put("predictedFrom", "inUseP95");
        SizingRules.rederive(kept);
        assertEquals(7, kept.path("candidates").path("littlePlus1.5Sqrt").asInt(), "4 + 1.5 x 2");
        assertEquals(8, kept.path("candidates").path("erlangC1Percent").asInt(), "10, capped at the 8 workers");
        assertEquals(SizingRules.FROM_NOTHING, kept.path("candidatesFrom").asText());
        assertEquals(4, kept.path("predictedSize").asInt(), "no in-use count at every borrow: the p99 cannot predict");
        ObjectNode counted = Json.object();
        counted.put("inUseMean", 4.0).put("loadWorkers", 8).put("predictedSize", 5).put("predictedFrom", "inUseP95");
        counted.put("candidatesFrom", SizingRules.FROM_OCCUPANCY);
        counted.putObject("candidates").put("inUseP95", 5).put(SizingRules.CHOSEN_RULE, 6);
        SizingRules.rederive(counted);
        assertEquals(SizingRules.CHOSEN_RULE, counted.path("predictedFrom").asText());
        assertEquals(6, counted.path("predictedSize").asInt());
        assertEquals(5, counted.path("measuredPrediction").path("size").asInt());
        assertEquals("inUseP95", counted.path("measuredPrediction").path("from").asText());
        ObjectNode noLoad = Json.object().put("predictedSize", 5).put("predictedFrom", "inUseP95");
        SizingRules.rederive(noLoad);
        assertEquals(5, noLoad.path("predictedSize").asInt(), "without L the kept prediction stays");
    }
}
