package dev.poolbench.bench.compare.report;

import java.awt.Color;
import java.awt.Font;
import org.knowm.xchart.style.AxesChartStyler;

/**
 * What scores.png and sweep.png share: colours, fonts, white background. Both are category
 * charts, so the profile names (or pool sizes) sit under the x axis, and both start the y axis
 * at 0, so the height of a point is its score and a 3 % gap looks like 3 %.
 */
final class ChartStyle {

    /** One color per profile for all nine (--profiles all); a tenth series repeats the first. */
    static final Color[] COLORS = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0x9467bd),
        new Color(0xff7f0e), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf),
        new Color(0xbcbd22), new Color(0x7f7f7f)};

    private ChartStyle() {
    }

    /** Widest title at 14 pt that fits the 1100-px charts; longer ones get a smaller font. */
    private static final int TITLE_CHARS_AT_14PT = 125;

    static void apply(AxesChartStyler styler, String title) {
        // The title carries the settings line, which grows with a database distance: shrink the
        // font rather than cut the settings off at the chart's edge.
        int size = Math.max(8, Math.min(14, 14 * TITLE_CHARS_AT_14PT / Math.max(1, title.length())));
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, size));
        styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotGridLinesColor(new Color(0xdddddd));
        styler.setPlotGridVerticalLinesVisible(false);
        styler.setYAxisDecimalPattern("#,###");
        styler.setMarkerSize(9);
        styler.setErrorBarsColorSeriesColor(true);
        styler.setYAxisMin(0.0);
    }

    static Color translucent(Color c) {
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), 150);
    }
}
