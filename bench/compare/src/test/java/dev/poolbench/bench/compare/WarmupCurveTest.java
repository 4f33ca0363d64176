package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.report.WarmupCurve;
import dev.poolbench.bench.compare.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warm-up curve: settle second and first window against the next, from per-second series. */
class WarmupCurveTest {

    @TempDir
    Path results;

    /** A ramp from 10 % to the steady 300 pages/s over {@code rampSeconds}, then a small wobble. */
    private static double[] ramp(int seconds, int rampSeconds) {
        double[] pages = new double[seconds];
        for (int i = 0; i < seconds; i++) {
            double wobble = (i % 2 == 0 ? 6 : -6);
            pages[i] = i < rampSeconds ? 30 + 270.0 * i / rampSeconds : 300 + wobble;
        }
        return pages;
    }

    @Test
    void aRampSettlesWhereItReachesTheNoiseOfTheSteadyLevel() {
        WarmupCurve.Curve slow = WarmupCurve.curve("1-hikari", "hikari", ramp(120, 40), 60);
        WarmupCurve.Curve fast = WarmupCurve.curve("1-hikari", "hikari", ramp(120, 4), 60);
        assertEquals(300, slow.steadyMean(), 0.5);
        assertTrue(slow.settleSecond() >= 38 && slow.settleSecond() <= 44, "settled at " + slow.settleSecond());
        assertTrue(fast.settleSecond() >= 3 && fast.settleSecond() <= 6, "settled at " + fast.settleSecond());
        // The first minute of the slow ramp loses about a third of a minute's pages.
        assertTrue(slow.firstVsNext() > 0.6 && slow.firstVsNext() < 0.75, "ratio " + slow.firstVsNext());
        assertEquals(0.9625, fast.firstVsNext(), 1e-9); // 4 ramp seconds: 525 pages instead of 1200
        assertTrue(Double.isNaN(WarmupCurve.curve("r", "g", ramp(90, 4), 60).firstVsNext()));
    }

    @Test
    void readsTheRunsOfAResultsDirectoryAndDrawsThem() throws Exception {
        for (String run : List.of("1-hikari", "1-dbcp2")) {
            Path dir = Files.createDirectories(results.resolve("runs").resolve(run));
            ObjectNode result = Json.object();
            result.put("durationSeconds", 120);
            ArrayNode perSecond = result.putArray("perSecond");
            double[] pages = ramp(120, run.contains("hikari") ? 30 : 5);
            for (int i = 0; i < pages.length; i++) {
                perSecond.addObject().put("second", i + 1).put("passedPages", pages[i]);
            }
            // A late second after the deadline is not part of the curve.
            perSecond.addObject().put("second", 121).put("passedPages", 3);
            Json.write(dir.resolve("result.json"), result);
        }
        assertEquals(0, CompareMain.run("warmup-curve", "--results", results.toString()));
        String text = Files.readString(results.resolve("warmup.txt"));
        assertTrue(text.contains("1-dbcp2"), text);
        assertTrue(text.contains("Per group: mean first/next"), text);
        assertTrue(Files.size(results.resolve("warmup.png")) > 1000);
        assertEquals(2, CompareMain.run("warmup-curve", "--results", results.resolve("nothing").toString()));
        assertEquals(2, CompareMain.run("warmup-curve", "--results", results.toString(), "--window", "2"));
    }
}
