package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepSummaryTest {

    /** Runs of one profile: size → scores of rounds 1..n, with a peak pending figure. */
    static List<RunRecord> sweep(String profile, int[] sizes, double[][] scores, double[] pending) {
        List<RunRecord> runs = new ArrayList<>();
        for (int s = 0; s < sizes.length; s++) {
            for (int round = 1; round <= scores[s].length; round++) {
                var r = Fixtures.record(profile, round, scores[s][round - 1], true, true);
                r.put("poolSize", sizes[s]);
                r.putObject("poolMetrics").put("peakPending", pending[s]);
                runs.add(RunRecord.of(r));
            }
        }
        return runs;
    }

    static List<RunRecord> twoPools() {
        int[] sizes = {2, 4, 8, 16};
        List<RunRecord> runs = new ArrayList<>(sweep("hikari", sizes, new double[][] {
            {600, 640, 580}, {940, 950, 930}, {1000, 1010, 990}, {990, 1020, 985}}, new double[] {6, 3, 0, 0}));
        runs.addAll(sweep("dbcp2", sizes, new double[][] {
            {500, 520, 490}, {700, 720, 690}, {900, 910, 890}, {1000, 1012, 988}}, new double[] {7, 5, 1, 0}));
        return runs;
    }

    @Test
    void bestSizeAndSmallestSizeWithinTheNoise() {
        SweepSummary sweep = SweepSummary.of(twoPools(), 5);
        SweepSummary.Pool hikari = sweep.pools().get(0);
        assertEquals("hikari", hikari.profile());
        assertEquals(8, hikari.best());
        // 4 is 6 % below 8 in every round: significantly slower; 16 is larger than 8.
        assertEquals(8, hikari.pick());
        SweepSummary.Pool dbcp2 = sweep.pools().get(1);
        assertEquals(16, dbcp2.best());
        assertEquals(16, dbcp2.pick());
        assertEquals(6.0, hikari.points().get(0).meanPeakPending());
        String text = sweep.text();
        assertTrue(text.contains("Sweep: hikari: best size 8, smallest size within the noise of the best: 8"), text);
        assertTrue(text.contains("peak pend"), text);
    }

    @Test
    void aSmallerSizeWithinTheNoiseIsPicked() {
        // Size 4 scores above 8 in one round, below in two: not significantly behind.
        SweepSummary sweep = SweepSummary.of(sweep("tomcat", new int[] {2, 4, 8}, new double[][] {
            {500, 510, 490}, {1020, 960, 985}, {1000, 1010, 990}}, new double[] {4, 0, 0}), 5);
        SweepSummary.Pool tomcat = sweep.pools().get(0);
        assertEquals(8, tomcat.best());
        assertEquals(4, tomcat.pick());
        assertEquals("undecided", sweep.json().path("pools").get(0).path("points").get(1)
                .path("vsBestVerdict").asText());
    }

    @Test
    void oneRoundNamesTheBestOnly() {
        SweepSummary sweep = SweepSummary.of(sweep("hikari", new int[] {2, 4}, new double[][] {{500}, {900}},
                new double[] {3, 0}), 5);
        assertEquals(4, sweep.pools().get(0).best());
        assertNull(sweep.pools().get(0).pick());
        assertTrue(sweep.text().contains("best size by mean only"), sweep.text());
    }

    @Test
    void noSweepWithOneSize() {
        assertNull(SweepSummary.of(Fixtures.runs("hikari", new double[] {1, 2}), 5));
    }

    /** environment.json as the runner writes it: the host's facts with its cores. */
    static com.fasterxml.jackson.databind.node.ObjectNode environment(int cores) {
        var env = Json.object();
        env.putObject("host").put("cores", cores);
        return env;
    }

    @Test
    void theFormulaBesideTheKneeOfATwoCoreMachine() {
        // (2 x 2) + 0 = 4; hikari's knee is 8 (4 is significantly slower), dbcp2's is 16.
        Summary summary = Summary.of(twoPools(), environment(2));
        String text = summary.text();
        assertTrue(text.contains("Sweep: hikari: best size 8, smallest size within the noise of the best: 8\n"
                + "Sweep: hikari: HikariCP's formula (cores x 2) + effective spindles = (2 x 2) + 0 = 4 (2 cores on "
                + "the app's host; effective spindles 0: data in memory / SSD); measured knee 8: disagrees (4 is at "
                + "or below 4, the swept size under the knee)\n"), text);
        assertTrue(text.contains("Sweep: dbcp2: HikariCP's formula (cores x 2) + effective spindles = (2 x 2) + 0 = 4"
                + " (2 cores on the app's host; effective spindles 0: data in memory / SSD); measured knee 16: "
                + "disagrees (4 is at or below 8, the swept size under the knee)\n"), text);
        assertTrue(text.contains("Formula beside the knee: knee = the pick, else the best size;"), text);
        var json = SummaryJson.of(summary).path("sweep");
        assertEquals(4, json.path("formula").path("size").asInt());
        assertEquals(2, json.path("formula").path("cores").asInt());
        assertEquals("data in memory / SSD", json.path("formula").path("effectiveSpindlesReason").asText());
        assertEquals(8, json.path("pools").get(0).path("knee").asInt());
        assertEquals("disagrees", json.path("pools").get(0).path("formulaAgreement").asText());
    }

    @Test
    void theFormulaAgreesOnTheKneeOrBetweenItsNeighbours() {
        // tomcat's knee is its pick, 4 (within the noise of the best, 8).
        List<RunRecord> tomcat = sweep("tomcat", new int[] {2, 4, 8}, new double[][] {
            {500, 510, 490}, {1020, 960, 985}, {1000, 1010, 990}}, new double[] {4, 0, 0});
        SweepSummary two = SweepSummary.of(tomcat, 5, environment(2));
        assertEquals("agrees", two.formulaCheck(two.pools().get(0)).code());
        assertTrue(two.text().contains("= (2 x 2) + 0 = 4 (2 cores on the app's host; effective spindles 0: data in "
                + "memory / SSD); measured knee 4: agrees (same size)"), two.text());
        // (3 x 2) + 0 = 6 lies between 2 and 8, the sizes swept next to tomcat's knee 4.
        SweepSummary three = SweepSummary.of(tomcat, 5, environment(3));
        assertEquals("agrees-within-step", three.formulaCheck(three.pools().get(0)).code());
        assertTrue(three.text().contains("measured knee 4: agrees within the sweep's step (6 lies between 2 and 8, "
                + "the swept sizes next to the knee)"), three.text());
        // 32 above dbcp2's knee 16, the largest size swept: nothing measured there.
        SweepSummary big = SweepSummary.of(twoPools(), 5, environment(16));
        assertEquals("beyond-sweep", big.formulaCheck(big.pools().get(1)).code());
        assertEquals("disagrees", big.formulaCheck(big.pools().get(0)).code(), "32 is above 16, next to hikari's 8");
        // Without environment.json the cores are unknown: no formula line, the other lines as before.
        SweepSummary unknown = SweepSummary.of(tomcat, 5, Json.object());
        assertNull(unknown.formula());
        assertEquals(SweepSummary.of(tomcat, 5).text(), unknown.text());
        assertTrue(!unknown.text().contains("formula"), unknown.text());
    }

    @Test
    void chartsForTheEye() throws Exception {
        // Written under target/ so a person can look at them; the tests only check they exist.
        Path dir = Path.of("target", "chart-samples");
        java.nio.file.Files.createDirectories(dir);
        Summary s = Summary.of(twoPools(), Json.object());
        SweepChart.write(s, s.sweep(), dir.resolve("sweep.png"));
        ScoreChart.write(s, dir.resolve("scores-sweep.png"));
        ScoreChart.write(Summary.of(Fixtures.runs("hikari", new double[] {1000, 1010, 990},
                "dbcp2", new double[] {800, 805, 795}, "nopool", new double[] {400, 420, 390}), Json.object()),
                dir.resolve("scores.png"));
        assertTrue(java.nio.file.Files.size(dir.resolve("sweep.png")) > 1000);
    }
}
