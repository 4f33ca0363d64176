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
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code verdicts.png}: what the verdict says, as a picture. Per pool, its ratio to the
 * reference (1 + the paired difference) with the 95 % interval as a bar, and the equivalence
 * margin as two flat lines: a bar wholly below the lower line is "slower", one wholly between
 * them (at 90 %) "equivalent", one across 1 and a line "undecided". The lanes' own scores
 * ({@code scores.png}) drift with the machine; this chart is where a duet's answer is. One
 * series per block (pool size, thread mode, JDK).
 */
final class VerdictChart {

    private VerdictChart() {
    }

    /** Whether the summary has pairs to draw (two profiles or more; a sweep of duets has its sweep.png). */
    static boolean applies(Summary summary) {
        return summary.blocks().stream().anyMatch(b -> !b.paired().isEmpty());
    }

    static void write(Summary summary, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<String> pools = summary.blocks().stream().flatMap(b -> b.paired().stream())
                .map(PairedVerdict.Entry::profile).distinct().toList();
        String unit = summary.blocks().stream().flatMap(b -> b.paired().stream()).anyMatch(PairedVerdict.Entry::duets)
                ? "duet ratio" : "paired ratio by round";
        CategoryChart chart = new CategoryChartBuilder().width(ChartStyle.WIDTH).height(650)
                .title("Against " + summary.reference() + " - " + summary.settingsLine())
                .xAxisTitle("pool   (point: " + unit + " to " + summary.reference() + "; bar: its 95 % interval, "
                        + "the wider side; grey: the equivalence margin)")
                .yAxisTitle("score ratio to " + summary.reference() + " (higher is better)").build();
        ChartStyle.apply(chart.getStyler(), chart.getTitle());
        ChartStyle.ratioAxis(chart, CategorySeries.CategorySeriesRenderStyle.Scatter);
        boolean many = summary.blocks().stream().filter(b -> !b.paired().isEmpty()).count() > 1;
        int index = 0;
        for (Summary.Block block : summary.blocks()) {
            if (block.paired().isEmpty()) {
                continue;
            }
            List<Double> ratios = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (String pool : pools) {
                PairedTest.Result r = block.paired().stream().filter(e -> e.profile().equals(pool)).findFirst()
                        .map(PairedVerdict.Entry::result).orElse(null);
                // NaN leaves a gap: the pool has no pair in this block. The interval is symmetric in
                // the log, so the bar takes its wider (upper) side.
                ratios.add(r == null || r.n() == 0 ? Double.NaN : 1 + r.estimatePercent() / 100);
                errors.add(r == null || r.n() < 2 ? 0.0 : (r.highPercent() - r.estimatePercent()) / 100);
            }
            String name = many ? block.title(summary.variesVariant()) : "vs " + summary.reference();
            CategorySeries series = chart.addSeries(name, pools, ratios, errors);
            Color color = ChartStyle.COLORS[index++ % ChartStyle.COLORS.length];
            series.setMarker(SeriesMarkers.DIAMOND);
            series.setMarkerColor(color);
        }
        ChartStyle.marginLines(chart, pools, summary.marginPercent());
        BitmapEncoder.saveBitmapWithDPI(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
    }
}
