package dev.poolbench.bench.compare.report;

import dev.poolbench.bench.compare.stats.PairedTest;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code sweep.png}: score against pool size, one line per pool, the mean of each size with its
 * 95 % confidence interval as an error bar, like a JMeter thread-count sweep. The sizes sit at
 * equal steps (a category axis: 2, 4, 8, 16 read like a log2 scale); the y axis starts at 0.
 * A sweep of duets draws each size's duet ratio to the reference size instead, with its 95 %
 * interval, and the equivalence margin as two flat lines.
 */
final class SweepChart {

    private SweepChart() {
    }

    static void write(Summary summary, SweepSummary sweep, Path png) throws IOException {
        if (sweep.duets()) {
            writeDuets(summary, sweep, png);
            return;
        }
        System.setProperty("java.awt.headless", "true");
        List<Integer> sizes = sweep.pools().get(0).points().stream().map(SweepSummary.Point::size).toList();
        List<String> categories = sizes.stream().map(String::valueOf).toList();
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(650)
                .title("Score against pool size - " + summary.settingsLine())
                .xAxisTitle("pool size (maximum connections)   (point and bar: mean with 95 % confidence interval)")
                .yAxisTitle("score (higher is better)").build();
        ChartStyle.apply(chart.getStyler(), chart.getTitle());
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        chart.getStyler().setOverlapped(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        int index = 0;
        for (SweepSummary.Pool pool : sweep.pools()) {
            List<Double> means = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (SweepSummary.Point p : pool.points()) {
                // NaN leaves a gap in the line: no counted run at that size.
                means.add(p.sample().n() == 0 ? Double.NaN : p.sample().mean());
                errors.add(p.sample().hasInterval() ? p.sample().ciHalfWidth() : 0.0);
            }
            String name = pool.profile() + (pool.pick() != null ? " (pick " + pool.pick() + ")" : "");
            CategorySeries series = chart.addSeries(name, categories, means, errors);
            Color color = ChartStyle.COLORS[index++ % ChartStyle.COLORS.length];
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setMarkerColor(color);
            series.setLineColor(color);
        }
        BitmapEncoder.saveBitmapWithDPI(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
    }

    /** A sweep of duets: the ratio of each size to the reference size (1 at the reference), bars = 95 % interval. */
    private static void writeDuets(Summary summary, SweepSummary sweep, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<Integer> sizes = sweep.pools().get(0).points().stream().map(SweepSummary.Point::size).toList();
        List<String> categories = sizes.stream().map(String::valueOf).toList();
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(650)
                .title("Duet ratio against the reference size - " + summary.settingsLine())
                .xAxisTitle("pool size (maximum connections)   (point: duet ratio to the reference size, at 1; "
                        + "bar: its 95 % interval, the wider side)")
                .yAxisTitle("passed pages, size / reference size (higher is better)").build();
        ChartStyle.apply(chart.getStyler(), chart.getTitle());
        ChartStyle.ratioAxis(chart, CategorySeries.CategorySeriesRenderStyle.Line);
        int index = 0;
        for (SweepSummary.Pool pool : sweep.pools()) {
            List<Double> ratios = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (SweepSummary.Point p : pool.points()) {
                PairedTest.Result vs = p.vsReference();
                double ratio = vs == null ? 1 : 1 + vs.estimatePercent() / 100;
                // NaN leaves a gap: no counted duet at that size. The interval is symmetric in the
                // log, so the bar takes its wider (upper) side.
                ratios.add(vs == null && !Integer.valueOf(p.size()).equals(pool.referenceSize()) ? Double.NaN : ratio);
                errors.add(vs == null || vs.n() < 2 ? 0.0 : (vs.highPercent() - vs.estimatePercent()) / 100);
            }
            String name = pool.profile() + " vs size " + pool.referenceSize()
                    + (pool.pick() != null ? " (knee " + pool.pick() + ")" : "");
            CategorySeries series = chart.addSeries(name, categories, ratios, errors);
            Color color = ChartStyle.COLORS[index++ % ChartStyle.COLORS.length];
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setMarkerColor(color);
            series.setLineColor(color);
        }
        ChartStyle.marginLines(chart, categories, sweep.marginPercent());
        BitmapEncoder.saveBitmapWithDPI(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
    }
}
