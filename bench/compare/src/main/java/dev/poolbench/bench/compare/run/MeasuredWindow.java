package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.machine.DisturbanceSentinel;
import dev.poolbench.bench.compare.machine.DisturbanceThresholds;
import dev.poolbench.bench.compare.machine.OwnProcesses;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSampler;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.DoubleSupplier;

/**
 * The samplers of one measured window, started when the measured load begins (after the
 * warm-up): the pool's own figures (a scrape of the app's meters once a second), the
 * disturbance sentinel (everything on the machine that is not the comparison), the proxy's CPU.
 */
final class MeasuredWindow {

    private final OwnProcesses ownProcesses;
    private final DoubleSupplier proxyCpuSeconds;
    private final DisturbanceThresholds thresholds;
    private volatile PoolMetricsSampler poolSampler;
    private volatile DisturbanceSentinel sentinel;
    private volatile long startNanos;
    private volatile double proxyCpuStart = Double.NaN;
    private volatile Instant from;

    MeasuredWindow(OwnProcesses ownProcesses, DoubleSupplier proxyCpuSeconds, DisturbanceThresholds thresholds) {
        this.ownProcesses = ownProcesses;
        this.proxyCpuSeconds = proxyCpuSeconds;
        this.thresholds = thresholds;
    }

    /** The measured window begins now. */
    void begin(URI metricsUrl, Path runDir) {
        poolSampler = PoolMetricsSampler.start(metricsUrl, runDir);
        sentinel = DisturbanceSentinel.start(ownProcesses);
        proxyCpuStart = proxyCpuSeconds.getAsDouble();
        startNanos = System.nanoTime();
        from = Instant.now();
    }

    /** The load generator's seconds left, so the sentinel can tell the measured load from the settle after it. */
    void loadProgress(long left) {
        DisturbanceSentinel s = sentinel;
        if (s != null) {
            s.loadProgress(left);
        }
    }

    /**
     * The load JVM has ended after a measured window: the window's figures into the outcome.
     *
     * @throws IllegalStateException when the load JVM ended before its measured part began
     */
    void end(RunOutcome outcome, Path runDir, Path gcLog, int durationSeconds) {
        if (sentinel == null) {
            throw new IllegalStateException("load run failed (exit " + outcome.loadExit + ") before its measured part: "
                    + lastLine(runDir.resolve("load.log")));
        }
        outcome.measureFrom = from;
        outcome.measureTo = Instant.now();
        outcome.proxyCpuSeconds = proxyCpuSeconds.getAsDouble() - proxyCpuStart;
        sentinel.loadPhases(startNanos, System.nanoTime(), outcome.timings);
        outcome.disturbance = stopSentinel(runDir, gcLog);
        long measureMillis = (System.nanoTime() - startNanos) / 1_000_000;
        outcome.timings.put("measureMillis", measureMillis);
        outcome.timings.put("measureOverheadMillis", Math.max(0, measureMillis - durationSeconds * 1_000L));
    }

    /** Stops the samplers still running, also after a failure (the pool sampler first, as it was started first). */
    void stop(RunOutcome outcome, Path runDir, Path gcLog) {
        if (poolSampler != null) {
            outcome.poolMetrics = poolSampler.stop();
            poolSampler = null;
        }
        if (sentinel != null && outcome.disturbance == null) {
            outcome.disturbance = stopSentinel(runDir, gcLog);
        }
    }

    private ObjectNode stopSentinel(Path runDir, Path gcLog) {
        Path resultFile = runDir.resolve("result.json");
        JsonNode result = null;
        try {
            result = Files.isRegularFile(resultFile) ? Json.read(resultFile) : null;
        } catch (IOException | RuntimeException e) {
            // no load generator figure for this run
        }
        return sentinel.stop(gcLog, result, thresholds);
    }

    static String lastLine(Path log) {
        return AppProcess.tail(log, 1).strip();
    }
}
