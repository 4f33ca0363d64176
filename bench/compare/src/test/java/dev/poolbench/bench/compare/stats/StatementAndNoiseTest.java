package dev.poolbench.bench.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a pair's intervals support beside its word, and the duet sd its prediction starts from. */
class StatementAndNoiseTest {

    private static PairedTest.Result result(double low95, double high95, double low90, double high90,
                                            PairedTest.Word word) {
        double mid = (low90 + high90) / 2;
        return new PairedTest.Result(3, mid, low95, high95, low90, high90, 0.02, word, 5, 0,
                new Spread(Math.log1p(mid / 100), 0.01, 2, 0));
    }

    @Test
    void tomcatOfTheFirstDefaultCompare() {
        // 2026-11-28: 90 % [-5.8 .. -0.2], 95 % [-6.5 .. +0.4]: undecided, yet at most about 6 % slower.
        PairedTest.Result r = result(-6.5, 0.4, -5.8, -0.2, PairedTest.Word.UNDECIDED);
        assertEquals(6.2, r.supportedMarginPercent(), 1e-9);
        assertEquals("likely slower", r.direction());
        assertEquals("within ±6.2 %, likely slower", r.statement());
    }

    @Test
    void theMarginIsTheTightestTheEquivalenceTestWouldPass() {
        PairedTest.Result r = result(-3.6, 2.6, -3.0, 2.0, PairedTest.Word.EQUIVALENT);
        double x = r.supportedMarginPercent();
        assertEquals(3.1, x, 1e-9);
        double low = Math.log1p(r.low90Percent() / 100);
        double high = Math.log1p(r.high90Percent() / 100);
        assertTrue(PairedTest.insideMargin(low, high, x));
        assertFalse(PairedTest.insideMargin(low, high, x - 0.1));
        assertEquals("within ±3.1 %", r.statement());
    }

    @Test
    void aDirectionOnlyWhereAnIntervalExcludesZero() {
        assertEquals("by 2.0 to 12.4 %", result(2.0, 12.4, 2.8, 11.5, PairedTest.Word.FASTER).statement(),
                "a decided pair says how much, from its 95 % interval");
        assertEquals("by 42.1 to 47.0 %", result(-47.0, -42.1, -46.5, -42.8, PairedTest.Word.SLOWER).statement());
        assertEquals("slower", result(-9.0, -1.0, -8.0, -2.0, PairedTest.Word.SLOWER).direction());
        assertEquals("likely faster", result(-0.5, 7.0, 0.3, 6.1, PairedTest.Word.UNDECIDED).direction());
        assertEquals("", result(-4.0, 4.0, -3.0, 3.0, PairedTest.Word.EQUIVALENT).direction());
        assertEquals("no interval", PairedTest.of(new double[] {0.01}, 5).statement());
    }

    @Test
    void aStatementFromMeasuredDuets() {
        double[] logs = {Math.log(0.97), Math.log(0.99), Math.log(0.96), Math.log(0.98)};
        PairedTest.Result r = PairedTest.of(logs, 5);
        assertEquals(PairedTest.Word.SLOWER, r.word());
        assertTrue(r.statement().matches("by \\d+\\.\\d to \\d+\\.\\d %"), r.statement());
    }

    @Test
    void thePooledSdWeighsEachSittingByItsDegreesOfFreedom() {
        // sd 0.02 from 3 duets (df 2) and sd 0.04 from 5 (df 4): sqrt((2 * 0.0004 + 4 * 0.0016) / 6).
        DuetNoise noise = DuetNoise.pool(List.of(new DuetNoise.Sample(3, 0.02 / Math.sqrt(3)),
                new DuetNoise.Sample(5, 0.04 / Math.sqrt(5)), new DuetNoise.Sample(1, 0.5)));
        assertEquals(6, noise.df());
        assertEquals(Math.sqrt((2 * 0.0004 + 4 * 0.0016) / 6), noise.sdLog(), 1e-12);
        assertEquals(DuetNoise.NONE, DuetNoise.pool(List.of(new DuetNoise.Sample(1, 0.1))));
    }

    @Test
    void aPairsPredictionLeansOnTheDesignsSd() {
        // Three close duets (own sd 0.6 %) at -0.5 %, undecided at a ±1 % margin: alone they promise
        // a decision in a few more; the design's measured 2.75 % on 54 df says it takes far more.
        double[] logs = {-0.011, -0.005, 0.001};
        PairedTest.Result own = PairedTest.of(logs, 1);
        PairedTest.Result pooled = PairedTest.of(logs, 1, BetweenSd.NONE, new DuetNoise(0.0275, 54));
        assertEquals(own.word(), pooled.word());
        assertEquals(own.lowPercent(), pooled.lowPercent(), 0);
        assertTrue(own.roundsNeeded() > 3 && pooled.roundsNeeded() > own.roundsNeeded(),
                own.roundsNeeded() + " then " + pooled.roundsNeeded());
        assertEquals(0.01, DuetNoise.NONE.pooledWith(0.01, 3), 0);
    }

    @Test
    void powerTableTakesTheDuetSdMeasuredForTheDesign() {
        DuetNoise stored = DuetNoise.stored(PowerTable.SHARED_HOST_DUET);
        assertTrue(stored.measured() && stored.df() >= 20, "stored: " + stored);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, PowerTable.run(new PrintStream(out, true, StandardCharsets.UTF_8), System.err,
                "--sitting-sd", "1", "--rounds", "3", "--simulations", "50"));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("~ N(it, " + PairedTest.margin(stored.sdPercent()) + " %)"), text);
        assertEquals(DuetNoise.NONE, DuetNoise.stored("no-such-design"));
    }
}
