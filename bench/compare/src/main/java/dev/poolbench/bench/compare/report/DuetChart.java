package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.Palette;
import dev.poolbench.bench.compare.verdict.DuetPairs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;

/**
 * One picture per duet ({@code duets/<window>.png}): both lanes' passed pages per second over the
 * measured window, and their ratio (the other profile over the reference) on the right axis,
 * with the seconds left out of the duet's ratio shaded by their absence from the ratio line.
 * Also the duets' figures for summary.json.
 */
final class DuetChart {

    private DuetChart() {
    }

    /** Writes a picture per duet of the runs; returns how many. */
    static int writeAll(List<RunRecord> runs, String reference, Path dir) throws IOException {
        List<DuetPairs.Duet> duets = DuetPairs.of(runs);
        if (duets.isEmpty()) {
            return 0;
        }
        Files.createDirectories(dir);
        int written = 0;
        for (DuetPairs.Duet d : duets) {
            if (d.lane0() != null && d.lane1() != null) {
                write(d, reference, dir.resolve(d.window() + ".png"));
                written++;
            }
        }
        return written;
    }

    private static void write(DuetPairs.Duet d, String reference, Path png) throws IOException {
        RunRecord ref = d.referenceLane(reference) != null ? d.referenceLane(reference) : d.lane0();
        RunRecord other = ref == d.lane0() ? d.lane1() : d.lane0();
        double[][] a = series(other);
        double[][] b = series(ref);
        // A size duet's window id names the pool already: the title names the sizes only (it must fit).
        String title = String.format(java.util.Locale.ROOT, "duet %s: %s against %s, passed pages per second "
                + "(ratio over seconds %d+: %.3f)", d.window(),
                d.sizes() ? "size " + other.poolSize() : other.profile(), d.sizes() ? "size " + ref.poolSize()
                        : ref.profile(), DuetPairs.ALIGN_SECONDS + 1, d.ratio(other));
        if (ref.json().path("duet").has("referenceVariant")) {
            // A variant duet's window id names the pool and both variants; the legend says which lane is which.
            title = String.format(java.util.Locale.ROOT, "duet %s: passed pages per second (ratio over seconds "
                    + "%d+: %.3f)", d.window(), DuetPairs.ALIGN_SECONDS + 1, d.ratio(other));
        }
        XYChart chart = new XYChartBuilder().width(1100).height(550).title(title).xAxisTitle("second of the "
                + "measured window").yAxisTitle("passed pages per second").build();
        ChartStyle.apply(chart.getStyler(), title);
        chart.getStyler().setMarkerSize(4);
        chart.getStyler().setYAxisDecimalPattern("#,###.##");
        color(chart.addSeries(d.label(other) + " (lane " + (other == d.lane0() ? 0 : 1) + ")", a[0], a[1]), 1);
        color(chart.addSeries(d.label(ref) + " (lane " + (ref == d.lane0() ? 0 : 1) + ")", b[0], b[1]), 0);
        double[][] ratio = ratioSeries(a, b);
        if (ratio[0].length > 0) {
            XYSeries r = chart.addSeries(d.label(other) + " / " + d.label(ref) + " (right axis)", ratio[0], ratio[1]);
            r.setYAxisGroup(1);
            color(r, 2);
            chart.setYAxisGroupTitle(1, "ratio");
            chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        }
        BitmapEncoder.saveBitmapWithDPI(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
    }

    private static void color(XYSeries series, int index) {
        series.setLineColor(Palette.color(index));
        series.setMarkerColor(Palette.color(index));
    }

    /** Seconds 1 .. duration and the passed pages of each. */
    private static double[][] series(RunRecord r) {
        List<double[]> points = new ArrayList<>();
        int last = (int) Json.number(r.json(), "durationSeconds");
        for (JsonNode s : r.json().path("result").path("perSecond")) {
            int second = s.path("second").asInt();
            if (second >= 1 && second <= last) {
                points.add(new double[] {second, s.path("passedPages").asDouble()});
            }
        }
        return new double[][] {points.stream().mapToDouble(p -> p[0]).toArray(),
                points.stream().mapToDouble(p -> p[1]).toArray()};
    }

    /** The per-second ratio over the aligned seconds (both lanes with pages in that second). */
    private static double[][] ratioSeries(double[][] a, double[][] b) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < a[0].length; i++) {
            for (int j = 0; j < b[0].length; j++) {
                if (a[0][i] == b[0][j] && a[0][i] > DuetPairs.ALIGN_SECONDS && a[1][i] > 0 && b[1][j] > 0) {
                    points.add(new double[] {a[0][i], a[1][i] / b[1][j]});
                }
            }
        }
        return new double[][] {points.stream().mapToDouble(p -> p[0]).toArray(),
                points.stream().mapToDouble(p -> p[1]).toArray()};
    }

    /** The duets for summary.json: window, lanes, ratio against the reference (size), start skew. */
    static ArrayNode json(List<RunRecord> runs, String reference) {
        ArrayNode array = Json.object().arrayNode();
        for (DuetPairs.Duet d : DuetPairs.of(runs)) {
            ObjectNode n = array.addObject();
            n.put("window", d.window());
            n.put("lane0", d.lane0() == null ? null : d.lane0().profile());
            n.put("lane1", d.lane1() == null ? null : d.lane1().profile());
            RunRecord other = d.referenceLane(reference) == d.lane0() ? d.lane1() : d.lane0();
            double ratio = other == null ? Double.NaN : d.ratio(other);
            if (Double.isNaN(ratio)) {
                n.putNull("ratioToReference");
            } else {
                n.put("ratioToReference", ratio);
            }
            n.put("alignSeconds", DuetPairs.ALIGN_SECONDS);
            double skew = d.firstRequestSkewMillis();
            if (!Double.isNaN(skew)) {
                n.put("firstRequestSkewMillis", skew);
            }
            n.put("counted", d.counted());
            if (d.sizes()) {
                n.put("lane0PoolSize", d.lane0() == null ? null : d.lane0().poolSize());
                n.put("lane1PoolSize", d.lane1() == null ? null : d.lane1().poolSize());
            }
        }
        return array;
    }
}
