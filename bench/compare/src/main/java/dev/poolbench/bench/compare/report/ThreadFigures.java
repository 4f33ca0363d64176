package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.jvm.AppJfr;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSummary;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.SummaryBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The thread figures of a summary block: per profile, the pool's peak pending threads beside the
 * app JVM's virtual-thread pinning and carrier threads ({@link AppJfr}, field {@code jfr} of a run
 * record), means over the counted runs. Shown only for blocks whose runs carry a recording.
 */
public final class ThreadFigures {

    private ThreadFigures() {
    }

    /** Mean figures of one profile in one block. */
    record Line(String profile, int n, double peakPending, double pinnedEvents, double pinnedMillis,
                double carrierThreads) {
    }

    static List<Line> lines(SummaryBlock block) {
        List<Line> lines = new ArrayList<>();
        if (block.runs().stream().noneMatch(r -> r.json().has("jfr"))) {
            return lines;
        }
        for (SummaryBlock.Row row : block.rows()) {
            List<RunRecord> counted = block.runs().stream()
                    .filter(r -> r.counted() && r.profile().equals(row.profile())).toList();
            lines.add(new Line(row.profile(), counted.size(),
                    mean(counted, PoolMetricsSummary::peakPending),
                    mean(counted, j -> Json.number(j, "jfr.pinnedEvents")),
                    mean(counted, j -> Json.number(j, "jfr.pinnedMillis")),
                    mean(counted, j -> Json.number(j, "jfr.carrierThreads"))));
        }
        return lines;
    }

    /** The block's thread table, or empty text when its runs have no recording. */
    static String tableFor(SummaryBlock block) {
        List<Line> lines = lines(block);
        if (lines.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("Threads (app JVM, JFR, measured window; means over counted runs):\n");
        out.append(String.format(Locale.ROOT, "  %-12s %3s %10s %8s %10s %9s%n", "profile", "n", "peak pend",
                "pinned", "pinned ms", "carriers"));
        for (Line l : lines) {
            out.append(String.format(Locale.ROOT, "  %-12s %3d %10s %8s %10s %9s%n", l.profile(), l.n(),
                    num(l.peakPending(), 1), num(l.pinnedEvents(), 1), num(l.pinnedMillis(), 1),
                    num(l.carrierThreads(), 1)));
        }
        out.append("(peak pend = most threads waiting for a connection; pinned = jdk.VirtualThreadPinned "
                + "events, threshold 0 ms, and their total time; carriers = carrier threads the virtual-thread "
                + "scheduler had started by the end of the run; bench/README.md, \"Threads and JDK\")\n");
        return out.toString();
    }

    /** Adds the block's variant and thread figures to its summary.json node. */
    static void blockJson(SummaryBlock block, ObjectNode node) {
        String key = block.variant();
        if (key != null) {
            node.put("threads", RunVariant.part(key, RunVariant.THREADS));
            node.put("jdk", RunVariant.part(key, RunVariant.JDK));
            if (RunVariant.appOf(key) != null) {
                node.put("appBuild", RunVariant.appOf(key));
            }
            if (RunVariant.part(key, RunVariant.SESSION) != null) {
                node.put("session", RunVariant.part(key, RunVariant.SESSION));
            }
        }
        List<Line> lines = lines(block);
        if (lines.isEmpty()) {
            return;
        }
        ArrayNode array = node.putArray("threadFigures");
        for (Line l : lines) {
            ObjectNode n = array.addObject();
            n.put("profile", l.profile());
            n.put("n", l.n());
            put(n, "meanPeakPending", l.peakPending());
            put(n, "meanPinnedEvents", l.pinnedEvents());
            put(n, "meanPinnedMillis", l.pinnedMillis());
            put(n, "meanCarrierThreads", l.carrierThreads());
        }
    }

    /** The combinations left out of the plan (environment.json options.skippedVariants), one line each. */
    static String skippedText(JsonNode environment) {
        JsonNode skipped = environment.path("options").path("skippedVariants");
        StringBuilder out = new StringBuilder();
        skipped.forEach(s -> out.append("Not run: ").append(s.asText()).append('\n'));
        return out.length() == 0 ? "" : "\n" + out;
    }

    private static double mean(List<RunRecord> runs, ToDoubleFunction<JsonNode> figure) {
        double sum = 0;
        int n = 0;
        for (RunRecord r : runs) {
            double v = figure.applyAsDouble(r.json());
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private static String num(double v, int decimals) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static void put(ObjectNode node, String name, double v) {
        if (Double.isNaN(v)) {
            node.putNull(name);
        } else {
            node.put(name, v);
        }
    }
}
