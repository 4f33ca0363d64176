package dev.poolbench.bench.compare.report;

import dev.poolbench.bench.compare.stats.PairedTest;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
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
        XYChart chart = new XYChartBuilder().width(ChartStyle.WIDTH).height(650)
                .title("Against " + summary.reference() + " - " + summary.settingsLine())
                .xAxisTitle("pool   (point: " + unit + " to " + summary.reference() + "; bar: the interval that "
                        + "decided its verdict, level in the legend; grey: the equivalence margin)")
                .yAxisTitle("score ratio to " + summary.reference() + " (higher is better)").build();
        style(chart, pools);
        List<Summary.Block> blocks = summary.blocks().stream().filter(b -> !b.paired().isEmpty()).toList();
        for (int b = 0; b < blocks.size(); b++) {
            // Blocks side by side around each pool's slot; one colour per block when there are several.
            double offset = blocks.size() == 1 ? 0 : -0.2 + 0.4 * b / (blocks.size() - 1);
            String prefix = blocks.size() == 1 ? "" : blocks.get(b).title(summary.variesVariant()) + ": ";
            Color blockColor = blocks.size() == 1 ? null : ChartStyle.COLORS[b % ChartStyle.COLORS.length];
            addBlock(chart, blocks.get(b), pools, offset, prefix, blockColor);
        }
        marginLines(chart, pools.size(), summary.marginPercent());
        BitmapEncoder.saveBitmapWithDPI(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
    }

    private static void style(XYChart chart, List<String> pools) {
        ChartStyle.apply(chart.getStyler(), chart.getTitle());
        chart.getStyler().setYAxisMin((Double) null);
        chart.getStyler().setYAxisDecimalPattern("0.00");
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setXAxisMin(-0.5);
        chart.getStyler().setXAxisMax(pools.size() - 0.5);
        chart.getStyler().setXAxisTickMarkSpacingHint(40);
        chart.getStyler().setPlotGridVerticalLinesVisible(false);
        // Pools sit at whole x values; the axis puts its ticks where it likes, so only whole ones get a name.
        chart.setCustomXAxisTickLabelsFormatter(x -> {
            long i = Math.round(x);
            return Math.abs(x - i) < 1e-6 && i >= 0 && i < pools.size() ? pools.get((int) i) : " ";
        });
    }

    /** One block: per verdict kind a legend entry of points, and per pool its interval as a bar. */
    private static void addBlock(XYChart chart, Summary.Block block, List<String> pools, double offset,
                                 String prefix, Color blockColor) {
        for (Kind kind : Kind.values()) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (int i = 0; i < pools.size(); i++) {
                PairedTest.Result r = result(block, pools.get(i));
                if (r == null || r.n() == 0 || Kind.of(r) != kind) {
                    continue;
                }
                double x = i + offset;
                xs.add(x);
                ys.add(1 + r.estimatePercent() / 100);
                if (r.n() >= 2) {
                    PairedTest.Interval ci = r.decidingInterval();
                    XYSeries bar = chart.addSeries(prefix + pools.get(i) + " " + ci.level() + " % CI",
                            new double[] {x, x}, new double[] {1 + ci.lowPercent() / 100, 1 + ci.highPercent() / 100});
                    bar.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                    bar.setMarker(SeriesMarkers.NONE);
                    bar.setLineColor(color(kind, blockColor));
                    bar.setLineStyle(new BasicStroke(3f));
                    bar.setShowInLegend(false);
                }
            }
            if (!xs.isEmpty()) {
                XYSeries points = chart.addSeries(prefix + kind.label, xs, ys);
                points.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                points.setMarker(kind.marker);
                points.setMarkerColor(color(kind, blockColor));
            }
        }
    }

    private static PairedTest.Result result(Summary.Block block, String pool) {
        return block.paired().stream().filter(e -> e.profile().equals(pool)).findFirst()
                .map(PairedVerdict.Entry::result).orElse(null);
    }

    private static Color color(Kind kind, Color blockColor) {
        return blockColor != null ? blockColor : KIND_COLORS[kind.ordinal()];
    }

    /** 1 (no difference), and the margin at the bounds the equivalence test uses: 1 + X % and 1 / (1 + X %). */
    private static void marginLines(XYChart chart, int pools, double marginPercent) {
        double[] bounds = PairedTest.marginBoundsPercent(marginPercent);
        double[] xs = {-0.5, pools - 0.5};
        line(chart, "same as reference (1)", xs, 1.0, new Color(0xbbbbbb));
        line(chart, String.format(Locale.ROOT, "margin %+.1f %%", bounds[1]), xs, 1 + bounds[1] / 100, Color.GRAY);
        line(chart, String.format(Locale.ROOT, "margin %+.1f %%", bounds[0]), xs, 1 + bounds[0] / 100, Color.GRAY);
    }

    private static void line(XYChart chart, String name, double[] xs, double y, Color color) {
        XYSeries line = chart.addSeries(name, xs, new double[] {y, y});
        line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        line.setMarker(SeriesMarkers.NONE);
        line.setLineColor(color);
    }
}
