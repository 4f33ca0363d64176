package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class WallTimeSummaryTest {

    @Test
    void wallTimeIsSetAgainstTheMeasuredSecondsOfAllRuns() {
        // Four runs of 60 s = 4 min measured; 5 min 36 s of wall time = 1.40x.
        List<RunRecord> runs = Fixtures.runs("hikari", new double[] {100, 110}, "dbcp2", new double[] {90, 95});
        ObjectNode environment = Json.object();
        environment.put("wallMillis", 336_000);
        assertEquals("Total wall time (time to this verdict): 5m 36s for 4m 00s measured (1.40x)",
                WallTimeSummary.wallTimeLine(runs, environment));
    }

    @Test
    void theBuildBeforeTheRunnerIsAddedForWhatTheUserWaited() {
        List<RunRecord> runs = Fixtures.runs("hikari", new double[] {100, 110}, "dbcp2", new double[] {90, 95});
        ObjectNode environment = Json.object();
        environment.put("wallMillis", 336_000);
        environment.put("buildMillis", 35_000);
        assertEquals("Total wall time (time to this verdict): 5m 36s for 4m 00s measured (1.40x); with the build of "
                + "the jars before it, 6m 11s", WallTimeSummary.wallTimeLine(runs, environment));
        environment.put("buildMillis", 0);
        assertTrue(WallTimeSummary.wallTimeLine(runs, environment).endsWith("(1.40x)"), "no build, nothing added");
    }

    @Test
    void noWallTimeWithoutTheRunnersFigure() {
        assertNull(WallTimeSummary.wallTimeLine(Fixtures.runs("hikari", new double[] {100}), Json.object()));
    }

    @Test
    void fixedCostHasTheMeanOfEachRecordedPhase() {
        String line = WallTimeSummary.fixedCostLine(Fixtures.runs("hikari", new double[] {100, 110}));
        assertTrue(line.startsWith("Fixed cost per measured run"), line);
        assertTrue(line.contains("mean 11.5 s"), line);
        assertTrue(line.contains("mean per phase: reset 0.4 s, app start 6.0 s"), line);
        assertEquals("Fixed cost per measured run: not recorded.", WallTimeSummary.fixedCostLine(List.of()));
        assertTrue(line.endsWith("\n  fixed cost per run: app start 6.0 s, load start not recorded, report and exit "
                + "not recorded"), line);
    }

    @Test
    void theBriefLineNamesWhatARunWaitsThrough() {
        List<RunRecord> runs = Fixtures.runs("hikari", new double[] {100, 110}).stream().map(r -> {
            ObjectNode t = (ObjectNode) r.json().deepCopy().path("timings");
            t.put("appStartMillis", 15_500).put("appStartWaitMillis", r.round() == 1 ? 15_000 : 4_000)
                    .put("loadStartMillis", 400).put("reportCheckMillis", 8_100);
            ObjectNode json = r.json().deepCopy();
            json.set("timings", t);
            return RunRecord.of(json);
        }).toList();
        assertEquals("fixed cost per run: app start 15.5 s (9.5 s of it waited), load start 0.4 s, report and exit "
                + "8.1 s", WallTimeSummary.briefLine(runs));
        assertNull(WallTimeSummary.briefLine(List.of()));
    }

    @Test
    void theDecidedLineCountsTheVerdictsAndNamesWhatIsStillOpen() {
        // hikari and dbcp2 far apart over three rounds: decided; tomcat noisy over two: undecided.
        List<RunRecord> runs = Fixtures.runs("hikari", new double[] {100, 101, 99}, "dbcp2",
                new double[] {60, 61, 59}, "tomcat", new double[] {80, 120, 100});
        List<PairedVerdict.Entry> entries = PairedVerdict.of(runs, List.of("hikari", "dbcp2", "tomcat"), "hikari", 5);
        String line = WallTimeSummary.decidedLine(entries);
        assertTrue(line.startsWith("Verdicts decided (faster, slower or equivalent): 1 of 2; undecided: tomcat vs "
                + "hikari (about "), line);
        assertTrue(line.endsWith(" rounds in all)."), line);
        assertNull(WallTimeSummary.decidedLine(List.of()));
    }
}
