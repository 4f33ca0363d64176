package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.DuetPairs;
import dev.poolbench.bench.compare.verdict.SizeDuets;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pool-size sweep run as duets, on synthetic records: each size against the reference size,
 * paired by duet, while the machine's speed drifts by up to 40 % from window to window (the
 * drift falls on both lanes of a window and cancels in their ratio).
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

    /** Each size of {@code profile} against the recorded reference size. */
    private static Map<Integer, PairedTest.Result> verdicts(List<RunRecord> runs, String profile, int... sizes) {
        int reference = SizeDuets.referenceSize(runs, profile);
        Map<Integer, PairedTest.Result> verdicts = new TreeMap<>();
        for (int size : sizes) {
            verdicts.put(size, SizeDuets.verdict(runs, profile, size, reference, 5));
        }
        return verdicts;
    }

    @Test
    void eachSizeIsPairedByDuetAgainstTheReferenceSize() {
        List<RunRecord> runs = kneeAt5();
        assertTrue(SizeDuets.any(runs));
        assertEquals(10, SizeDuets.referenceSize(runs, "hikari"));
        Map<Integer, PairedTest.Result> verdicts = verdicts(runs, "hikari", 2, 5, 20);
        PairedTest.Result two = verdicts.get(2);
        assertEquals(4, two.n());
        assertEquals(-30.0, two.estimatePercent(), 0.05, "the ramp seconds are left out of the ratio");
        assertEquals(PairedTest.Word.SLOWER, two.word());
        assertEquals(PairedTest.Word.EQUIVALENT, verdicts.get(5).word());
    }

    @Test
    void theRecordedReferenceSizeIsTheOneEachSizeIsMeasuredAgainst() {
        List<RunRecord> runs = sweep("dbcp2", 8, new int[] {2, 16}, new double[][] {
            {0.5, 0.52, 0.51}, {1.0, 1.01, 0.99}});
        assertEquals(8, SizeDuets.referenceSize(runs, "dbcp2"));
        Map<Integer, PairedTest.Result> verdicts = verdicts(runs, "dbcp2", 2, 16);
        assertEquals(-49.0, verdicts.get(2).estimatePercent(), 0.05);
        assertEquals(PairedTest.Word.EQUIVALENT, verdicts.get(16).word());
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
        assertTrue(text.contains("Verdict: Size duets: each pool at this size ran beside itself"), text);
        assertFalse(text.contains("dbcp2 vs hikari"), text);
        assertTrue(text.contains("Verdicts decided (faster, slower or equivalent): 5 of 6; undecided: "
                + "dbcp2 size 5 vs dbcp2 size 10"), text);
        JsonNode json = summary.json();
        for (JsonNode block : json.path("blocks")) {
            assertEquals(0, block.path("paired").size());
            assertFalse(block.has("duets"), "a size duet's lanes are in two blocks: size.txt lists the duets");
        }
    }

    @Test
    void summarizeDrawsTheRatiosAndEachDuet(@TempDir Path dir) throws Exception {
        StringBuilder lines = new StringBuilder();
        kneeAt5().forEach(r -> lines.append(Json.line(r.json())).append('\n'));
        Files.writeString(dir.resolve("runs.jsonl"), lines);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, Summarizer.summarize(dir, new PrintStream(out, true, StandardCharsets.UTF_8)));
        try (Stream<Path> pictures = Files.list(dir.resolve("duets"))) {
            assertEquals(12, pictures.filter(p -> p.toString().endsWith(".png")).count());
        }
        assertTrue(Files.isRegularFile(dir.resolve("duets").resolve("3-hikari-10+5.png")));
        assertFalse(Files.exists(dir.resolve("verdicts.png")), "size duets pair no pools");
    }

    /** summarize of a size search exits as the search did: 1 when a size is left open (size.yml fails naming it). */
    @Test
    void summarizeOfASizeSearchExitsOneWhenASizeIsLeftOpen(@TempDir Path dir) throws Exception {
        StringBuilder lines = new StringBuilder();
        for (RunRecord r : kneeAt5()) {
            lines.append(Json.line(r.json())).append('\n');
            Path run = Files.createDirectories(dir.resolve("runs").resolve(Json.text(r.json(), "runDir")));
            Json.write(run.resolve("run.json"), r.json());
        }
        Files.writeString(dir.resolve("runs.jsonl"), lines);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // Knee 5 with 2 shown to lose more: settled.
        Json.write(dir.resolve("environment.json"), sizeSearch(2, 5, 10));
        assertEquals(0, Summarizer.summarize(dir, new PrintStream(out, true, StandardCharsets.UTF_8)), out.toString());
        // The same duets with 3 and 4 among the candidates, never duetted: 5 is the knee only if 4 loses more.
        Json.write(dir.resolve("environment.json"), sizeSearch(2, 3, 4, 5, 10));
        assertEquals(1, Summarizer.summarize(dir, new PrintStream(out, true, StandardCharsets.UTF_8)), out.toString());
        assertTrue(out.toString().contains("a size is left open or unsettled (exit 1)"), out.toString());
    }

    private static ObjectNode sizeSearch(Integer... candidates) {
        ObjectNode environment = Json.object();
        ObjectNode options = environment.putObject("options");
        options.putArray("profiles").add("hikari");
        options.putObject("sizeSearch").set("candidates", Json.MAPPER.valueToTree(List.of(candidates)));
        return environment;
    }
}
