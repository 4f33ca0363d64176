package dev.poolbench.bench.redis;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One chart per thread mode ({@code redis-<mode>.png}): µs per SET over threads (logarithmic,
 * 1 to 5,000), a line per client. The µs axis is linear: on this machine the figures lie between
 * about 10 and 250 µs, where a logarithmic axis would label only 100. A cell in which some
 * threads stopped on an error keeps its point on the line (its figure is over the SETs done) and
 * is crossed out by the "with errors" series, so a fast-looking point that starved its waiters is
 * not read as a result. Cells without a figure (nothing done) are left out of their line.
 */
final class LoopChart {

    private static final Color[] COLORS = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};

    private LoopChart() {
    }

    static List<Path> write(List<CellResult> cells, Path dir, String subtitle) throws IOException {
        List<Path> written = new ArrayList<>();
        List<String> clients = cells.stream().map(CellResult::client).distinct().toList();
        for (ThreadMode mode : cells.stream().map(c -> ThreadMode.parse(c.threadMode())).distinct().toList()) {
            XYChart chart = new XYChartBuilder().width(1000).height(560)
                    .title("µs per SET, " + mode.label() + " threads (lower is better; " + subtitle + ")")
                    .xAxisTitle("threads (log scale)").yAxisTitle("µs per SET").build();
            var styler = chart.getStyler();
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setYAxisMin(0.0);
            chart.getStyler().setYAxisDecimalPattern("#,##0.#");
            chart.getStyler().setXAxisDecimalPattern("#,##0");
            styler.setLegendPosition(Styler.LegendPosition.OutsideE);
            styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
            styler.setChartBackgroundColor(Color.WHITE);
            styler.setPlotBackgroundColor(Color.WHITE);
            styler.setPlotGridLinesColor(new Color(0xdddddd));
            int colour = 0;
            boolean any = false;
            for (String client : clients) {
                List<Double> x = new ArrayList<>();
                List<Double> y = new ArrayList<>();
                for (CellResult c : cells) {
                    if (c.client().equals(client) && c.threadMode().equals(mode.label()) && c.microsPerSet() > 0) {
                        x.add((double) c.threads());
                        y.add(c.microsPerSet());
                    }
                }
                if (x.isEmpty()) {
                    continue;
                }
                XYSeries series = chart.addSeries(client, x, y);
                series.setLineColor(COLORS[colour % COLORS.length]);
                series.setMarkerColor(COLORS[colour++ % COLORS.length]);
                series.setMarker(SeriesMarkers.CIRCLE);
                any = true;
            }
            addErrorMarks(chart, cells, mode);
            if (any) {
                Path png = dir.resolve("redis-" + mode.label() + ".png");
                BitmapEncoder.saveBitmapWithDPI(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
                written.add(png);
            }
        }
        return written;
    }

    /** A cross over every cell of {@code mode} in which threads stopped on errors. */
    private static void addErrorMarks(XYChart chart, List<CellResult> cells, ThreadMode mode) {
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (CellResult c : cells) {
            if (c.threadMode().equals(mode.label()) && c.microsPerSet() > 0 && c.errorCount() > 0) {
                x.add((double) c.threads());
                y.add(c.microsPerSet());
            }
        }
        if (x.isEmpty()) {
            return;
        }
        XYSeries errors = chart.addSeries("with errors (see table)", x, y);
        errors.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        errors.setMarker(SeriesMarkers.CROSS);
        errors.setMarkerColor(Color.BLACK);
    }
}
