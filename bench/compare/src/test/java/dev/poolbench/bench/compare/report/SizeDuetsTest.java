package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.DuetPairs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pool-size sweep run as duets, on synthetic records: each size against the reference size,
 * paired by duet, while the machine's speed drifts by up to 40 % from window to window (the
 * drift falls on both lanes of a window and cancels in their ratio), and the knee in words.
 */
class SizeDuetsTest {

    /** The machine's speed in each round's windows: what a solo sweep's rounds would carry as noise. */
    private static final double[] DRIFT = {1.0, 0.6, 1.4, 0.8};

    /**
     * One window: {@code profile} at {@code size} beside itself at {@code reference}, the size lane
     * getting {@code ratio} times the reference lane's pages each second after the first 5 (which
     * hold a ramp the ratio must leave out). The reference size has lane 0 in odd rounds.
     */
    static List<RunRecord> duet(String profile, int round, int size, int reference, double ratio) {
        String window = round + "-" + profile + "-" + reference + "+" + size;
        List<RunRecord> lanes = new ArrayList<>();
        int[] order = round % 2 == 1 ? new int[] {reference, size} : new int[] {size, reference};
        for (int lane = 0; lane < 2; lane++) {
            int own = order[lane];
            double perSecond = 100 * DRIFT[(round - 1) % DRIFT.length] * (own == size ? ratio : 1);
            ObjectNode r = Fixtures.record(profile, round, perSecond * 60, true, true);
            r.put("poolSize", own);
            r.put("runDir", round + "-" + profile + "-" + own + "-vs-" + (own == size ? reference : size));
            ArrayNode seconds = ((ObjectNode) r.get("result")).putArray("perSecond");
            for (int second = 1; second <= 60; second++) {
                // The ramp: the size lane starts slower; counted, it would move the ratio by about 5 %.
                double pages = second <= DuetPairs.ALIGN_SECONDS && own == size ? perSecond / 4 : perSecond;
                seconds.addObject().put("second", second).put("passedPages", pages);
            }
            r.putObject("duet").put("window", window).put("lane", lane).put("partner", profile)
                    .put("partnerPoolSize", own == size ? reference : size).put("referencePoolSize", reference)
                    .put("firstRequestSkewMillis", 2);
            lanes.add(RunRecord.of(r));
        }
        return lanes;
    }

    /** sizes[i] against the reference, round by round, with ratios[i][round - 1]. */
    static List<RunRecord> sweep(String profile, int reference, int[] sizes, double[][] ratios) {
        List<RunRecord> runs = new ArrayList<>();
        for (int round = 1; round <= ratios[0].length; round++) {
            for (int i = 0; i < sizes.length; i++) {
                runs.addAll(duet(profile, round, sizes[i], reference, ratios[i][round - 1]));
            }
        }
        return runs;
    }

    /** hikari at 2 (30 % behind), 5 and 20 (level) against 10, four rounds. */
    static List<RunRecord> kneeAt5() {
        return sweep("hikari", 10, new int[] {2, 5, 20}, new double[][] {
            {0.70, 0.69, 0.71, 0.70}, {1.00, 0.99, 1.01, 1.00}, {1.00, 1.01, 0.995, 1.005}});
    }

    @Test
    void eachSizeIsPairedByDuetAgainstTheReferenceSizeAndTheKneeIsDecided() {
        SweepSummary sweep = SweepSummary.of(kneeAt5(), 5);
        assertTrue(sweep.duets());
        SweepSummary.Pool hikari = sweep.pools().get(0);
        assertEquals(10, hikari.referenceSize());
        assertEquals(5, hikari.pick(), "the knee");
        assertEquals(20, hikari.best(), "the highest estimate (+0.2 %)");
        assertEquals("sizes >= 5 are equivalent to 10 within ±5 %; size 2 is 30.0 % slower than 10 (decided). "
                + "Knee 5, decided (the next smaller size, 2, is slower).", hikari.knee());
        PairedTest.Result two = hikari.points().get(0).vsReference();
        assertEquals(4, two.n());
        assertEquals(-30.0, two.estimatePercent(), 0.05, "the ramp seconds are left out of the ratio");
        assertNull(hikari.points().get(2).vsReference(), "the reference size itself");
        String text = sweep.text();
        assertTrue(text.contains("Pool-size sweep as duets: each size against size 10"), text);
        assertTrue(text.contains("Sweep: hikari: sizes >= 5 are equivalent"), text);
        assertTrue(text.contains("Duet 1-hikari-10+2: hikari size 2/hikari size 10 0.700 (lane 0: hikari size 10)"),
                text);
        assertTrue(text.contains("Duet 2-hikari-10+2: hikari size 2/hikari size 10 0.690 (lane 0: hikari size 2)"),
                text);
    }

