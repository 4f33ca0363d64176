package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import dev.poolbench.bench.compare.verdict.SummaryBlock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTest {

    private static String verdict(Summary s) {
        return String.join("\n", s.blocks().get(0).verdict());
    }

    @Test
    void ranksAndRelativeToBest() {
        Summary s = Summary.of(Fixtures.runs(
                "tomcat", new double[] {900, 910, 890},
                "hikari", new double[] {1000, 1010, 990},
                "nopool", new double[] {500, 510, 490}), Json.object());
        List<SummaryBlock.Row> rows = s.blocks().get(0).rows();
        assertEquals(List.of("hikari", "tomcat", "nopool"), rows.stream().map(SummaryBlock.Row::profile).toList());
        assertEquals(1, rows.get(0).rank());
        assertEquals(0.0, rows.get(0).relativeToBestPercent(), 1e-9);
        assertEquals(-10.0, rows.get(1).relativeToBestPercent(), 1e-9);
        assertEquals(-50.0, rows.get(2).relativeToBestPercent(), 1e-9);
        assertEquals(0, s.exitStatus());
    }

    @Test
    void clearDifferenceIsSlowerWithItsInterval() {
        Summary s = Summary.of(Fixtures.runs(
                "hikari", new double[] {1000, 1010, 990},
                "dbcp2", new double[] {800, 805, 795}), Json.object());
        String v = verdict(s);
        assertTrue(v.contains("Paired by round against hikari"), v);
        assertTrue(v.contains("dbcp2 vs hikari: -20.0 %, 95 % CI [-20.7 .. -19.2] (difference) over 3 rounds: slower"), v);
        assertTrue(v.contains("coefficient of variation"), v);
        PairedVerdict.Entry e = s.blocks().get(0).paired().get(0);
        assertEquals("slower", e.json().path("verdict").asText());
    }

    @Test
    void pairingCancelsWhatRoundsShare() {
        // Each round moves both pools alike (scores 700..1400): unpaired this is noise, paired
        // it is a steady 10 % lead.
        Summary s = Summary.of(Fixtures.runs(
                "hikari", new double[] {1000, 1400, 700},
                "dbcp2", new double[] {1100, 1540, 770}), Json.object());
        assertTrue(verdict(s).contains("dbcp2 vs hikari: +10.0 %, 95 % CI [+10.0 .. +10.0] (difference) over 3 rounds: faster"),
                verdict(s));
    }

    @Test
    void inconsistentRoundsAreUndecidedWithRoundsNeeded() {
        Summary s = Summary.of(Fixtures.runs(
                "hikari", new double[] {1000, 1400, 700},
                "dbcp2", new double[] {1100, 1250, 720}), Json.object());
        String v = verdict(s);
        assertTrue(v.matches("(?s).*dbcp2 vs hikari: .* over 3 rounds: undecided \\(about \\d+ rounds in all.*"), v);
    }

    @Test
    void mixedVerdictNamesEachProfile() {
        Summary s = Summary.of(Fixtures.runs(
                "hikari", new double[] {1000, 1010, 990},
                "tomcat", new double[] {995, 1015, 985},
                "nopool", new double[] {500, 510, 490}), Json.object());
        String v = verdict(s);
        assertTrue(v.contains("tomcat vs hikari: -0.2 %"), v);
        assertTrue(v.contains("equivalent within ±5 %"), v);
        assertTrue(v.matches("(?s).*nopool vs hikari: -50\\.0 %, 95 % CI .*: slower.*"), v);
    }

    /**
     * An equivalent pool shows the 90 % interval that decided it, not the 95 % one: here the 95 %
     * interval reaches past -5 % while the 90 % one lies inside the margin (-0.5 % over six
     * rounds of ±4.2 %), so a 95 % interval beside "equivalent" would read as a contradiction.
     */
    @Test
    void anEquivalentPoolShowsTheNinetyPercentIntervalThatDecidedIt() {
        double[] hikari = new double[6];
        double[] dbcp = new double[6];
        for (int i = 0; i < 6; i++) {
            hikari[i] = 1000;
            dbcp[i] = 1000 * Math.exp(-0.005 + (i % 2 == 0 ? 0.04245 : -0.04245));
        }
        Summary s = Summary.of(Fixtures.runs("hikari", hikari, "dbcp", dbcp), Json.object());
        String v = verdict(s);
        assertTrue(v.contains("dbcp vs hikari: -0.5 %, 90 % CI [-4.2 .. +3.4] (equivalence) over 6 rounds: "
                + "equivalent within ±5 %"), v);
        assertTrue(v.contains("equivalent = 90 % CI inside ±5 %"), v);
        var json = s.json().path("blocks").get(0).path("paired").get(0);
        assertEquals("equivalent", json.path("verdict").asText());
        assertTrue(json.path("ci95LowPercent").asDouble() < -5, "the 95 % interval crosses the margin: " + json);
        assertEquals(90, json.path("decidingInterval").path("level").asInt(), json.toString());
        assertEquals("equivalence", json.path("decidingInterval").path("test").asText());
        assertEquals(json.path("ci90LowPercent").asDouble(), json.path("decidingInterval").path("lowPercent").asDouble());
        assertTrue(json.path("decidingInterval").path("lowPercent").asDouble() > -4.76, json.toString());
    }

    /** An undecided pair failed both tests: it shows the 95 % interval across 0 and the 90 % one past the margin. */
    @Test
    void anUndecidedPoolShowsBothIntervals() {
        Summary s = Summary.of(Fixtures.runs(
                "hikari", new double[] {1000, 1400, 700},
                "dbcp2", new double[] {1100, 1250, 720}), Json.object());
        String v = verdict(s);
        assertTrue(v.matches("(?s).*dbcp2 vs hikari: [-+]\\d+\\.\\d %, 95 % CI \\[.*] spans 0 and 90 % CI \\[.*] "
                + "is not inside ±5 % over 3 rounds: undecided.*"), v);
        var json = s.json().path("blocks").get(0).path("paired").get(0);
        assertEquals(95, json.path("decidingInterval").path("level").asInt(), json.toString());
        assertEquals("undecided", json.path("decidingInterval").path("test").asText());
    }

    @Test
    void referenceAndMarginComeFromTheOptions() {
        var env = Json.object();
        var options = env.putObject("options");
        options.put("reference", "tomcat");
        options.put("equivalenceMarginPercent", 0.1);
        Summary s = Summary.of(Fixtures.runs(
                "hikari", new double[] {1000, 1010, 990},
                "tomcat", new double[] {995, 1015, 985}), env);
        String v = verdict(s);
        assertTrue(v.contains("hikari vs tomcat: +0.2 %"), v);
        assertTrue(v.contains("undecided"), v);
        assertEquals("tomcat", s.json().path("reference").asText());
        assertEquals(0.1, s.json().path("equivalenceMarginPercent").asDouble());
    }

    @Test
    void aaComparisonOfTwoCopies() {
        Summary s = Summary.of(Fixtures.runs(
                "hikari", new double[] {1000, 1010, 990, 1005, 995, 1000},
                "hikari_2", new double[] {1002, 1004, 993, 1001, 999, 998}), Json.object());
        assertTrue(verdict(s).contains("hikari_2 vs hikari: +0.0 %"), verdict(s));
        assertTrue(verdict(s).contains("equivalent within ±5 %"), verdict(s));
    }

    @Test
    void roundsWithoutBothRunsCountedAreNotPaired() {
        List<RunRecord> runs = new ArrayList<>(Fixtures.runs(
                "hikari", new double[] {1000, 1010},
                "dbcp", new double[] {800, 810}));
        runs.add(RunRecord.of(Fixtures.record("hikari", 3, 1005, true, true)));
        runs.add(RunRecord.of(Fixtures.record("dbcp", 3, 2000, false, true)));
        Summary s = Summary.of(runs, Json.object());
        assertEquals(2, s.blocks().get(0).paired().get(0).result().n());
    }

    /** The heading names the rule that added the rounds, with why they stopped. */
    @Test
    void theHeadingSaysWhichRuleAddedRoundsAndWhyItStopped() {
        List<RunRecord> runs = Fixtures.runs("hikari", new double[] {1000, 1000, 1000},
                "dbcp", new double[] {800, 810, 805});
        ObjectNode decided = Json.object();
        decided.put("roundsStopReason", "stopped after 3 rounds: 1 pair is decided");
        decided.putObject("options").put("untilDecided", true);
        assertTrue(Summary.of(runs, decided).text().contains(
                "Adaptive rounds (--until-decided): stopped after 3 rounds: 1 pair is decided"));
        ObjectNode precise = Json.object();
        precise.put("roundsStopReason", "stopped after 3 rounds: every paired interval is within ±5 %");
        assertTrue(Summary.of(runs, precise).text().contains("Adaptive rounds (--until-precision): stopped"));
        assertFalse(Summary.of(runs, Json.object()).text().contains("Adaptive rounds"));
    }

    @Test
    void oneRunCannotEstimateTheNoise() {
        Summary s = Summary.of(Fixtures.runs(
                "hikari", new double[] {1000},
                "dbcp", new double[] {800}), Json.object());
        assertTrue(verdict(s).contains("undecided (needs at least 2 rounds"), verdict(s));
        assertTrue(s.text().contains("n=1: none"), s.text());
    }

    @Test
    void invalidAndFlaggedRunsAreLeftOutAndFailTheExitStatus() {
        List<RunRecord> runs = new ArrayList<>(Fixtures.runs(
                "hikari", new double[] {1000, 1010},
                "dbcp", new double[] {800, 810}));
        runs.add(RunRecord.of(Fixtures.record("hikari", 3, 50, false, true)));
        runs.add(RunRecord.of(Fixtures.record("dbcp", 3, 900, true, false)));
        Summary s = Summary.of(runs, Json.object());
        assertEquals(1, s.exitStatus());
        SummaryBlock.Row hikari = s.blocks().get(0).rows().get(0);
        assertEquals(2, hikari.sample().n());
        assertEquals(1, hikari.excluded());
        String text = s.text();
        assertTrue(text.contains("INVALID"), text);
        assertTrue(text.contains("FLAGGED"), text);
        assertTrue(text.contains("Runs: 6 (4 counted, 1 invalid, 1 flagged)"), text);
    }

    @Test
    void defaultsModeSaysSizesDiffer() {
        var env = Json.object();
        env.putObject("options").put("poolMode", "defaults");
        Summary s = Summary.of(Fixtures.runs("hikari", new double[] {1000, 1010}), env);
        assertTrue(s.text().contains("sizes differ per pool"), s.text());
    }
}
