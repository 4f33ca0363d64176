package dev.poolbench.bench.compare.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The load generator's {@code progress} lines of one run, with the runner's clock when each
 * arrived. Gives the run's start on the runner's clock (to schedule the fault and to line up
 * the database's and the pool's series), and a per-second series of passed checks and fails
 * when {@code result.json} has no {@code perSecond} array.
 */
final class ProgressLog {

    record Line(long nanos, long epochMillis, long elapsed, long success, long fail) {
    }

    private final List<Line> lines = new ArrayList<>();

    synchronized Line add(long elapsed, long success, long fail) {
        Line line = new Line(System.nanoTime(), System.currentTimeMillis(), elapsed, success, fail);
        lines.add(line);
        return line;
    }

    synchronized List<Line> lines() {
        return List.copyOf(lines);
    }

    /**
     * A line printed at elapsed e (whole seconds, truncated) came between e and e+1 s after the
     * start: the middle of that range is the estimate (error up to half a second).
     */
    static long startNanos(Line line) {
        return line.nanos() - line.elapsed() * 1_000_000_000L - 500_000_000L;
    }

    static long startEpochMillis(Line line) {
        return line.epochMillis() - line.elapsed() * 1_000L - 500L;
    }

    /**
     * Second k = the difference of the cumulative counts between the line of elapsed k-1 and
     * that of elapsed k. {@code passedPages} holds passed checks (pages and assets), the only
     * success count the progress lines carry.
     */
    static List<Second> seconds(List<Line> lines) {
        List<Second> seconds = new ArrayList<>();
        long prevSuccess = 0;
        long prevFail = 0;
        long prevElapsed = 0;
        for (Line l : lines) {
            if (l.elapsed() <= prevElapsed && !seconds.isEmpty()) {
                continue;
            }
            seconds.add(new Second((int) Math.max(1, l.elapsed()), l.success() - prevSuccess, l.fail() - prevFail,
                    -1, -1, Map.of(), -1));
            prevSuccess = l.success();
            prevFail = l.fail();
            prevElapsed = l.elapsed();
        }
        return seconds;
    }
}
