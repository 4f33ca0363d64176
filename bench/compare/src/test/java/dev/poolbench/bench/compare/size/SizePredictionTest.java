package dev.poolbench.bench.compare.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The prediction of {@code ./poolbench size} from a recorded run: run.json and poolmetrics.csv of
 * the size-20 lane of a real duet (hikari 20 against 3, 10 s measured, 8 load workers, on a busy
 * machine: long holds, few borrows), kept under src/test/resources/size-prediction.
 */
class SizePredictionTest {

    static final Path RUN = Path.of("src/test/resources/size-prediction/1-hikari-20-vs-3");

    @Test
    void littlesLawFromTheRecordedRunsBorrowsAndHoldTimes() throws Exception {
        JsonNode record = Json.read(RUN.resolve("run.json"));
        SizePrediction p = SizePrediction.of(RUN);
        // λ: the run's 79 borrows over its 10 measured seconds (the hold histogram counts the returns).
        double borrows = Json.number(record, "poolMetrics.acquireCount");
        assertEquals(borrows / Json.number(record, "durationSeconds"), p.borrowsPerSecond(), 0.2);
        // W: the mean of the hold histogram lies between its median and its maximum.
        assertTrue(p.holdMillis() > Json.number(record, "poolMetrics.holdMillis.p50")
                && p.holdMillis() < Json.number(record, "poolMetrics.holdMillis.max"), "W " + p.holdMillis());
        assertEquals(p.borrowsPerSecond() * p.holdMillis() / 1000, p.inUseMean(), 1e-9);
        // The per-second gauge: 26 samples, 17 at 0, 8 at 1, one at 2.
        assertTrue(p.gaugeRecorded());
        assertEquals(1, p.inUseP95());
        assertEquals(2, p.inUseP99());
        assertEquals(20, p.poolSize());
        assertEquals(8, p.workers());
        assertEquals(SizePrediction.erlangCSize(p.inUseMean(), 0.01), p.erlangC());
        // A run recorded before the occupancy: the in-use rules fall back on the gauge, and say so.
        assertEquals(SizingRules.FROM_GAUGE, p.candidates().from());
        assertEquals(SizingRules.CHOSEN_RULE, p.predictedFrom());
        assertEquals(2, p.predicted(), "the gauge's p99, rounded up");
        assertTrue(p.erlangC() > p.predicted(), "Erlang C leans large: " + p.erlangC());
        assertTrue(p.line().startsWith("prediction from the reference run 1-hikari-20-vs-3 (size 20): L = "), p.line());
        assertTrue(p.line().contains("predicted size " + p.predicted() + " (rule " + SizingRules.CHOSEN_RULE + "; Erlang C: a "
                + "borrow waits with probability < 1 % from " + p.erlangC() + " connections); candidates from "
                + "poolmetrics.csv active (per-second gauge): no borrow-resolution data: inUseP95 1, inUseP99 2, inUseP999 2, inUseMax 2, "
                + "erlangC1Percent " + Math.min(8, p.erlangC()) + ", littlePlus1Sqrt "), p.line());
        // That run lost one scrape to the busy machine: the line says so.
        assertEquals(1, p.scrapeErrors());
        assertTrue(p.line().contains("1 scrape(s) of the pool metrics failed"), p.line());
    }

    @Test
    void erlangCGivesTheTextbookSizes() {
        // Two erlangs: P(wait) 0.444 with 3 servers, 0.174 with 4, 0.060 with 5, 0.018 with 6, 0.0048 with 7.
        assertEquals(4.0 / 9, SizePrediction.erlangC(3, 2), 1e-9);
        assertEquals(0.1739, SizePrediction.erlangC(4, 2), 1e-4);
        assertEquals(0.0180, SizePrediction.erlangC(6, 2), 1e-4);
        assertEquals(7, SizePrediction.erlangCSize(2, 0.01));
        assertEquals(5, SizePrediction.erlangCSize(2, 0.1));
        assertEquals(1, SizePrediction.erlangC(2, 2), "no more servers than the load: everyone waits");
        assertEquals(1, SizePrediction.erlangCSize(0, 0.01));
    }

