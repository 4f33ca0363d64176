package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.SummaryBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Redis figures of a summary block (a {@code --session redis-*} store): per profile, the
 * session client's connections, its pool's peak borrowed and waiting threads, and the commands
 * per second with their mean time, means over the counted runs of {@code poolMetrics.redis}.
 * Shown only for blocks whose runs carry them.
 */
final class SessionFigures {

    private SessionFigures() {
    }

    /** Mean figures of one profile in one block. */
    record Line(String profile, int n, double peakConnections, double peakActive, double peakWaiters,
                double commandsPerSecond, double meanCommandMicros) {
    }

    static List<Line> lines(SummaryBlock block) {
        List<Line> lines = new ArrayList<>();
        if (block.runs().stream().noneMatch(r -> r.json().path("poolMetrics").has("redis"))) {
            return lines;
        }
        for (SummaryBlock.Row row : block.rows()) {
            List<JsonNode> counted = block.runs().stream()
                    .filter(r -> r.counted() && r.profile().equals(row.profile())).<JsonNode>map(RunRecord::json)
                    .toList();
            lines.add(new Line(row.profile(), counted.size(), mean(counted, "peakConnections"),
                    mean(counted, "peakPoolActive"), mean(counted, "peakPoolWaiters"),
                    mean(counted.stream().map(j -> Json.number(j, "poolMetrics.redis.commands")
                            / Json.number(j, "durationSeconds")).toList()),
                    mean(counted, "meanCommandMicros")));
        }
        return lines;
    }

    /** The block's Redis table, or empty text when its runs have no Redis figures. */
    static String tableFor(SummaryBlock block) {
        List<Line> lines = lines(block);
        if (lines.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("Redis session store (app's Lettuce client, measured window; means "
                + "over counted runs):\n");
        out.append(String.format(Locale.ROOT, "  %-12s %3s %6s %11s %12s %10s %8s%n", "profile", "n", "conns",
                "pool active", "pool waiters", "commands/s", "cmd µs"));
        for (Line l : lines) {
            out.append(String.format(Locale.ROOT, "  %-12s %3d %6s %11s %12s %10s %8s%n", l.profile(), l.n(),
                    num(l.peakConnections(), 0), num(l.peakActive(), 0), num(l.peakWaiters(), 0),
                    num(l.commandsPerSecond(), 0), num(l.meanCommandMicros(), 1)));
        }
        out.append("(conns, pool active, pool waiters = peaks: connections open, borrowed from the pool and threads "
                + "waiting for one, '-' in shared mode; cmd µs = mean time from sending a command to its whole "
                + "reply; bench/README.md, \"Session store\")\n");
        return out.toString();
    }

    /** {@code redisFigures} of a block in summary.json, when its runs have them. */
    static void blockJson(SummaryBlock block, ObjectNode node) {
        List<Line> lines = lines(block);
        if (lines.isEmpty()) {
            return;
        }
        ArrayNode array = node.putArray("redisFigures");
        for (Line l : lines) {
            ObjectNode n = array.addObject();
            n.put("profile", l.profile());
            n.put("n", l.n());
            put(n, "meanPeakConnections", l.peakConnections());
            put(n, "meanPeakPoolActive", l.peakActive());
            put(n, "meanPeakPoolWaiters", l.peakWaiters());
            put(n, "meanCommandsPerSecond", l.commandsPerSecond());
            put(n, "meanCommandMicros", l.meanCommandMicros());
        }
    }

    private static double mean(List<JsonNode> runs, String field) {
        return mean(runs.stream().map(j -> Json.number(j, "poolMetrics.redis." + field)).toList());
    }

    private static double mean(List<Double> values) {
        List<Double> known = values.stream().filter(v -> !Double.isNaN(v) && !Double.isInfinite(v)).toList();
        return known.isEmpty() ? Double.NaN : known.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
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
