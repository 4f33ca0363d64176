package dev.poolbench.bench.compare.faultreport;

import dev.poolbench.bench.compare.faultfigures.FaultFigures;
import dev.poolbench.bench.compare.faultfigures.FaultOutcome;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.plan.Profiles;
import dev.poolbench.bench.compare.util.Palette;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import javax.imageio.ImageIO;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code faults-<scenario>.png}: per second of the run, one line per profile (and session store
 * when the runs name stores), four panels on
 * one time axis: decided logins (throughput), errors, active and pending connections. Dashed
 * lines mark the fault's start and the database's return (of the first profile; every run
 * schedules them at the same second).
 */
final class FaultChart {

    static final int WIDTH = 1100;
    static final int PANEL_HEIGHT = 300;

    private FaultChart() {
    }

    /**
     * Each run's line color: its pool's place in the catalogue ({@link Profiles#ALL}), so that a pool
     * has the same color in every chart whichever pools ran; a pool's second line (another store or
     * settings) takes a place past the catalogue's.
     */
    static List<Color> colors(List<FaultOutcome> runs) {
        List<Color> colors = new ArrayList<>();
        Set<String> colored = new HashSet<>();
        int past = Profiles.ALL.size();
        for (FaultOutcome run : runs) {
            int place = Profiles.ALL.indexOf(run.profile());
            colors.add(Palette.color(place >= 0 && colored.add(run.profile()) ? place : past++));
        }
        return colors;
    }

    static void write(Scenario scenario, List<FaultOutcome> outcomes, int durationSeconds, Path file)
            throws IOException {
        List<FaultOutcome> runs = outcomes.stream().filter(o -> o.scenario() == scenario && o.figures() != null)
                .toList();
        if (runs.isEmpty()) {
            return;
        }
        FaultOutcome first = runs.get(0);
        List<XYChart> panels = List.of(
                panel(String.format(Locale.ROOT, "%s: decided logins per second (%s; fault %.1f-%.1f s)",
                        scenario.cliName(), scenario.sessionStoreAway() ? "302/303 answers" : "login_log rows",
                        first.faultBegin(), first.faultEnd()), "logins/s", runs,
                        FaultFigures.Point::decided),
                panel("errors per second (error responses, or failed checks)", "errors/s", runs,
                        FaultFigures.Point::errors),
                panel("active connections", "active", runs, FaultFigures.Point::active),
                panel("pending (threads waiting for a connection)", "pending", runs, FaultFigures.Point::pending));
        panels.get(panels.size() - 1).setXAxisTitle("second of the load run");
        BufferedImage image = new BufferedImage(WIDTH, PANEL_HEIGHT * panels.size(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            int y = 0;
            for (XYChart chart : panels) {
                chart.getStyler().setXAxisMin(0.0);
                chart.getStyler().setXAxisMax((double) durationSeconds);
                chart.getStyler().setAnnotationLineColor(Color.GRAY);
                chart.getStyler().setAnnotationLineStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT,
                        BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
                chart.addAnnotation(marker(first.faultBegin()));
                chart.addAnnotation(marker(first.faultEnd()));
                g.drawImage(BitmapEncoder.getBufferedImage(chart), 0, y, null);
                y += PANEL_HEIGHT;
            }
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", file.toFile());
    }

    private static AnnotationLine marker(double second) {
        return new AnnotationLine(second, true, false);
    }

    private static XYChart panel(String title, String yTitle, List<FaultOutcome> runs,
                                 ToDoubleFunction<FaultFigures.Point> field) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(PANEL_HEIGHT).title(title).yAxisTitle(yTitle).build();
        Styler styler = chart.getStyler();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesColor(new Color(0xdddddd));
        chart.getStyler().setMarkerSize(4);
        chart.getStyler().setYAxisMin(0.0);
        List<Color> colors = colors(runs);
        for (int i = 0; i < runs.size(); i++) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (FaultFigures.Point p : runs.get(i).figures().series()) {
                double v = field.applyAsDouble(p);
                if (!Double.isNaN(v)) {
                    xs.add((double) p.second());
                    ys.add(v);
                }
            }
            String name = runs.get(i).run().who();
            if (xs.isEmpty()) {
                // XChart cannot draw a series without points: say why instead.
                xs.add(0.0);
                ys.add(0.0);
                name += " (no data)";
            }
            XYSeries series = chart.addSeries(name, xs, ys);
            Color color = colors.get(i);
            series.setLineColor(color);
            series.setMarkerColor(color);
            series.setMarker(SeriesMarkers.CIRCLE);
        }
        return chart;
    }
}
