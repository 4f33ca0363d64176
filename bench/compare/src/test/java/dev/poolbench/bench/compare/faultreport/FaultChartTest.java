package dev.poolbench.bench.compare.faultreport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.faultfigures.FaultFigures;
import dev.poolbench.bench.compare.faultfigures.FaultOutcome;
import dev.poolbench.bench.compare.faultplan.FaultCase;
import dev.poolbench.bench.compare.faultplan.Scenario;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FaultChartTest {

    @Test
    void onePictureForTheScenarioWithEveryProfileAndNoneForOthers(@TempDir Path dir) throws Exception {
        List<FaultOutcome> outcomes = new ArrayList<>();
        for (String profile : List.of("hikari", "nopool")) {
            List<FaultFigures.Point> series = new ArrayList<>();
            for (int k = 1; k <= 10; k++) {
                // nopool has no pool gauges: its active and pending panels get no points.
                double gauge = profile.equals("nopool") ? Double.NaN : 1;
                series.add(new FaultFigures.Point(k, k < 4 || k > 6 ? 10 : 0, k >= 4 && k <= 6 ? 3 : 0, gauge, gauge));
            }
            FaultFigures f = new FaultFigures(Map.of(), 9, 0, 0.5, 1.0, null, 10, 0.5, 1.0, 3.0, 1.0, 10, null, null,
                    "n/a", true, true, 0, true, series, null, null);
            outcomes.add(new FaultOutcome(FaultCase.memory(Scenario.HANG, profile), f, 3.2, 6.4, List.of()));
        }
        Path hang = dir.resolve("faults-hang.png");
        FaultChart.write(Scenario.HANG, outcomes, 10, hang);
        BufferedImage image = ImageIO.read(hang.toFile());
        assertEquals(FaultChart.WIDTH, image.getWidth());
        assertEquals(4 * FaultChart.PANEL_HEIGHT, image.getHeight());
        Path restart = dir.resolve("faults-restart.png");
        FaultChart.write(Scenario.RESTART, outcomes, 10, restart);
        assertFalse(Files.exists(restart));
        assertTrue(Files.size(hang) > 10_000);
    }
}
