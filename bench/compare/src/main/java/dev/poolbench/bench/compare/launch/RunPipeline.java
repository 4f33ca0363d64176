package dev.poolbench.bench.compare.launch;

import dev.poolbench.bench.compare.plan.RunPlan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Hides the start-up of the next run behind the tail of the current one. After the measured
 * load ends, the load JVM waits 5 s (the original benchmarker's settle) and checks
 * {@code /report}; meanwhile the next run's app JVM and load JVM start ({@link #prepareAhead}).
 * Both only read (the app connects its pool, the load JVM reads its data and then waits for a
 * line), so the report check sees the database as the run left it; the next run resets it once
 * the check is over. The old app JVM is stopped in the background ({@link #retire}) while the
 * next run resets the database, and the next run waits for that stop before its load starts
 * ({@link #awaitRetired}), so no app of an earlier run runs in a measured window.
 *
 * <p>Whatever was started ahead and not taken (the plan went elsewhere, Ctrl-C, the last run,
 * a failure) is stopped by {@link #close}: no JVM stays behind.
 */
public final class RunPipeline implements AutoCloseable {

    /** The app JVM and the load JVM of one run, started and not yet used. */
    public record Prepared(String dirName, AppLaunch app, LoadProcess.Started load) {
        void discard() {
            load.discard();
            AppProcess.stop(app.process());
        }
    }

    /** Starts both JVMs of a planned run into the run directory {@code dirName}. */
    public interface Preparer {
        Prepared prepare(RunPlan.Planned planned, String dirName) throws IOException;
    }

    private final Consumer<String> log;
    /** By run directory name: one per lane of the next window. */
    private final Map<String, Prepared> ahead = new LinkedHashMap<>();
    private final List<Thread> stopping = new ArrayList<>();
    private boolean closed;

    public RunPipeline(Consumer<String> log) {
        this.log = log;
    }

    /**
     * Starts the JVMs of the runs of the window that comes next (one per lane), unless done
     * already; a failure only costs the head start (the run then starts them itself and reports
     * what goes wrong).
     */
    public void prepareAhead(List<RunPlan.Planned> next, Preparer preparer) {
        for (RunPlan.Planned planned : next) {
            synchronized (this) {
                if (closed || ahead.containsKey(planned.dirName())) {
                    continue;
                }
            }
            Prepared prepared;
            try {
                prepared = preparer.prepare(planned, planned.dirName());
            } catch (IOException | RuntimeException e) {
                log.accept("could not start run " + planned.dirName() + " ahead (" + e.getMessage()
                        + "); it starts in turn");
                continue;
            }
            synchronized (this) {
                if (!closed && !ahead.containsKey(planned.dirName())) {
                    ahead.put(planned.dirName(), prepared);
                    continue;
                }
            }
            prepared.discard();
        }
    }

    /** The JVMs started ahead for run {@code dirName}, or null (none, or no longer running). */
    public Prepared take(String dirName) {
        Prepared p;
        synchronized (this) {
            p = ahead.remove(dirName);
        }
        if (p == null) {
            return null;
        }
        if (p.app().process().isAlive() && p.load().process().isAlive()) {
            return p;
        }
        p.discard();
        return null;
    }

    /** Whatever was started ahead for runs other than these (the plan went elsewhere) is stopped. */
    public void discardAllBut(List<RunPlan.Planned> runs) {
        List<Prepared> stale = new ArrayList<>();
        synchronized (this) {
            ahead.entrySet().removeIf(e -> {
                boolean keep = runs.stream().anyMatch(r -> r.dirName().equals(e.getKey()));
                if (!keep) {
                    stale.add(e.getValue());
                }
                return !keep;
            });
        }
        stale.forEach(Prepared::discard);
    }

    /** Stops an app JVM in the background (SIGTERM, killed after 15 s). */
    public synchronized void retire(Process app) {
        if (app == null) {
            return;
        }
        Thread t = new Thread(() -> AppProcess.stop(app), "poolbench-app-stop");
        t.setDaemon(true);
        t.start();
        stopping.add(t);
    }

    /** Waits until every retired app JVM has stopped; returns how long that took. */
    public long awaitRetired() throws InterruptedException {
        long start = System.nanoTime();
        List<Thread> threads;
        synchronized (this) {
            threads = new ArrayList<>(stopping);
            stopping.clear();
        }
        for (Thread t : threads) {
            t.join();
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** Stops what was started ahead and waits for every stop (end of the comparison, failure, Ctrl-C). */
    @Override
    public void close() {
        List<Prepared> left;
        synchronized (this) {
            closed = true;
            left = new ArrayList<>(ahead.values());
            ahead.clear();
        }
        left.forEach(Prepared::discard);
        try {
            awaitRetired();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
