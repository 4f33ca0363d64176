package dev.poolbench.bench.compare.poolmetrics;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code pool-<profile>.png}: the run over time. Top: active and pending connections (and the
 * pool's maximum); bottom: acquire-time percentiles of each one-second interval, log scale.
 */
final class PoolMetricsChart {

    static final int WIDTH = 1100;
    static final int TOP_HEIGHT = 380;
    static final int BOTTOM_HEIGHT = 420;

    private PoolMetricsChart() {
    }

    static void write(List<PoolMetricsSeries.Point> points, PoolMetricsSummary summary, Path file)
            throws IOException {
        String profile = summary.profile() == null ? "unknown profile" : summary.profile();
        XYChart top = chart(String.format(Locale.ROOT,
                "%s: connections (peak active %s, peak pending %s, max %s)", profile,
                num(summary.peakActive()), num(summary.peakPending()), num(summary.maxConnections())),
                "connections", TOP_HEIGHT);
        add(top, "active", points, PoolMetricsSeries.Point::active, new Color(0x1f77b4), false);
        add(top, "pending (waiting threads)", points, PoolMetricsSeries.Point::pending, new Color(0xd62728), false);
        add(top, "max", points, PoolMetricsSeries.Point::max, new Color(0x999999), false);
        placeholderIfEmpty(top, points, "no pool gauges (POOLBENCH_POOL_METRICS=off?)");

        XYChart bottom = chart(String.format(Locale.ROOT,
                "%s: acquire time per second, ms (run: p50 %s, p99 %s, p99.9 %s, max %s)", profile,
                ms(summary.acquireMillis().p50()), ms(summary.acquireMillis().p99()),
                ms(summary.acquireMillis().p999()), ms(summary.acquireMillis().max())), "ms (log)", BOTTOM_HEIGHT);
        bottom.setXAxisTitle("seconds since the sampler started (the load JVM's start-up comes first)");
        add(bottom, "p50", points, p -> p.acquireMillis().p50(), new Color(0x2ca02c), true);
        add(bottom, "p99", points, p -> p.acquireMillis().p99(), new Color(0xff7f0e), true);
        add(bottom, "p99.9", points, p -> p.acquireMillis().p999(), new Color(0xd62728), true);
        add(bottom, "max", points, p -> p.acquireMillis().max(), new Color(0x7f7f7f), true);
        if (!placeholderIfEmpty(bottom, points, "no acquire times (POOLBENCH_POOL_METRICS=off?)")) {
            bottom.getStyler().setYAxisLogarithmic(true);
        }

        // Same time axis on both charts, so a queue on top lines up with the waits below.
        double first = points.get(0).seconds() - 0.5;
        double last = points.get(points.size() - 1).seconds() + 0.5;
        for (XYChart chart : List.of(top, bottom)) {
            chart.getStyler().setXAxisMin(first);
            chart.getStyler().setXAxisMax(last);
        }
        BufferedImage upper = BitmapEncoder.getBufferedImage(top);
        BufferedImage lower = BitmapEncoder.getBufferedImage(bottom);
        BufferedImage image = new BufferedImage(WIDTH, upper.getHeight() + lower.getHeight(),
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.drawImage(upper, 0, 0, null);
            g.drawImage(lower, 0, upper.getHeight(), null);
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", file.toFile());
    }

    private static XYChart chart(String title, String yTitle, int height) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(height).title(title).yAxisTitle(yTitle).build();
        Styler styler = chart.getStyler();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        chart.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesColor(new Color(0xdddddd));
        chart.getStyler().setMarkerSize(4);
        return chart;
    }

    /** Adds the series without its NaN points (and, on a log axis, without values <= 0). */
    private static void add(XYChart chart, String name, List<PoolMetricsSeries.Point> points,
                            ToDoubleFunction<PoolMetricsSeries.Point> field, Color color, boolean logAxis) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (PoolMetricsSeries.Point p : points) {
            double y = field.applyAsDouble(p);
            if (!Double.isNaN(y) && !Double.isInfinite(y) && (!logAxis || y > 0)) {
                xs.add(p.seconds());
                ys.add(y);
            }
        }
        if (xs.isEmpty()) {
            return;
        }
        XYSeries series = chart.addSeries(name, xs, ys);
        series.setLineColor(color);
        series.setMarkerColor(color);
        series.setMarker(SeriesMarkers.CIRCLE);
    }

    /** XChart cannot draw a chart without series: show one flat line and say why. */
    private static boolean placeholderIfEmpty(XYChart chart, List<PoolMetricsSeries.Point> points, String why) {
        if (!chart.getSeriesMap().isEmpty()) {
            return false;
        }
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (PoolMetricsSeries.Point p : points) {
            xs.add(p.seconds());
            ys.add(0.0);
        }
        chart.addSeries(why, xs, ys).setMarker(SeriesMarkers.NONE);
        return true;
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f", v);
    }

    private static String ms(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return v >= 10 ? String.format(Locale.ROOT, "%.0f", v)
                : v >= 0.1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.4f", v);
    }
}
