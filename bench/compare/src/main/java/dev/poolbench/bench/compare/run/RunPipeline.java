package dev.poolbench.bench.compare.run;

import dev.poolbench.bench.compare.plan.RunPlan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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
final class RunPipeline implements AutoCloseable {

    /** The app JVM and the load JVM of one run, started and not yet used. */
    record Prepared(String dirName, AppLaunch app, LoadProcess.Started load) {
        void discard() {
            load.discard();
            AppProcess.stop(app.process());
        }
    }

    /** Starts both JVMs of a planned run into the run directory {@code dirName}. */
    interface Preparer {
        Prepared prepare(RunPlan.Planned planned, String dirName) throws IOException;
    }

    private final Consumer<String> log;
    private Prepared ahead;
    private final List<Thread> stopping = new ArrayList<>();
    private boolean closed;

    RunPipeline(Consumer<String> log) {
        this.log = log;
    }

    /**
     * Starts the JVMs of the run that comes next, unless done already; a failure only costs the
     * head start (the run then starts them itself and reports what goes wrong).
     */
    void prepareAhead(RunPlan.Planned next, Preparer preparer) {
        synchronized (this) {
            if (closed || ahead != null) {
                return;
            }
        }
        Prepared prepared;
        try {
            prepared = preparer.prepare(next, next.dirName());
        } catch (IOException | RuntimeException e) {
            log.accept("could not start run " + next.dirName() + " ahead (" + e.getMessage() + "); it starts in turn");
            return;
        }
        synchronized (this) {
            if (!closed && ahead == null) {
                ahead = prepared;
                return;
            }
        }
        prepared.discard();
    }

    /** The JVMs started ahead for run {@code dirName}, or null (none, another run's, or no longer running). */
    Prepared take(String dirName) {
        Prepared p;
        synchronized (this) {
            p = ahead;
            ahead = null;
        }
        if (p == null) {
            return null;
        }
        if (p.dirName().equals(dirName) && p.app().process().isAlive() && p.load().process().isAlive()) {
            return p;
        }
        p.discard();
        return null;
    }

    /** Stops an app JVM in the background (SIGTERM, killed after 15 s). */
    synchronized void retire(Process app) {
        if (app == null) {
            return;
        }
        Thread t = new Thread(() -> AppProcess.stop(app), "poolbench-app-stop");
        t.setDaemon(true);
        t.start();
        stopping.add(t);
    }

    /** Waits until every retired app JVM has stopped; returns how long that took. */
    long awaitRetired() throws InterruptedException {
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
        Prepared p;
        synchronized (this) {
            closed = true;
            p = ahead;
            ahead = null;
        }
        if (p != null) {
            p.discard();
        }
        try {
            awaitRetired();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