    @Test
    void withoutTheGaugeTheInUseCountIsDerivedFromEachSecondsBorrows(@TempDir Path dir) throws Exception {
        Files.copy(RUN.resolve("run.json"), dir.resolve("run.json"));
        List<String> csv = Files.readAllLines(RUN.resolve("poolmetrics.csv"));
        // The same file with the active column emptied (a pool that publishes no gauge).
        StringBuilder emptied = new StringBuilder(csv.get(0)).append('\n');
        for (String line : csv.subList(1, csv.size())) {
            String[] cells = line.split(",", -1);
            cells[1] = "";
            emptied.append(String.join(",", cells)).append('\n');
        }
        Files.writeString(dir.resolve("poolmetrics.csv"), emptied);
        SizePrediction p = SizePrediction.of(dir);
        assertFalse(p.gaugeRecorded());
        double maxBorrows = SizePrediction.percentile(SizePrediction.gauge(dir.resolve("poolmetrics.csv"),
                "acquires"), 100);
        assertEquals(maxBorrows * p.holdMillis() / 1000, p.inUseP99(), 1e-9);
        assertTrue(p.line().contains("derived"), p.line());
        assertEquals(SizePrediction.FALLBACK_RULE, p.predictedFrom(),
                "a derived count averages each second: Erlang C predicts");
        assertEquals(SizingRules.FROM_NOTHING, p.candidates().from());
        assertFalse(p.candidates().sizes().containsKey("inUseP99"));
        assertEquals(Math.min(p.erlangC(), 8), p.predicted());
    }

    @Test
    void theCheckSaysWhetherTheKneeAgreesAndWhyNot() {
        SizePrediction p = new SizePrediction("1-hikari-50-vs-6", 50, 2140, 1.5, 3.2, 5, 6, true, 8, null, 8,
                SizePrediction.FALLBACK_RULE, NO_CANDIDATES, 0);
        assertEquals("predicted 8, measured knee 8: agrees", p.check(8, false));
        assertTrue(p.check(5, false).startsWith("predicted 8, measured knee 5: the rule leaves few borrows "
                + "waiting"), p.check(5, false));
        assertTrue(p.check(12, false).contains("waiting costs more"), p.check(12, false));
        SizePrediction gauge = new SizePrediction("1-hikari-16-vs-5", 16, 426, 6.9, 2.9, 6, 6, true, 9, 8, 6, "inUseP95",
                NO_CANDIDATES, 0);
        assertEquals("predicted 6, measured knee 6: agrees", gauge.check(6, false));
        assertTrue(gauge.check(5, false).contains("the in-use count's p95 is what the pool held"), gauge.check(5,
                false));
        assertTrue(p.check(1, true).contains("the smallest size tried is within the margin"), p.check(1, true));
        assertTrue(p.check(null, false).contains("not decided"));
    }

    static final SizingRules.Candidates NO_CANDIDATES = new SizingRules.Candidates(java.util.Map.of(),
            SizingRules.FROM_NOTHING);

    /** The same run with the occupancy of every borrow and return: the time-weighted rules, the chosen one predicts. */
    @Test
    void withTheOccupancyTheRulesAreTimeWeighted(@TempDir Path dir) throws Exception {
        Files.copy(RUN.resolve("poolmetrics.csv"), dir.resolve("poolmetrics.csv"));
        com.fasterxml.jackson.databind.node.ObjectNode record = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.read(RUN.resolve("run.json"));
        // 9 s at 0, 0.8 s at 1, 0.15 s at 2, 0.05 s at 5: p95 1, p99 2, p99.9 5, max 5.
        ((com.fasterxml.jackson.databind.node.ObjectNode) record.get("poolMetrics")).putArray("inUseSecondsAtLevel")
                .add(9).add(0.8).add(0.15).add(0).add(0).add(0.05);
        Files.writeString(dir.resolve("run.json"), Json.MAPPER.writeValueAsString(record));
        SizePrediction p = SizePrediction.of(dir);
        assertEquals(SizingRules.FROM_OCCUPANCY, p.candidates().from());
        assertEquals(1, p.candidates().sizes().get("inUseP95"));
        assertEquals(2, p.candidates().sizes().get("inUseP99"));
        assertEquals(5, p.candidates().sizes().get("inUseP999"));
        assertEquals(5, p.candidates().sizes().get("inUseMax"));
        assertEquals(p.candidates().sizes().get(SizingRules.CHOSEN_RULE), p.predicted());
        JsonNode json = p.json();
        assertEquals(SizingRules.CHOSEN_RULE, json.path("predictedFrom").asText());
        assertEquals(SizingRules.NAMES, java.util.stream.StreamSupport.stream(
                java.util.Spliterators.spliteratorUnknownSize(json.path("candidates").fieldNames(), 0), false).toList());
    }

    @Test
    void aRunWithoutHoldFiguresPredictsNothing(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("run.json"), "{\"runDir\": \"1-hikari-50-vs-6\", \"durationSeconds\": 10}");
        assertNull(SizePrediction.of(dir));
    }
}
