package dev.poolbench.bench.compare.report;

import dev.poolbench.bench.compare.stats.PairedTest;
import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * What scores.png and sweep.png share: colours, fonts, white background. Both are category
 * charts, so the profile names (or pool sizes) sit under the x axis, and both start the y axis
 * at 0, so the height of a point is its score and a 3 % gap looks like 3 %.
 */
public final class ChartStyle {

    private ChartStyle() {
    }

    /** The charts' width in pixels (all are drawn 1100 wide). */
    public static final int WIDTH = 1100;

    public static void apply(AxesChartStyler styler, String title) {
        // The title carries the settings line, which grows with a database distance: shrink the
        // font until the title, measured in that font, fits the chart (XChart centres it and cuts
        // both ends off when it does not: the sweep chart's title lost its first words that way).
        styler.setChartTitleFont(titleFont(title, WIDTH));
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

    /**
     * A chart of ratios (sweep.png of duets, verdicts.png): ratios sit near 1, so the y axis does
     * not start at 0 (it would flatten the bars against the margin lines); series overlap, the
     * legend sits right.
     */
    public static void ratioAxis(CategoryChart chart, CategorySeries.CategorySeriesRenderStyle style) {
        chart.getStyler().setYAxisMin((Double) null);
        chart.getStyler().setYAxisDecimalPattern("0.00");
        chart.getStyler().setDefaultSeriesRenderStyle(style);
        chart.getStyler().setOverlapped(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    }

    /**
     * The equivalence margin as two grey lines across every category, at the bounds the test
     * uses: 1 + X % and 1 / (1 + X %) (the test is symmetric in the log: -4.8 % for ±5 %).
     */
    static void marginLines(CategoryChart chart, List<String> categories, double marginPercent) {
        for (double bound : PairedTest.marginBoundsPercent(marginPercent)) {
            double edge = 1 + bound / 100;
            CategorySeries line = chart.addSeries(String.format(Locale.ROOT, "margin %+.1f %%", bound),
                    categories, categories.stream().map(c -> edge).toList());
            line.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
            line.setMarker(SeriesMarkers.NONE);
            line.setLineColor(Color.GRAY);
        }
    }

    /** The largest bold font from 14 pt down to 6 pt in which the title fits the width, with a margin. */
    static Font titleFont(String title, int width) {
        FontRenderContext context = new FontRenderContext(null, true, true);
        for (int size = 14; size > 6; size--) {
            Font font = new Font(Font.SANS_SERIF, Font.BOLD, size);
            if (font.getStringBounds(title, context).getWidth() <= 0.96 * width) {
                return font;
            }
        }
        return new Font(Font.SANS_SERIF, Font.BOLD, 6);
    }

    static Color translucent(Color c) {
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), 150);
    }
}
