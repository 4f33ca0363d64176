package dev.poolbench.bench.compare.sittings;

import dev.poolbench.bench.compare.report.ChartStyle;
import dev.poolbench.bench.compare.stats.RandomEffects;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code sittings.png}, a forest plot on its side: per pair, each sitting's ratio with its own
 * 95 % interval (blue), then the pooled ratio with its Hartung-Knapp interval (red). A sitting
 * whose bar misses the red point is one that the coverage counts against.
 */
final class SittingsChart {

    private SittingsChart() {
    }

    static void write(List<Sittings.Pair> pairs, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<String> categories = new ArrayList<>();
        List<Double> sittingRatios = new ArrayList<>();
        List<Double> sittingErrors = new ArrayList<>();
        List<Double> pooledRatios = new ArrayList<>();
        List<Double> pooledErrors = new ArrayList<>();
        for (Sittings.Pair p : pairs) {
            // The reference is the same for every pair: left out, so the labels stay short.
            String name = p.label().replaceFirst(" vs \\S+", "");
            int i = 0;
            for (Sittings.Estimate e : p.estimates()) {
                categories.add(name + " " + ++i);
                sittingRatios.add(Double.isNaN(e.y()) ? Double.NaN : Math.exp(e.y()));
                // The interval is symmetric in the log: the bar takes its wider (upper) side.
                sittingErrors.add(e.poolable() ? Math.exp(e.y() + e.half95()) - Math.exp(e.y()) : 0.0);
                // NaN for "no point here" in both: a 0 error would draw a stub at the axis' foot.
                pooledRatios.add(Double.NaN);
                pooledErrors.add(Double.NaN);
            }
            RandomEffects.Pooled r = p.pooled();
            categories.add(name + " pooled");
            sittingRatios.add(Double.NaN);
            sittingErrors.add(Double.NaN);
            pooledRatios.add(r == null ? Double.NaN : Math.exp(r.estimate()));
            pooledErrors.add(r == null ? 0.0 : Math.exp(r.high()) - Math.exp(r.estimate()));
        }
        CategoryChart chart = new CategoryChartBuilder().width(ChartStyle.WIDTH).height(650)
                .title("Sittings pooled: each sitting's ratio and 95 % interval, then the pooled one")
                .xAxisTitle("pair and sitting (blue: a sitting's own interval; red: pooled, random effects, "
                        + "Hartung-Knapp)")
                .yAxisTitle("ratio to the reference (higher is better)").build();
        ChartStyle.apply(chart.getStyler(), chart.getTitle());
        ChartStyle.ratioAxis(chart, CategorySeries.CategorySeriesRenderStyle.Scatter);
        chart.getStyler().setXAxisLabelRotation(categories.size() > 6 ? 45 : 0);
        CategorySeries sittings = chart.addSeries("sittings", categories, sittingRatios, sittingErrors);
        sittings.setMarker(SeriesMarkers.DIAMOND);
        sittings.setMarkerColor(ChartStyle.COLORS[0]);
        CategorySeries pooled = chart.addSeries("pooled", categories, pooledRatios, pooledErrors);
        pooled.setMarker(SeriesMarkers.CIRCLE);
        pooled.setMarkerColor(ChartStyle.COLORS[1]);
        pooled.setFillColor(Color.WHITE);
        BitmapEncoder.saveBitmapWithDPI(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
    }
}
