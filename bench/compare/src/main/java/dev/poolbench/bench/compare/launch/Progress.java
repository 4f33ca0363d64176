package dev.poolbench.bench.compare.launch;

import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.util.Durations;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The status line of a running comparison: which run, which phase, seconds left, live
 * success/fail and the overall ETA. On a terminal it is redrawn in place with {@code \r};
 * otherwise (CI, a pipe) a plain line is printed on every phase change and every ~5 s.
 */
public final class Progress implements AutoCloseable {

    private static final long PLAIN_INTERVAL_NANOS = 5_000_000_000L;

    private final PrintStream out;
    private final boolean tty;
    private int totalRuns;
    private final long nominalRunMillis;
    private final Thread ticker;

    private String runLabel = "";
    private int runIndex;
    private String phase = "prepare";
    private boolean loadStarting;
    private long phaseEndNanos;
    private long success = -1;
    private long fail = -1;
    private long runStartNanos;
    private long finishedMillis;
    private int finishedRuns;
    private long lastPlainNanos;
    private int lastWidth;

    /** @param nominalRunMillis warm-up + measured time of one run (the fixed cost is learned) */
    public Progress(PrintStream out, boolean tty, int totalRuns, long nominalRunMillis) {
        this.out = out;
        this.tty = tty;
        this.totalRuns = totalRuns;
        this.nominalRunMillis = nominalRunMillis;
        this.ticker = new Thread(this::tick, "poolbench-progress");
        this.ticker.setDaemon(true);
        this.ticker.start();
    }

    public static boolean isTerminal() {
        return System.console() != null && System.getenv("CI") == null;
    }

    /** An adaptive plan (--until-decided, a size search) adds rounds as it goes. */
    public synchronized void totalRuns(int runs) {
        totalRuns = runs;
    }

    /** Index of the next run: one more than the last started. */
    public synchronized int nextIndex() {
        return runIndex + 1;
    }

    /** Runs added after the plan (re-runs of disturbed runs). */
    public synchronized void addRuns(int n) {
        totalRuns += n;
    }

    public synchronized void runStarted(int index, String label) {
        runIndex = index;
        runLabel = label;
        runStartNanos = System.nanoTime();
        success = -1;
        fail = -1;
    }

    /** @param seconds expected length of the phase, or 0 when unknown */
    public synchronized void phase(String name, long seconds) {
        phase = name;
        phaseEndNanos = seconds > 0 ? System.nanoTime() + seconds * 1_000_000_000L : 0;
        // A load phase counts down only once the load JVM reports; until then it is starting.
        loadStarting = name.equals("warm-up") || name.equals("measure");
        success = -1;
        fail = -1;
        render(true);
    }

    /** A {@code progress} line of the load generator. */
    public synchronized void live(long left, long success, long fail) {
        boolean first = loadStarting;
        loadStarting = false;
        this.success = success;
        this.fail = fail;
        if (left == 0 && ("measure".equals(phase) || "warm-up".equals(phase))) {
            phase = "measure".equals(phase) ? "report-check" : "warm-up finishing";
            phaseEndNanos = 0;
            render(true);
            return;
        }
        if (phaseEndNanos != 0 || first) {
            this.phaseEndNanos = left > 0 ? System.nanoTime() + left * 1_000_000_000L : 0;
        }
        render(first);
    }

    public synchronized void runFinished() {
        finishedRuns++;
        finishedMillis += (System.nanoTime() - runStartNanos) / 1_000_000;
    }

    /** A line that stays (the status line is redrawn below it). */
    public synchronized void message(String line) {
        clear();
        out.println(line);
        render(true);
    }

    private synchronized void tick() {
        while (true) {
            try {
                wait(1_000);
            } catch (InterruptedException e) {
                return;
            }
            render(false);
        }
    }

    private void render(boolean changed) {
        if (runIndex == 0) {
            return;
        }
        long now = System.nanoTime();
        if (!tty && !changed && now - lastPlainNanos < PLAIN_INTERVAL_NANOS) {
            return;
        }
        StringBuilder line = new StringBuilder();
        line.append('[').append(runIndex).append('/').append(totalRuns).append("] ").append(runLabel)
                .append(" | ").append(phase);
        if (loadStarting) {
            line.append(" (load starting)");
        } else if (phaseEndNanos > 0) {
            line.append(' ').append(Math.max(0, (phaseEndNanos - now) / 1_000_000_000L)).append("s left");
        }
        if (success >= 0) {
            line.append(" | success ").append(success).append(" fail ").append(fail);
        }
        line.append(" | ETA ").append(Durations.format(etaMillis(now)));
        if (tty) {
            String text = line.toString();
            out.print("\r" + text + " ".repeat(Math.max(0, lastWidth - text.length())));
            lastWidth = text.length();
            out.flush();
        } else {
            out.println(line);
        }
        lastPlainNanos = now;
    }

    private long etaMillis(long now) {
        long perRun = finishedRuns == 0 ? nominalRunMillis + 30_000 : finishedMillis / finishedRuns;
        if (finishedRuns >= runIndex) {
            return (long) (totalRuns - runIndex) * perRun;
        }
        long inRun = (now - runStartNanos) / 1_000_000;
        long remaining = (long) (totalRuns - runIndex + 1) * perRun - Math.min(inRun, perRun);
        return Math.max(0, remaining);
    }

    private void clear() {
        if (tty && lastWidth > 0) {
            out.print("\r" + " ".repeat(lastWidth) + "\r");
            lastWidth = 0;
        }
    }

    @Override
    public synchronized void close() {
        ticker.interrupt();
        clear();
        out.flush();
    }

    public static String label(RunPlan.Planned p, int rounds) {
        String variant = p.variant().shortLabel();
        return String.format(Locale.ROOT, "%s%s%s round %d/%d", p.profile(),
                p.poolSize() == null ? "" : " size " + p.poolSize(), variant.isEmpty() ? "" : " " + variant,
                p.round(), rounds);
    }
}
