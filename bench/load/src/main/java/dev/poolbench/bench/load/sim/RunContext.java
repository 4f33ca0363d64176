package dev.poolbench.bench.load.sim;

import dev.poolbench.bench.load.Config;
import dev.poolbench.bench.load.check.AssetManifest;
import dev.poolbench.bench.load.model.ClientModel;
import dev.poolbench.bench.load.model.Worker;
import dev.poolbench.bench.load.score.Scorer;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Everything one run shares between {@code LoadMain} and the simulation. Gatling instantiates
 * the simulation itself (no-arg constructor), so the run hands it over through {@link #current}.
 */
public final class RunContext {
    private static volatile RunContext current;

    public final Config config;
    public final ClientModel model;
    public final Scorer scorer;
    public final AssetManifest manifest;
    private final AtomicInteger workers = new AtomicInteger();

    private volatile long startNanos;
    private volatile long deadlineNanos = Long.MAX_VALUE;
    private volatile long endNanos;
    private volatile long cpuStartNanos = -1;
    private volatile long cpuEndNanos = -1;
    private volatile long startEpochMillis;

    public RunContext(Config config, ClientModel model, Scorer scorer, AssetManifest manifest) {
        this.config = config;
        this.model = model;
        this.scorer = scorer;
        this.manifest = manifest;
    }

    public static RunContext current() {
        RunContext c = current;
        if (c == null) {
            throw new IllegalStateException("no run context: start the simulation through LoadMain");
        }
        return c;
    }

    public static void install(RunContext c) {
        current = c;
    }

    Worker newWorker() {
        start();
        return new Worker(workers.getAndIncrement(), model, config.seed);
    }

    /** A worker of the load jump, made when the jump starts (after the run's own workers took their lists). */
    Worker newJumpWorker() {
        scorer.jump().joined();
        return new Worker(workers.getAndIncrement(), model, config.seed);
    }

    /** How long a jump worker waits for the jump (the run started: {@link #start} ran). */
    java.time.Duration untilJump() {
        return java.time.Duration.ofNanos(scorer.jump().untilStartNanos(System.nanoTime()));
    }

    /**
     * Whether a jump worker starts another flow: the jump and the run are not over (a pause that
     * ends a hair before the jump's start still counts as in it).
     */
    boolean inJump() {
        return !timeUp() && !scorer.jump().over(System.nanoTime());
    }

    /**
     * How long a worker waits before its next flow: until the pause's end when now is inside the
     * pause (--pause-at, --pause-seconds), else zero.
     */
    java.time.Duration untilResume() {
        if (config.pauseSeconds == 0) {
            return java.time.Duration.ZERO;
        }
        long t = System.nanoTime() - startNanos;
        long from = config.pauseAtSeconds * 1_000_000_000L;
        long to = from + config.pauseSeconds * 1_000_000_000L;
        return java.time.Duration.ofNanos(t >= from && t < to ? to - t : 0);
    }

    /** The measured window starts when the first worker does (Gatling's own start-up is not measured). */
    synchronized void start() {
        if (startNanos != 0) {
            return;
        }
        // A shared start instant (a duet): every worker waits here, on this monitor, until then.
        long waitMillis = config.startAtEpochMillis - System.currentTimeMillis();
        if (waitMillis > 0) {
            try {
                Thread.sleep(waitMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        cpuStartNanos = processCpuNanos();
        startEpochMillis = System.currentTimeMillis();
        startNanos = System.nanoTime();
        scorer.start(startNanos);
        deadlineNanos = startNanos + config.durationSeconds * 1_000_000_000L;
    }

    /** The last worker finished (or the grace period ran out). */
    void stop() {
        endNanos = System.nanoTime();
        cpuEndNanos = processCpuNanos();
    }

    boolean timeUp() {
        return System.nanoTime() >= deadlineNanos;
    }

    public boolean started() {
        return startNanos != 0;
    }

    public long elapsedMillis() {
        if (startNanos == 0) {
            return 0;
        }
        long end = endNanos != 0 ? endNanos : System.nanoTime();
        return (end - startNanos) / 1_000_000;
    }

    public long startEpochMillis() {
        return startEpochMillis;
    }

    /** CPU time of this JVM over the measured window, or -1 when unavailable. */
    public long cpuNanos() {
        if (cpuStartNanos < 0 || cpuEndNanos < 0) {
            return -1;
        }
        return cpuEndNanos - cpuStartNanos;
    }

    public static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getProcessCpuTime();
        }
        return -1;
    }
}
