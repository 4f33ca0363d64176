package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSummary;
import dev.poolbench.bench.compare.stats.Stats;
import dev.poolbench.bench.compare.verdict.SummaryBlock.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleBiFunction;
import java.util.function.ToDoubleFunction;

/** The per-profile table of summary.txt: one row per profile of a block (see {@link Summary}). */
final class SummaryTable {

    private SummaryTable() {
    }

    /** @param poolMean mean over a row's counted runs of a poolMetrics figure */
    static String render(List<Row> rows, ToDoubleBiFunction<Row, ToDoubleFunction<JsonNode>> poolMean) {
        String[] head = {"rank", "profile", "size", "n", "mean", "sd", "cv%", "min", "max",
            "95% CI", "vs best", "p99 ms", "acq p99 ms", "peak pend", "cpu ms/page", "excl"};
        List<String[]> cells = new ArrayList<>();
        cells.add(head);
        for (Row r : rows) {
            Stats.Sample s = r.sample();
            String size = r.poolSize() != null ? String.valueOf(r.poolSize())
                    : r.sizeReadBack() == null ? "-" : r.sizeReadBack();
            cells.add(new String[] {
                r.ranked() ? String.valueOf(r.rank()) : "-",
                r.profile(),
                size,
                String.valueOf(s.n()),
                num(s.mean(), 0),
                num(s.sd(), 0),
                num(s.cvPercent(), 1),
                num(s.min(), 0),
                num(s.max(), 0),
                s.n() == 1 ? "n=1: none" : s.hasInterval()
                        ? num(s.ciLow(), 0) + ".." + num(s.ciHigh(), 0) : "-",
                !r.ranked() ? "-" : r.rank() == 1 ? "best"
                        : String.format(Locale.ROOT, "%+.1f%%", r.relativeToBestPercent()),
                num(r.meanP99Millis(), 1),
                num(poolMean.applyAsDouble(r, PoolMetricsSummary::acquireP99Millis), 3),
                num(poolMean.applyAsDouble(r, PoolMetricsSummary::peakPending), 0),
                num(r.meanCpuMillisPerPage(), 2),
                String.valueOf(r.excluded())});
        }
        int[] widths = new int[head.length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                boolean left = i == 1;
                String cell = left ? pad(row[i], widths[i], true) : pad(row[i], widths[i], false);
                out.append(cell).append(i == row.length - 1 ? "" : "  ");
            }
            out.append('\n');
        }
        out.append("(n = counted runs; excl = runs left out as invalid or flagged; CI = 95 % "
                + "confidence interval of the mean, Student t; p99 = mean request p99 latency; "
                + "acq p99 ms / peak pend = mean pool acquire-time p99 and peak waiting threads "
                + "(poolMetrics, docs/pool-metrics.md); "
                + "cpu ms/page = load generator CPU per passed page)\n");
        return out.toString();
    }

    private static String pad(String s, int width, boolean left) {
        String fill = " ".repeat(Math.max(0, width - s.length()));
        return left ? s + fill : fill + s;
    }

    private static String num(double v, int decimals) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "-"
                : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

}
