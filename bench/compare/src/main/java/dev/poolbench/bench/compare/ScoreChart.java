package dev.poolbench.bench.compare;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code scores.png}: one column per profile, every counted run as a point, the mean with its
 * 95 % confidence interval as a diamond with error bars. A pool-size sweep puts the sizes side
 * by side within each column, one colour per size.
 */
final class ScoreChart {

    private static final Color[] COLORS = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0x9467bd),
        new Color(0xff7f0e), new Color(0x8c564b)};

    private ScoreChart() {
    }

    static void write(Summary summary, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        // Columns in rank order of the first block (best left), then any unranked profile.
        Set<String> profileSet = new LinkedHashSet<>();
        summary.blocks().forEach(b -> b.rows().forEach(r -> profileSet.add(r.profile())));
        summary.runs().forEach(r -> profileSet.add(r.profile()));
        List<String> profiles = List.copyOf(profileSet);

        String mode = summary.poolMode();
        String title = "Score per run - " + summary.settingsLine();
        XYChart chart = new XYChartBuilder().width(1100).height(650).title(title)
                .xAxisTitle("pool profile   (dots: runs; diamond and bar: mean with 95 % confidence interval)")
                .yAxisTitle("score (higher is better)").build();
        Styler styler = chart.getStyler();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        chart.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setMarkerSize(9);
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesColor(new Color(0xdddddd));
        chart.getStyler().setPlotGridVerticalLinesVisible(false);
        chart.getStyler().setXAxisMin(0.5);
        chart.getStyler().setXAxisMax(profiles.size() + 0.5);
        chart.getStyler().setYAxisDecimalPattern("#,###");
        // Category labels as annotations: XChart's numeric x axis has no category ticks.
        chart.getStyler().setXAxisTicksVisible(false);
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        chart.getStyler().setAnnotationTextFontColor(Color.DARK_GRAY);

        List<Summary.Block> blocks = summary.blocks();
        double width = blocks.size() > 1 ? 0.7 / blocks.size() : 0;
        double yMin = Double.POSITIVE_INFINITY;
        double yMax = Double.NEGATIVE_INFINITY;
        for (int b = 0; b < blocks.size(); b++) {
            Summary.Block block = blocks.get(b);
            Color color = COLORS[b % COLORS.length];
            double offset = blocks.size() > 1 ? (b - (blocks.size() - 1) / 2.0) * width : 0;
            String label = block.poolSize() == null ? (blocks.size() > 1 ? " (default size)" : "")
                    : blocks.size() > 1 ? " (size " + block.poolSize() + ")" : "";
            List<Double> rx = new ArrayList<>();
            List<Double> ry = new ArrayList<>();
            List<Double> mx = new ArrayList<>();
            List<Double> my = new ArrayList<>();
            List<Double> me = new ArrayList<>();
            for (RunRecord r : summary.runs()) {
                if (!r.counted() || !java.util.Objects.equals(r.poolSize(), block.poolSize())) {
                    continue;
                }
                int column = profiles.indexOf(r.profile()) + 1;
                double jitter = ((r.round() % 5) - 2) * 0.02;
                rx.add(column + offset - 0.12 + jitter);
                ry.add(r.score());
            }
            for (Summary.Row row : block.rows()) {
                if (row.sample().n() == 0) {
                    continue;
                }
                mx.add(profiles.indexOf(row.profile()) + 1 + offset + 0.05);
                my.add(row.sample().mean());
                me.add(row.sample().hasInterval() ? row.sample().ciHalfWidth() : 0.0);
                if (row.sample().hasInterval()) {
                    yMin = Math.min(yMin, row.sample().ciLow());
                    yMax = Math.max(yMax, row.sample().ciHigh());
                }
            }
            for (double y : ry) {
                yMin = Math.min(yMin, y);
                yMax = Math.max(yMax, y);
            }
            if (!rx.isEmpty()) {
                XYSeries runs = chart.addSeries("runs" + label, rx, ry);
                runs.setMarker(SeriesMarkers.CIRCLE);
                runs.setMarkerColor(translucent(color));
            }
            if (!mx.isEmpty()) {
                XYSeries mean = chart.addSeries("mean and 95 % CI" + label, mx, my, me);
                mean.setMarker(SeriesMarkers.DIAMOND);
                mean.setMarkerColor(color.darker());
                mean.setLineColor(color.darker());
            }
        }
        if (chart.getSeriesMap().isEmpty()) {
            chart.addSeries("no valid run", new double[] {1}, new double[] {0});
        } else if (yMin <= yMax) {
            double pad = Math.max(1, (yMax - yMin) * 0.15);
            // Room below the lowest point for the profile names (they are drawn inside the plot).
            double low = yMin - 2 * pad;
            chart.getStyler().setYAxisMin(low);
            chart.getStyler().setYAxisMax(yMax + pad);
            for (int i = 0; i < profiles.size(); i++) {
                chart.addAnnotation(new AnnotationText(profiles.get(i), i + 1, low + pad * 0.6, false));
            }
        }
        if ("defaults".equals(mode)) {
            chart.setTitle(title + " (sizes differ per pool)");
        }
        BitmapEncoder.saveBitmapWithDPI(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
        // saveBitmap appends ".png" only when missing; make sure the name is exactly as asked.
        String name = png.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".png")) {
            throw new IOException("chart file name must end in .png: " + png);
        }
    }

    private static Color translucent(Color c) {
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), 150);
    }
}
