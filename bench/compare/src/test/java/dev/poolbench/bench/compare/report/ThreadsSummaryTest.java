package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.SummaryBlock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Thread mode and JDK as dimensions of the summary: one block, table and verdict per combination. */
class ThreadsSummaryTest {

    static RunRecord run(String profile, int round, double score, String threads, int jdk, double pinned) {
        ObjectNode r = Fixtures.record(profile, round, score, true, true);
        r.put("threads", threads);
        r.put("jdk", jdk);
        r.putObject("poolMetrics").put("peakPending", threads.equals("virtual") ? 40 : 6);
        ObjectNode jfr = r.putObject("jfr");
        jfr.put("pinnedEvents", pinned);
        jfr.put("pinnedMillis", pinned * 2.5);
        jfr.put("carrierThreads", threads.equals("virtual") ? 2 : 0);
        return RunRecord.of(r);
    }

    static List<RunRecord> matrix() {
        List<RunRecord> runs = new ArrayList<>();
        for (int round = 1; round <= 3; round++) {
            runs.add(run("hikari", round, 1000 + round, "platform", 17, 0));
            runs.add(run("dbcp2", round, 900 + round, "platform", 17, 0));
            runs.add(run("hikari", round, 1100 + round, "virtual", 25, 4));
            runs.add(run("dbcp2", round, 1200 + 3 * round, "virtual", 25, 0));
        }
        return runs;
    }

    @Test
    void oneBlockPerCombinationWithItsOwnVerdictAndThreadFigures() {
        Summary summary = Summary.of(matrix(), Json.object());
        assertEquals(2, summary.blocks().size());
        SummaryBlock platform = summary.blocks().get(0);
        SummaryBlock virtual = summary.blocks().get(1);
        assertEquals("platform/17", platform.variant());
        assertEquals(6, virtual.runs().size());
        // The ranking is per combination: dbcp2 wins on virtual threads, hikari on platform.
        assertEquals("hikari", platform.rows().get(0).profile());
        assertEquals("dbcp2", virtual.rows().get(0).profile());
        assertTrue(platform.verdict().stream().anyMatch(l -> l.startsWith("dbcp2 vs hikari") && l.contains("slower")),
                platform.verdict().toString());
        assertTrue(virtual.verdict().stream().anyMatch(l -> l.startsWith("dbcp2 vs hikari") && l.contains("faster")),
                virtual.verdict().toString());
        String text = summary.text();
        assertTrue(text.contains("Pool size 10, platform threads, JDK 17\n"), text);
        assertTrue(text.contains("Pool size 10, virtual threads, JDK 25\n"), text);
        // The pool figures are the block's own: peak pending 40 only under virtual threads.
        assertEquals(40.0, summary.poolMean(virtual.rows().get(0),
                dev.poolbench.bench.compare.poolmetrics.PoolMetricsSummary::peakPending));
        var lines = ThreadFigures.lines(virtual);
        assertEquals("hikari", lines.get(1).profile());
        assertEquals(4.0, lines.get(1).pinnedEvents());
        assertEquals(10.0, lines.get(1).pinnedMillis());
        assertEquals(2.0, lines.get(1).carrierThreads());
        var json = summary.json();
        assertEquals("virtual", json.get("blocks").get(1).get("threads").asText());
        assertEquals("25", json.get("blocks").get(1).get("jdk").asText());
        assertEquals(4.0, json.get("blocks").get(1).get("threadFigures").get(1).get("meanPinnedEvents").asDouble());
    }

    @Test
    void oneCombinationIsNamedInTheSettingsLineOnly() {
        List<RunRecord> runs = matrix().stream().filter(r -> "virtual".equals(Json.text(r.json(), "threads"))).toList();
        Summary summary = Summary.of(runs, Json.object());
        assertEquals(1, summary.blocks().size());
        assertTrue(summary.settingsLine().endsWith(", virtual threads, JDK 25"), summary.settingsLine());
        assertTrue(summary.text().contains("Threads (app JVM, JFR"), summary.text());
    }

    @Test
    void recordsWithoutThreadsAreOneBlockAsBefore() {
        Summary summary = Summary.of(Fixtures.runs("hikari", new double[] {1000, 1010}, "dbcp2",
                new double[] {990, 1000}), Json.object());
        assertEquals(1, summary.blocks().size());
        assertNull(summary.blocks().get(0).variant());
        assertTrue(!summary.text().contains("Threads (app JVM"), summary.text());
    }

    @Test
    void eachSizeAndCombinationIsABlock() {
        List<RunRecord> runs = new ArrayList<>();
        for (int size : new int[] {2, 8}) {
            for (RunRecord r : matrix()) {
                ObjectNode copy = r.json().deepCopy();
                copy.put("poolSize", size);
                runs.add(RunRecord.of(copy));
            }
        }
        assertEquals(4, Summary.of(runs, Json.object()).blocks().size());
    }

    @Test
    void summarizeDrawsTheCombinationsSideBySide(@TempDir Path dir) throws Exception {
        StringBuilder jsonl = new StringBuilder();
        matrix().forEach(r -> jsonl.append(Json.line(r.json())).append('\n'));
        Files.writeString(dir.resolve("runs.jsonl"), jsonl);
        assertEquals(0, Summarizer.summarize(dir, new java.io.PrintStream(java.io.OutputStream.nullOutputStream())));
        assertTrue(Files.size(dir.resolve("scores.png")) > 1000);
        Summary summary = Summary.of(matrix(), Json.object());
        assertEquals("platform threads, JDK 17", ScoreChart.blockLabel(summary, summary.blocks().get(0)));
    }
}
