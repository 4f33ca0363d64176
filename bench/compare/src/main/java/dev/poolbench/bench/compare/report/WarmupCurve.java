package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.Palette;
import dev.poolbench.bench.compare.util.UsageException;
import java.awt.BasicStroke;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code warmup-curve}: how fast a fresh app JVM reaches its steady throughput, read from the
 * per-second series ({@code perSecond.passedPages} of each run's result.json) of a comparison run
 * with {@code --warmup 0}. Per run: the steady level (mean of the last half of the run), the first
 * second from which the 5-s moving average stays within the noise of that level (above its mean
 * minus two standard deviations of the moving average in the last half) for 5 s on end, and,
 * when the run lasted at least
 * two windows, the passed pages of the first window against the next one (the first minute of a
 * fresh JVM against the same JVM's second minute). Writes warmup.txt and warmup.png beside the runs.
 */
@Command(name = "warmup-curve", description = "Per-second warm-up curve of the runs of a comparison run with "
        + "--warmup 0 (bench/README.md, \"Warm-up\"): settle second, first window against the next, warmup.png.")
public final class WarmupCurve implements Callable<Integer> {

    static final int MOVING_AVERAGE_SECONDS = 5;

    @Option(names = "--results", paramLabel = "DIR", required = true,
            description = "the results directory of one comparison (required, no default)")
    Path results;

    @Option(names = "--window", paramLabel = "S", description = "seconds of the first window, compared with "
            + "the next window of the same run (default: ${DEFAULT-VALUE})")
    int windowSeconds = 60;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    /** One run's curve and figures; {@code firstVsNext} NaN when the run is shorter than two windows. */
    public record Curve(String run, String group, double[] pages, double steadyMean, int settleSecond, double firstVsNext) {
    }

    @Override
    public Integer call() throws Exception {
        if (windowSeconds < MOVING_AVERAGE_SECONDS) {
            throw new UsageException("--window must be >= " + MOVING_AVERAGE_SECONDS + ", got " + windowSeconds);
        }
        List<Curve> curves = read(results, windowSeconds);
        if (curves.isEmpty()) {
            throw new IllegalStateException("no run with a per-second series under " + results.resolve("runs"));
        }
        String text = text(curves, windowSeconds);
        System.out.print(text);
        Files.writeString(results.resolve("warmup.txt"), text, StandardCharsets.UTF_8);
        chart(curves, results.resolve("warmup.png"));
        System.out.println("Written: " + results.resolve("warmup.txt") + ", warmup.png");
        return 0;
    }

    static List<Curve> read(Path results, int window) throws IOException {
        List<Curve> curves = new ArrayList<>();
        Path runs = results.resolve("runs");
        if (!Files.isDirectory(runs)) {
            return curves;
        }
        try (Stream<Path> dirs = Files.list(runs)) {
            for (Path dir : dirs.sorted().toList()) {
                Path file = dir.resolve("result.json");
                if (!Files.isRegularFile(file)) {
                    continue;
                }
                JsonNode result = Json.read(file);
                JsonNode perSecond = result.path("perSecond");
                int duration = result.path("durationSeconds").asInt(perSecond.size());
                if (!perSecond.isArray() || duration < 2 * MOVING_AVERAGE_SECONDS) {
                    continue;
                }
                double[] pages = new double[duration];
                // Seconds after the deadline (late requests) are left out.
                perSecond.forEach(s -> {
                    int second = s.path("second").asInt();
                    if (second >= 1 && second <= duration) {
                        pages[second - 1] = s.path("passedPages").asDouble();
                    }
                });
                JsonNode record = Files.isRegularFile(dir.resolve("run.json")) ? Json.read(dir.resolve("run.json")) : null;
                curves.add(curve(dir.getFileName().toString(), group(record, dir), pages, window));
            }
        }
        return curves;
    }

    /** Profile and the variant that varies (app build, threads, JDK): the runs of one group are alike. */
    private static String group(JsonNode record, Path dir) {
        if (record == null) {
            return dir.getFileName().toString().replaceFirst("^[0-9]+-", "");
        }
        String variant = RunVariant.describe(RunVariant.key(record));
        return Json.text(record, "profile") + (variant.isEmpty() ? "" : " (" + variant + ")");
    }

    public static Curve curve(String run, String group, double[] pages, int window) {
        double[] average = movingAverage(pages);
        int half = pages.length / 2;
        double steady = mean(pages, half, pages.length);
        double sd = sd(average, half, pages.length);
        double floor = mean(average, half, pages.length) - 2 * sd;
        // The first second from which the moving average is within the noise for a window's length:
        // a later dip (a neighbour's burst on a shared machine) is noise of the steady part, not warm-up.
        int settle = pages.length;
        for (int i = 0; i + MOVING_AVERAGE_SECONDS <= pages.length; i++) {
            boolean within = true;
            for (int j = i; j < i + MOVING_AVERAGE_SECONDS; j++) {
                within &= average[j] >= floor;
            }
            if (within) {
                // The average at i covers seconds i-3..i+1 (1-based): the series is at its level from the first.
                settle = Math.max(1, i + 2 - MOVING_AVERAGE_SECONDS);
                break;
            }
        }
        double firstVsNext = pages.length >= 2 * window
                ? sum(pages, 0, window) / sum(pages, window, 2 * window) : Double.NaN;
        return new Curve(run, group, pages, steady, settle, firstVsNext);
    }

    /** Trailing moving average over {@value #MOVING_AVERAGE_SECONDS} s (shorter at the start). */
    static double[] movingAverage(double[] values) {
        double[] average = new double[values.length];
        double sum = 0;
        for (int i = 0; i < values.length; i++) {
            sum += values[i];
            if (i >= MOVING_AVERAGE_SECONDS) {
                sum -= values[i - MOVING_AVERAGE_SECONDS];
            }
            average[i] = sum / Math.min(i + 1, MOVING_AVERAGE_SECONDS);
        }
        return average;
    }

    static String text(List<Curve> curves, int window) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "Warm-up curve (passed pages per second; "
                + "steady = mean of the last half; settled = from this second on the %d-s moving average stays above "
                + "the steady mean minus 2 SD for 5 s; first/next = pages of seconds 1-%d over %d-%d)%n", MOVING_AVERAGE_SECONDS,
                window, window + 1, 2 * window));
        int runWidth = Math.max(3, curves.stream().mapToInt(c -> c.run().length()).max().orElse(0));
        int groupWidth = Math.max(5, curves.stream().mapToInt(c -> c.group().length()).max().orElse(0));
        String row = "%-" + runWidth + "s  %-" + groupWidth + "s %8s %8s %11s%n";
        out.append(String.format(Locale.ROOT, row, "run", "group", "steady/s", "settled", "first/next"));
        Map<String, List<Curve>> groups = new LinkedHashMap<>();
        for (Curve c : curves) {
            out.append(String.format(Locale.ROOT, row, c.run(), c.group(), String.format(Locale.ROOT, "%.1f",
                    c.steadyMean()), c.settleSecond() + "s", Double.isNaN(c.firstVsNext()) ? "-"
                    : String.format(Locale.ROOT, "%.3f", c.firstVsNext())));
            groups.computeIfAbsent(c.group(), k -> new ArrayList<>()).add(c);
        }
        out.append("Per group: mean first/next (min .. max), latest settle second\n");
        groups.forEach((group, list) -> {
            double[] ratios = list.stream().mapToDouble(Curve::firstVsNext).filter(r -> !Double.isNaN(r)).toArray();
            int settle = list.stream().mapToInt(Curve::settleSecond).max().orElse(0);
            out.append(String.format(Locale.ROOT, "  %-" + groupWidth + "s  %s, settled by %d s%n", group,
                    ratios.length == 0 ? "-"
                    : String.format(Locale.ROOT, "%.3f (%.3f .. %.3f), %d runs", mean(ratios, 0, ratios.length),
                            java.util.Arrays.stream(ratios).min().orElse(Double.NaN),
                            java.util.Arrays.stream(ratios).max().orElse(Double.NaN), ratios.length), settle));
        });
        return out.toString();
    }

    static void chart(List<Curve> curves, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        String title = "Passed pages per second of a fresh app JVM (" + MOVING_AVERAGE_SECONDS + "-s moving average)";
        XYChart chart = new XYChartBuilder().width(1100).height(600).title(title)
                .xAxisTitle("second of the run (from the first request of the fresh JVM)")
                .yAxisTitle("passed pages per second").build();
        ChartStyle.apply(chart.getStyler(), title);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setMarkerSize(0);
        Map<String, Integer> colors = new LinkedHashMap<>();
        for (Curve c : curves) {
            int color = colors.computeIfAbsent(c.group(), k -> colors.size());
            double[] x = new double[c.pages().length];
            for (int i = 0; i < x.length; i++) {
                x[i] = i + 1;
            }
            XYSeries s = chart.addSeries(c.run(), x, movingAverage(c.pages()));
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            s.setMarker(SeriesMarkers.NONE);
            s.setLineColor(Palette.color(color));
            s.setLineStyle(new BasicStroke(1.5f));
        }
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static double sum(double[] v, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += v[i];
        }
        return s;
    }

    private static double mean(double[] v, int from, int to) {
        return to > from ? sum(v, from, to) / (to - from) : Double.NaN;
    }

    private static double sd(double[] v, int from, int to) {
        double m = mean(v, from, to);
        double s = 0;
        for (int i = from; i < to; i++) {
            s += (v[i] - m) * (v[i] - m);
        }
        return to - from > 1 ? Math.sqrt(s / (to - from - 1)) : 0;
    }
}
