package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import org.junit.jupiter.api.Test;

/** Every chart title fits its chart: a long settings line gets a smaller font instead of cut-off ends. */
class ChartStyleTest {

    private static final FontRenderContext CONTEXT = new FontRenderContext(null, true, true);

    @Test
    void aShortTitleKeepsFourteenPoints() {
        assertEquals(14, ChartStyle.titleFont("Score per pool", ChartStyle.WIDTH).getSize());
    }

    @Test
    void theSweepTitleThatWasCutOffNowFits() {
        // The title of docs/images/sweep-0.5ms-5pools.png, whose first words were cut off.
        String title = "Score against pool size - workload 8, 60 s per run, warm-up 15 s, 3 rounds (interleaved), "
                + "pool mode equalized, schema tuned, platform threads, JDK 17, db distance custom: 0.5 ms average "
                + "per round trip (each reply waits 0 or 1 ms)";
        Font font = ChartStyle.titleFont(title, ChartStyle.WIDTH);
        assertTrue(font.getSize() < 14, "smaller than the default: " + font.getSize());
        assertTrue(font.getStringBounds(title, CONTEXT).getWidth() <= ChartStyle.WIDTH, "fits the chart");
    }
}
