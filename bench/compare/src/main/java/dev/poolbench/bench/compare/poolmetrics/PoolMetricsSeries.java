package dev.poolbench.bench.compare.poolmetrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The per-second time series of a run: one point per scrape after the first. */
final class PoolMetricsSeries {

    /** Values over the interval ending at {@code seconds}; acquire/hold times in ms. */
    record Point(double seconds, double active, double idle, double pending, double max,
                 double acquires, PoolMetricsSummary.Percentiles acquireMillis,
                 PoolMetricsSummary.Percentiles holdMillis,
                 double createdTotal, double timeoutsTotal, double liveThreads, double processCpu) {
    }

    static final String HEADER = "seconds,active,idle,pending,max,acquires,"
            + "acquire_p50_ms,acquire_p99_ms,acquire_p999_ms,acquire_max_ms,"
            + "hold_p50_ms,hold_p99_ms,hold_p999_ms,hold_max_ms,"
            + "connections_opened_total,acquire_timeouts_total,jvm_threads_live,process_cpu_usage";

    private PoolMetricsSeries() {
    }

    static List<Point> of(List<Scrape> scrapes) {
        List<Point> points = new ArrayList<>();
        for (int i = 1; i < scrapes.size(); i++) {
            Scrape before = scrapes.get(i - 1);
            Scrape s = scrapes.get(i);
            org.HdrHistogram.Histogram acquire = PoolHistograms.minus(s.acquire(), before.acquire());
            org.HdrHistogram.Histogram hold = PoolHistograms.minus(s.hold(), before.hold());
            points.add(new Point(s.seconds(), s.active(), s.idle(), s.pending(), s.max(),
                    acquire == null ? Double.NaN : acquire.getTotalCount(),
                    PoolHistograms.percentiles(acquire), PoolHistograms.percentiles(hold),
                    s.createdTotal(), s.timeoutsTotal(), s.liveThreads(), s.processCpu()));
        }
        return points;
    }

    static String csv(List<Point> points) {
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        for (Point p : points) {
            out.append(String.join(",", n(p.seconds()), n(p.active()), n(p.idle()), n(p.pending()), n(p.max()),
                    n(p.acquires()), n(p.acquireMillis().p50()), n(p.acquireMillis().p99()),
                    n(p.acquireMillis().p999()), n(p.acquireMillis().max()), n(p.holdMillis().p50()),
                    n(p.holdMillis().p99()), n(p.holdMillis().p999()), n(p.holdMillis().max()),
                    n(p.createdTotal()), n(p.timeoutsTotal()), n(p.liveThreads()), n(p.processCpu())))
                    .append('\n');
        }
        return out.toString();
    }

    /** Empty for NaN, so spreadsheets see a gap rather than a zero. */
    private static String n(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.valueOf((long) v);
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
