package dev.poolbench.bench.micro;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;

/**
 * One bar chart per benchmark and target ({@code micro-<benchmark>-<target>.png}): a group of bars
 * per pool, a bar per thread count, JMH's error as the error bar. The y axis is logarithmic: on one
 * target the pools span orders of magnitude (a pool-less cycle opens a physical connection).
 */
final class MicroChart {

    private static final Color[] COLORS = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728),
        new Color(0x9467bd), new Color(0x8c564b)};

    private MicroChart() {
    }

    static List<Path> write(List<MicroRow> rows, MicroOptions.Settings settings, Path dir, String subtitle)
            throws IOException {
        List<Path> written = new ArrayList<>();
        for (String benchmark : settings.benchmarks()) {
            for (Target target : settings.targets()) {
                Path png = dir.resolve("micro-" + benchmark + "-" + target.cliName() + ".png");
                if (render(rows, settings, benchmark, target.cliName(), subtitle, png)) {
                    written.add(png);
                }
            }
        }
        return written;
    }

    /**
     * What to hand XChart as the error of a bar on a log axis. XChart 3.8 draws a log-axis error
     * bar as {@code log10(score) ± log10(argument)}, symmetric in log space, so JMH's plain
     * {@code score ± error} cannot be passed as it is (an error of 217 on a score of 8,903 would be
     * drawn from 40 to 2 million). The interval {@code [score - error, score + error]} is wider
     * below the score in log space; the argument {@code score / (score - error)} draws that lower
     * half on both sides, so the drawn bar always covers JMH's interval (a little more above the
     * score). The error is capped at 99 % of the score, since a log axis has no 0; no error gives 1
     * (a bar of no length).
     */
    static double logAxisErrorArgument(double score, double error) {
        if (!(error > 0) || !(score > 0)) {
            return 1.0;
        }
        return score / (score - Math.min(error, score * 0.99));
    }

    private static boolean render(List<MicroRow> rows, MicroOptions.Settings settings, String benchmark, String target,
            String subtitle, Path png) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(560)
                .title(benchmark + " on " + target + " (ops/ms, higher is better; " + subtitle + ")")
                .xAxisTitle("pool").yAxisTitle("ops/ms (log scale)").build();
        var styler = chart.getStyler();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern("#,##0.###");
        // Black: an error bar in its bar's colour vanishes inside the bar.
        chart.getStyler().setErrorBarsColorSeriesColor(false);
        chart.getStyler().setErrorBarsColor(Color.BLACK);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotGridLinesColor(new Color(0xdddddd));
        boolean any = false;
        double lowest = Double.MAX_VALUE;
        double highest = 0;
        int colour = 0;
        for (int threads : settings.threads()) {
            List<String> pools = new ArrayList<>();
            List<Double> scores = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (String pool : settings.pools()) {
                var row = MicroTable.find(rows, benchmark, pool, target, threads);
                // A log axis has no 0: a missing or zero figure is left out of its group.
                if (row.isPresent() && row.get().score() > 0) {
                    pools.add(pool);
                    scores.add(row.get().score());
                    errors.add(row.get().hasError() ? logAxisErrorArgument(row.get().score(), row.get().error()) : 1.0);
                }
            }
            if (pools.isEmpty()) {
                continue;
            }
            CategorySeries series = chart.addSeries(threads + (threads == 1 ? " thread" : " threads"), pools, scores, errors);
            series.setFillColor(COLORS[colour++ % COLORS.length]);
            for (int i = 0; i < scores.size(); i++) {
                lowest = Math.min(lowest, scores.get(i) / errors.get(i));
                highest = Math.max(highest, scores.get(i) * errors.get(i));
            }
            any = true;
        }
        if (any) {
            // Bars start at the axis minimum, which XChart takes as 0 unless told: a power of ten
            // below the lowest bar (error bar included) keeps the log axis valid.
            styler.setYAxisMin(Math.pow(10, Math.floor(Math.log10(lowest))));
            // XChart's own maximum does not know the log-axis error bars: the next power of ten
            // above the highest bar end.
            styler.setYAxisMax(Math.pow(10, Math.ceil(Math.log10(highest) + 1e-9)));
            BitmapEncoder.saveBitmapWithDPI(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
        }
        return any;
    }
}
