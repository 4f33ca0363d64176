package dev.poolbench.bench.compare.faultreport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.faultfigures.FaultFigures;
import dev.poolbench.bench.compare.faultfigures.FaultOutcome;
import dev.poolbench.bench.compare.faultplan.FaultCase;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.plan.Profiles;
import dev.poolbench.bench.compare.util.Palette;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
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

    @Test
    void aPoolKeepsItsPlaceInTheCatalogueAsItsColorWhicheverPoolsRan() {
        List<FaultOutcome> runs = new ArrayList<>();
        for (String profile : List.of("nopool", "hikari", "nopool")) {
            runs.add(new FaultOutcome(FaultCase.memory(Scenario.HANG, profile), null, null, null, List.of()));
        }
        List<Color> colors = FaultChart.colors(runs);
        assertEquals(Palette.color(Profiles.ALL.indexOf("nopool")), colors.get(0));
        assertEquals(Palette.color(0), colors.get(1), "the reference, first in the catalogue");
        assertEquals(Palette.color(Profiles.ALL.size()), colors.get(2), "a pool's second line: past the catalogue");
        Set<Color> palette = IntStream.range(0, 50).mapToObj(Palette::color).collect(Collectors.toSet());
        assertEquals(50, palette.size(), "the palette has a color of its own for any number of pools");
    }
}
