package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        List<Summary.Row> rows = s.blocks().get(0).rows();
        assertEquals(List.of("hikari", "tomcat", "nopool"), rows.stream().map(Summary.Row::profile).toList());
        assertEquals(1, rows.get(0).rank());
        assertEquals(0.0, rows.get(0).relativeToBestPercent(), 1e-9);
        assertEquals(-10.0, rows.get(1).relativeToBestPercent(), 1e-9);
        assertEquals(-50.0, rows.get(2).relativeToBestPercent(), 1e-9);
        assertEquals(0, s.exitStatus());
    }

    @Test
    void clearDifferencesExceedTheNoise() {
        Summary s = Summary.of(Fixtures.runs(
                "hikari", new double[] {1000, 1010, 990},
                "dbcp2", new double[] {800, 805, 795}), Json.object());
        String v = verdict(s);
        assertTrue(v.contains("The differences exceed the noise: hikari is ahead of every other pool"), v);
        assertTrue(v.contains("coefficient of variation"), v);
    }

    @Test
    void noisyDifferencesAreWithinTheNoise() {
        Summary s = Summary.of(Fixtures.runs(
                "hikari", new double[] {1000, 1400, 700},
                "dbcp2", new double[] {950, 1300, 650}), Json.object());
        String v = verdict(s);
        assertTrue(v.contains("within the noise"), v);
        assertTrue(v.contains("cannot be told apart"), v);
    }

    @Test
    void mixedVerdictNamesBothGroups() {
        Summary s = Summary.of(Fixtures.runs(
                "hikari", new double[] {1000, 1010, 990},
                "tomcat", new double[] {995, 1015, 985},
                "nopool", new double[] {500, 510, 490}), Json.object());
        String v = verdict(s);
        assertTrue(v.contains("Behind it beyond the noise: nopool"), v);
        assertTrue(v.contains("(cannot be told apart): tomcat"), v);
    }

    @Test
    void oneRunCannotEstimateTheNoise() {
        Summary s = Summary.of(Fixtures.runs(
                "hikari", new double[] {1000},
                "dbcp", new double[] {800}), Json.object());
        assertTrue(verdict(s).contains("With 1 run per profile the noise cannot be estimated"));
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
        Summary.Row hikari = s.blocks().get(0).rows().get(0);
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
