package dev.poolbench.bench.compare.report;

import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code verdicts.png}: what the verdict says, as a picture. Per pool, its ratio to the
 * reference (1 + the paired difference) with the interval that decided its verdict as a bar
 * drawn end to end (the interval is symmetric in the log, so not in the ratio): the 90 % one
 * for equivalent (wholly between the margin lines), the 95 % one for faster / slower (wholly
 * above / below 1) and for undecided (across 1 and a margin line both). The legend names the
 * level; the margin lines sit at 1 + X % and 1 / (1 + X %), the bounds the test uses. The lanes'
 * own scores ({@code scores.png}) drift with the machine; this chart is where a duet's answer is.
 */
final class VerdictChart {

    /** The verdicts drawn alike: a legend entry each (per block), its interval level, its marker. */
    private enum Kind {
        EQUIVALENT("90 % CI: equivalent", SeriesMarkers.CIRCLE),
        DIFFERENT("95 % CI: faster / slower", SeriesMarkers.DIAMOND),
        UNDECIDED("95 % CI: undecided", SeriesMarkers.SQUARE);

        final String label;
        final Marker marker;

        Kind(String label, Marker marker) {
            this.label = label;
            this.marker = marker;
        }

        static Kind of(PairedTest.Result r) {
            return switch (r.word()) {
                case EQUIVALENT -> EQUIVALENT;
                case FASTER, SLOWER -> DIFFERENT;
                case UNDECIDED -> UNDECIDED;
            };
        }
    }

    private static final Color[] KIND_COLORS = {new Color(0x2ca02c), new Color(0x1f77b4), new Color(0x7f7f7f)};

    private VerdictChart() {
    }

    /** Whether the summary has pairs to draw (two profiles or more; a size search has its size.txt). */
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
                .xAxisTitle("pool   (point: " + unit + " to " + summary.reference() + "; bar: the interval that "
                        + "decided its verdict, level in the legend; grey: the equivalence margin)")
                .yAxisTitle("score ratio to " + summary.reference() + " (higher is better)").build();
        ChartStyle.apply(chart.getStyler(), chart.getTitle());
        ChartStyle.ratioAxis(chart, CategorySeries.CategorySeriesRenderStyle.Scatter);
        List<Summary.Block> blocks = summary.blocks().stream().filter(b -> !b.paired().isEmpty()).toList();
        // One block: each pool's category also says what its interval supports, whatever the word.
        List<String> categories = blocks.size() == 1 ? pools.stream().map(p -> category(blocks.get(0), p)).toList()
                : pools;
        for (int b = 0; b < blocks.size(); b++) {
            // One colour per block when there are several, else one per verdict kind.
            String prefix = blocks.size() == 1 ? "" : blocks.get(b).title(summary.variesVariant()) + ": ";
            Color blockColor = blocks.size() == 1 ? null : ChartStyle.COLORS[b % ChartStyle.COLORS.length];
            addBlock(chart, blocks.get(b), pools, categories, prefix, blockColor);
        }
        marginLines(chart, categories, summary.marginPercent());
        BitmapEncoder.saveBitmapWithDPI(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
    }

    /**
     * One block: per verdict kind a legend entry of points, and its intervals drawn end to end.
     * XChart's error bars are symmetric, so each interval is a hidden series at the interval's
     * middle with half its width as the error: the bar then spans exactly low .. high.
     */
    private static void addBlock(CategoryChart chart, Summary.Block block, List<String> pools,
                                 List<String> categories, String prefix, Color blockColor) {
        for (Kind kind : Kind.values()) {
            List<Double> points = new ArrayList<>();
            List<Double> middles = new ArrayList<>();
            List<Double> halves = new ArrayList<>();
            for (String pool : pools) {
                PairedTest.Result r = result(block, pool);
                boolean drawn = r != null && r.n() > 0 && Kind.of(r) == kind;
                // NaN leaves a gap: the pool has no pair of this kind in this block.
                points.add(drawn ? 1 + r.estimatePercent() / 100 : Double.NaN);
                PairedTest.Interval ci = drawn && r.n() >= 2 ? r.decidingInterval() : null;
                double low = ci == null ? Double.NaN : 1 + ci.lowPercent() / 100;
                double high = ci == null ? Double.NaN : 1 + ci.highPercent() / 100;
                middles.add(ci == null ? Double.NaN : (low + high) / 2);
                halves.add(ci == null ? Double.NaN : (high - low) / 2);
            }
            if (points.stream().allMatch(v -> v.isNaN())) {
                continue;
            }
            Color color = blockColor != null ? blockColor : KIND_COLORS[kind.ordinal()];
            boolean intervals = middles.stream().anyMatch(v -> !v.isNaN());
            if (intervals) {
                CategorySeries bars = chart.addSeries(prefix + kind.label + " (bars)", categories, middles, halves);
                bars.setMarker(SeriesMarkers.NONE);
                bars.setLineColor(color);
                bars.setFillColor(color);
                bars.setMarkerColor(color);
                bars.setShowInLegend(false);
            }
            // With fewer than 2 pairs there is no interval to name (--quick runs one round).
            CategorySeries series = chart.addSeries(prefix + (intervals ? kind.label
                    : "no interval yet (fewer than 2 pairs)"), categories, points);
            series.setMarker(kind.marker);
            series.setMarkerColor(color);
            series.setLineColor(color);
        }
    }

    /** e.g. {@code tomcat: undecided, within ±6.2 %, likely slower}; the pool alone without an interval. */
    static String category(Summary.Block block, String pool) {
        PairedTest.Result r = result(block, pool);
        return r == null || r.n() < 2 ? pool : pool + ": " + r.word().label() + ", " + r.statement();
    }

    private static PairedTest.Result result(Summary.Block block, String pool) {
        return block.paired().stream().filter(e -> e.profile().equals(pool)).findFirst()
                .map(PairedVerdict.Entry::result).orElse(null);
    }

    /** 1 (no difference), and the margin at the bounds the equivalence test uses ({@link ChartStyle#marginLines}). */
    private static void marginLines(CategoryChart chart, List<String> pools, double marginPercent) {
        CategorySeries same = chart.addSeries("same as reference (1)", pools, pools.stream().map(p -> 1.0).toList());
        same.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        same.setMarker(SeriesMarkers.NONE);
        same.setLineColor(new Color(0xbbbbbb));
        ChartStyle.marginLines(chart, pools, marginPercent);
    }
}
