package dev.poolbench.bench.compare.faultlogs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The load generator's {@code progress} lines of one run, with the runner's clock when each
 * arrived. Gives the run's start on the runner's clock (to schedule the fault and to line up
 * the database's and the pool's series), and a per-second series of passed checks and fails
 * when {@code result.json} has no {@code perSecond} array. Saved as {@value #FILE}, one line each:
 * the epoch milliseconds of its arrival, a tab, the load's line; Ansible's {@code faults.yml}
 * writes the same file on the bench host (bash's {@code EPOCHREALTIME} as each line arrives).
 */
public final class ProgressLog {

    public static final String FILE = "progress.tsv";

    /** @param nanos the runner's monotonic clock at arrival; 0 for lines read back from {@value #FILE} */
    public record Line(long nanos, long epochMillis, long elapsed, long success, long fail) {
    }

    private final List<Line> lines = new ArrayList<>();

    public synchronized Line add(long elapsed, long success, long fail) {
        Line line = new Line(System.nanoTime(), System.currentTimeMillis(), elapsed, success, fail);
        lines.add(line);
        return line;
    }

    public synchronized List<Line> lines() {
        return List.copyOf(lines);
    }

    /**
     * A line printed at elapsed e (whole seconds, truncated) came between e and e+1 s after the
     * start: the middle of that range is the estimate (error up to half a second).
     */
    public static void write(Path file, List<Line> lines) throws IOException {
        StringBuilder out = new StringBuilder();
        for (Line l : lines) {
            out.append(l.epochMillis()).append("\tprogress\telapsed:").append(l.elapsed()).append("\tsuccess:")
                    .append(l.success()).append("\tfail:").append(l.fail()).append('\n');
        }
        Files.writeString(file, out, StandardCharsets.UTF_8);
    }

    /**
     * The lines of {@value #FILE}, in order; lines that are not a time and a {@code progress}
     * line are skipped (a line cut short by a killed run). Empty when the file is missing.
     */
    public static List<Line> read(Path file) throws IOException {
        List<Line> lines = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return lines;
        }
        for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] fields = text.split("\t");
            if (fields.length < 2 || !fields[1].equals("progress")) {
                continue;
            }
            try {
                long epochMillis = Long.parseLong(fields[0].strip());
                long elapsed = -1;
                long success = 0;
                long fail = 0;
                for (int i = 2; i < fields.length; i++) {
                    String[] kv = fields[i].split(":", 2);
                    if (kv.length == 2) {
                        switch (kv[0]) {
                            case "elapsed" -> elapsed = Long.parseLong(kv[1].strip());
                            case "success" -> success = Long.parseLong(kv[1].strip());
                            case "fail" -> fail = Long.parseLong(kv[1].strip());
                            default -> { }
                        }
                    }
                }
                if (elapsed >= 0) {
                    lines.add(new Line(0, epochMillis, elapsed, success, fail));
                }
            } catch (NumberFormatException e) {
                // a torn line: skip it
            }
        }
        return lines;
    }

    public static long startNanos(Line line) {
        return line.nanos() - line.elapsed() * 1_000_000_000L - 500_000_000L;
    }

    public static long startEpochMillis(Line line) {
        return line.epochMillis() - line.elapsed() * 1_000L - 500L;
    }

    /**
     * Second k = the difference of the cumulative counts between the line of elapsed k-1 and
     * that of elapsed k. {@code passedPages} holds passed checks (pages and assets), the only
     * success count the progress lines carry.
     */
    public static List<Second> seconds(List<Line> lines) {
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
