package dev.poolbench.bench.compare.faultfigures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.faultlogs.ProgressLog;
import dev.poolbench.bench.compare.faultlogs.Second;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgressLogAndPoolCsvTest {

    @Test
    void progressLinesGiveTheStartAndPerSecondDeltas() {
        List<ProgressLog.Line> lines = List.of(
                new ProgressLog.Line(10_000_000_000L, 50_000, 1, 40, 0),
                new ProgressLog.Line(11_000_000_000L, 51_000, 2, 100, 3),
                new ProgressLog.Line(11_500_000_000L, 51_500, 2, 100, 3),
                new ProgressLog.Line(12_000_000_000L, 52_000, 3, 130, 3));
        // Elapsed 1 printed at 10 s: the start lies in (8 s, 9 s], estimated as its middle.
        assertEquals(8_500_000_000L, ProgressLog.startNanos(lines.get(0)));
        assertEquals(48_500, ProgressLog.startEpochMillis(lines.get(0)));
        List<Second> seconds = ProgressLog.seconds(lines);
        assertEquals(3, seconds.size(), "a repeated elapsed value is skipped");
        assertEquals(40, seconds.get(0).passedPages());
        assertEquals(60, seconds.get(1).passedPages());
        assertEquals(3, seconds.get(1).fails());
        assertEquals(30, seconds.get(2).passedPages());
        assertEquals(3, seconds.get(2).second());
    }

    @Test
    void poolCsvIsShiftedToLoadTimeAndToleratesGaps(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("poolmetrics.csv");
        Files.writeString(csv, "seconds,active,idle,pending,max,connections_opened_total\n"
                + "1.0,2,8,0,10,10\n2.0,,,,,\n3.0,10,0,5,10,14\n");
        List<FaultFigures.PoolSample> samples = PoolCsv.read(csv, -2.5);
        assertEquals(3, samples.size());
        assertEquals(-1.5, samples.get(0).t(), 1e-9);
        assertTrue(Double.isNaN(samples.get(1).active()));
        assertEquals(5.0, samples.get(2).pending(), 1e-9);
        assertEquals(14.0, samples.get(2).openedTotal(), 1e-9);
        assertTrue(PoolCsv.read(dir.resolve("missing.csv"), 0).isEmpty());
    }
}