    @Test
    void anUndecidedNeighbourLeavesTheKneeOpen() {
        SweepSummary sweep = SweepSummary.of(sweep("hikari", 10, new int[] {3}, new double[][] {{0.90, 1.02, 0.95}}),
                5);
        SweepSummary.Pool hikari = sweep.pools().get(0);
        assertEquals(PairedTest.Word.UNDECIDED, hikari.points().get(0).vsReference().word());
        assertNull(hikari.pick());
        assertTrue(hikari.knee().startsWith("size 3: -4.5 %, 95 % CI ["), hikari.knee());
        assertTrue(hikari.knee().contains("duets in all would settle it"), hikari.knee());
        assertTrue(hikari.knee().endsWith("Knee not decided: size 3 is undecided."), hikari.knee());
    }

    @Test
    void aMadeDifferenceOfFourPercentIsDecidedWhereTheLanesOwnScoresOverlap() {
        // hikari at 3 against hikari at 10: the difference made on purpose (bench/README.md, "Duet runs").
        List<RunRecord> runs = sweep("hikari", 10, new int[] {3}, new double[][] {{0.96, 0.955, 0.965, 0.96}});
        SweepSummary sweep = SweepSummary.of(runs, 5);
        SweepSummary.Pool hikari = sweep.pools().get(0);
        assertEquals("size 3 is 4.0 % slower than 10 (decided). Knee 10, decided (the next smaller size, 3, is "
                + "slower).", hikari.knee());
        // What a comparison of the two sizes' own scores would see: the machine's drift, overlapping intervals.
        var three = hikari.points().get(0).sample();
        var ten = hikari.points().get(1).sample();
        assertTrue(three.ciHigh() > ten.ciLow() && ten.ciHigh() > three.ciLow(), three + " / " + ten);
    }

    @Test
    void theRecordedReferenceSizeIsTheOneEachSizeIsMeasuredAgainst() {
        SweepSummary.Pool pool = SweepSummary.of(sweep("dbcp2", 8, new int[] {2, 16}, new double[][] {
            {0.5, 0.52, 0.51}, {1.0, 1.01, 0.99}}), 5).pools().get(0);
        assertEquals(8, pool.referenceSize());
        assertEquals("size 16 is equivalent to 8 within ±5 %; size 2 is 49.0 % slower than 8 (decided). "
                + "Knee 8, decided (the next smaller size, 2, is slower).", pool.knee());
    }

    @Test
    void theSummaryPairsNoPoolsInASweepOfDuetsAndCountsItsVerdicts() {
        List<RunRecord> runs = new ArrayList<>(kneeAt5());
        runs.addAll(sweep("dbcp2", 10, new int[] {2, 5, 20}, new double[][] {
            {0.60, 0.61, 0.60, 0.59}, {0.90, 0.95, 1.02, 0.97}, {1.0, 1.0, 1.01, 0.99}}));
        ObjectNode environment = Json.object();
        environment.put("wallMillis", 600_000);
        Summary summary = Summary.of(runs, environment);
        String text = summary.text();
        assertTrue(text.contains("Verdict: Sweep of duets: each pool at this size ran beside itself"), text);
        assertFalse(text.contains("dbcp2 vs hikari"), text);
        assertTrue(text.contains("Sweep: dbcp2: size 20 is equivalent to 10 within ±5 %; size 2 is 40.0 % slower "
                + "than 10 (decided); size 5: -4.1 %, 95 % CI ["), text);
        assertTrue(text.contains("Knee not decided: size 5 is undecided."), text);
        assertTrue(text.contains("Verdicts decided (faster, slower or equivalent): 5 of 6; undecided: "
                + "dbcp2 size 5 vs dbcp2 size 10"), text);
        JsonNode json = summary.json();
        for (JsonNode block : json.path("blocks")) {
            assertEquals(0, block.path("paired").size());
            assertFalse(block.has("duets"), "a size duet's lanes are in two blocks: the sweep lists the duets");
        }
        assertEquals(24, json.path("sweep").path("duets").size());
        JsonNode hikari = json.path("sweep").path("pools").get(0);
        assertEquals(10, hikari.path("referenceSize").asInt());
        assertEquals(5, hikari.path("pickSize").asInt());
        assertEquals("slower", hikari.path("points").get(0).path("vsReference").path("verdict").asText());
    }

    @Test
    void summarizeDrawsTheRatiosAndEachDuet(@TempDir Path dir) throws Exception {
        StringBuilder lines = new StringBuilder();
        kneeAt5().forEach(r -> lines.append(Json.line(r.json())).append('\n'));
        Files.writeString(dir.resolve("runs.jsonl"), lines);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, Summarizer.summarize(dir, new PrintStream(out, true, StandardCharsets.UTF_8)));
        var image = ImageIO.read(dir.resolve("sweep.png").toFile());
        assertTrue(image.getWidth() > 500 && image.getHeight() > 300);
        try (Stream<Path> pictures = Files.list(dir.resolve("duets"))) {
            assertEquals(12, pictures.filter(p -> p.toString().endsWith(".png")).count());
        }
        assertTrue(Files.isRegularFile(dir.resolve("duets").resolve("3-hikari-10+5.png")));
        assertFalse(Files.exists(dir.resolve("verdicts.png")), "a sweep of duets pairs no pools: sweep.png is its picture");
    }
}
