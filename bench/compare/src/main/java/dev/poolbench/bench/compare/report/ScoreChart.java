package dev.poolbench.bench.compare.report;

import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.util.Palette;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import dev.poolbench.bench.compare.verdict.SummaryBlock;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code scores.png}: one column per profile (its name under the axis), every counted run as a
 * dot (one slot per round, left to right), then the mean with its 95 % confidence interval as a
 * diamond with an error bar. The y axis starts at 0. A pool-size sweep adds the sizes side by
 * side within each column, one colour per size.
 */
final class ScoreChart {

    private ScoreChart() {
    }

    static void write(Summary summary, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        String name = png.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".png")) {
            // saveBitmap appends ".png" only when missing: the name must be exactly as asked.
            throw new IOException("chart file name must end in .png: " + png);
        }
        List<String> profiles = columns(summary);
        int rounds = summary.runs().stream().mapToInt(RunRecord::round).max().orElse(0);
        List<SummaryBlock> blocks = summary.blocks();
        CategoryChart chart = emptyChart(summary, blocks.size());
        boolean anyRun = false;
        for (int b = 0; b < blocks.size(); b++) {
            SummaryBlock block = blocks.get(b);
            Color color = Palette.color(b);
            String label = blocks.size() > 1 ? " (" + blockLabel(summary, block) + ")" : "";
            anyRun |= addRunSeries(chart, block, profiles, rounds, color, label);
            addMeanSeries(chart, block, profiles, color, label);
        }
        if (!anyRun) {
            chart.addSeries("no valid run", profiles.isEmpty() ? List.of("-") : profiles,
                    (profiles.isEmpty() ? List.of("-") : profiles).stream().map(p -> 0.0).toList());
        }
        BitmapEncoder.saveBitmapWithDPI(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
    }

    /** The profiles of the columns: in rank order of the first block (best left), then any unranked profile. */
    private static List<String> columns(Summary summary) {
        Set<String> profileSet = new LinkedHashSet<>();
        summary.blocks().forEach(b -> b.rows().forEach(r -> profileSet.add(r.profile())));
        summary.runs().forEach(r -> profileSet.add(r.profile()));
        return List.copyOf(profileSet);
    }

    /** The chart with its titles, style and legend, before any series. */
    private static CategoryChart emptyChart(Summary summary, int blockCount) {
        String title = "Score per run - " + summary.settingsLine()
                + ("defaults".equals(summary.poolMode()) ? " (sizes differ per pool)" : "");
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(650).title(title)
                .xAxisTitle("pool profile   (dots: runs, round 1 first; diamond and bar: mean with 95 % "
                        + "confidence interval)")
                .yAxisTitle("score (higher is better)").build();
        ChartStyle.apply(chart.getStyler(), title);
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
        chart.getStyler().setOverlapped(false);
        // A sweep has two legend entries per size: a column at the side instead of a row.
        chart.getStyler().setLegendPosition(blockCount > 1 ? Styler.LegendPosition.OutsideE
                : Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(blockCount > 1 ? Styler.LegendLayout.Vertical
                : Styler.LegendLayout.Horizontal);
        return chart;
    }

    /**
     * The block's runs as dots, one series per round (a round without a run of the block has
     * none); one legend entry for them all. Whether the block had any run.
     */
    private static boolean addRunSeries(CategoryChart chart, SummaryBlock block, List<String> profiles, int rounds,
                                        Color color, String label) {
        boolean anyRun = false;
        for (int round = 1; round <= rounds; round++) {
            List<Double> scores = new ArrayList<>();
            boolean any = false;
            for (String profile : profiles) {
                Double score = PairedVerdict.scoresByRound(block.runs(), profile, block.poolSize())
                        .get(round);
                scores.add(score);
                any |= score != null;
            }
            if (!any) {
                continue;
            }
            anyRun = true;
            CategorySeries runs = chart.addSeries("runs" + label + " r" + round, profiles, scores);
            runs.setMarker(SeriesMarkers.CIRCLE);
            runs.setMarkerColor(ChartStyle.translucent(color));
            runs.setLineColor(ChartStyle.translucent(color));
            runs.setShowInLegend(round == 1);
            if (round == 1) {
                runs.setLabel("runs" + label);
            }
        }
        return anyRun;
    }

    /** The block's means with their 95 % intervals as diamonds and error bars; none when no profile has a run. */
    private static void addMeanSeries(CategoryChart chart, SummaryBlock block, List<String> profiles, Color color,
                                      String label) {
        Map<String, SummaryBlock.Row> rows = new java.util.HashMap<>();
        block.rows().forEach(r -> rows.put(r.profile(), r));
        List<Double> means = new ArrayList<>();
        List<Double> errors = new ArrayList<>();
        for (String profile : profiles) {
            SummaryBlock.Row row = rows.get(profile);
            boolean has = row != null && row.sample().n() > 0;
            means.add(has ? row.sample().mean() : Double.NaN);
            errors.add(has && row.sample().hasInterval() ? row.sample().ciHalfWidth() : 0.0);
        }
        if (means.stream().anyMatch(m -> !m.isNaN())) {
            CategorySeries mean = chart.addSeries("mean and 95 % CI" + label, profiles, means, errors);
            mean.setMarker(SeriesMarkers.DIAMOND);
            mean.setMarkerColor(color.darker());
            // The error bar takes the series' line colour.
            mean.setLineColor(color.darker());
        }
    }

    /** Legend text of a block: its size when sizes vary, its thread mode and JDK when those vary. */
    static String blockLabel(Summary summary, SummaryBlock block) {
        boolean sizes = summary.blocks().stream().map(SummaryBlock::poolSize).distinct().count() > 1;
        List<String> parts = new ArrayList<>();
        if (sizes || !summary.variesVariant()) {
            parts.add(block.poolSize() == null ? "default size" : "size " + block.poolSize());
        }
        if (summary.variesVariant()) {
            parts.add(RunVariant.describe(block.variant()));
        }
        return String.join(", ", parts);
    }
}
