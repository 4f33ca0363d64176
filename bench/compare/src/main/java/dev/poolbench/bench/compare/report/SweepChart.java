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

    /**
     * A sweep of duets: the ratio of each size to the reference size (1 at the reference), and
     * the interval that decided each size's verdict drawn end to end (90 % for equivalent, 95 %
     * otherwise), so no size reads "equivalent" beside a bar across the margin.
     */
    private static void writeDuets(Summary summary, SweepSummary sweep, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<Integer> sizes = sweep.pools().get(0).points().stream().map(SweepSummary.Point::size).toList();
        List<String> categories = sizes.stream().map(String::valueOf).toList();
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(650)
                .title("Duet ratio against the reference size - " + summary.settingsLine())
                .xAxisTitle("pool size   (point: duet ratio to the reference size, at 1; bar: the interval "
                        + "that decided its verdict, 90 % if equivalent, else 95 %)")
                .yAxisTitle("passed pages, size / reference size (higher is better)").build();
        ChartStyle.apply(chart.getStyler(), chart.getTitle());
        ChartStyle.ratioAxis(chart, CategorySeries.CategorySeriesRenderStyle.Line);
        int index = 0;
        for (SweepSummary.Pool pool : sweep.pools()) {
            List<Double> ratios = new ArrayList<>();
            List<Double> middles = new ArrayList<>();
            List<Double> halves = new ArrayList<>();
            for (SweepSummary.Point p : pool.points()) {
                PairedTest.Result vs = p.vsReference();
                double ratio = vs == null ? 1 : 1 + vs.estimatePercent() / 100;
                // NaN leaves a gap: no counted duet at that size.
                ratios.add(vs == null && !Integer.valueOf(p.size()).equals(pool.referenceSize()) ? Double.NaN : ratio);
                // XChart's error bars are symmetric and the interval is not (it is in the log): a
                // hidden series at the interval's middle, half its width as the error, spans it exactly.
                PairedTest.Interval ci = vs == null || vs.n() < 2 ? null : vs.decidingInterval();
                middles.add(ci == null ? Double.NaN : 1 + (ci.lowPercent() + ci.highPercent()) / 200);
                halves.add(ci == null ? Double.NaN : (ci.highPercent() - ci.lowPercent()) / 200);
            }
            String name = pool.profile() + " vs size " + pool.referenceSize()
                    + (pool.pick() != null ? " (knee " + pool.pick() + ")" : "");
            Color color = ChartStyle.COLORS[index++ % ChartStyle.COLORS.length];
            CategorySeries bars = chart.addSeries(name + " (intervals)", categories, middles, halves);
            bars.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
            bars.setMarker(SeriesMarkers.NONE);
            bars.setLineColor(color);
            bars.setFillColor(color);
            bars.setMarkerColor(color);
            bars.setShowInLegend(false);
            CategorySeries series = chart.addSeries(name, categories, ratios);
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setMarkerColor(color);
            series.setLineColor(color);
        }
        ChartStyle.marginLines(chart, categories, sweep.marginPercent());
        BitmapEncoder.saveBitmapWithDPI(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
    }
}
