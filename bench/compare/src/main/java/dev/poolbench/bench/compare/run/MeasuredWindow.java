package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.launch.AppProcess;
import dev.poolbench.bench.compare.machine.DisturbanceSentinel;
import dev.poolbench.bench.compare.machine.DisturbanceThresholds;
import dev.poolbench.bench.compare.machine.OwnProcesses;
import dev.poolbench.bench.compare.outcomes.RunOutcome;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSampler;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * The samplers of one measured window, started when the measured load begins (after the
 * warm-up): per lane the pool's own figures (a scrape of the app's meters once a second); for
 * the window the disturbance sentinel (everything on the machine that is not the comparison)
 * and the proxy's CPU. A duet's two lanes share the window's disturbance record: it is taken
 * once, when the first lane's load JVM ends (its GC log and load generator figures).
 */
final class MeasuredWindow {

    private final OwnProcesses ownProcesses;
    private final DoubleSupplier proxyCpuSeconds;
    private final DisturbanceThresholds thresholds;
    private final PoolMetricsSampler[] poolSamplers;
    private volatile DisturbanceSentinel sentinel;
    private volatile long startNanos;
    private volatile double proxyCpuStart = Double.NaN;
    private volatile Instant from;
    private ObjectNode disturbance;
    private double proxyCpuUsed = Double.NaN;

    MeasuredWindow(OwnProcesses ownProcesses, DoubleSupplier proxyCpuSeconds, DisturbanceThresholds thresholds,
                   int lanes) {
        this.ownProcesses = ownProcesses;
        this.proxyCpuSeconds = proxyCpuSeconds;
        this.thresholds = thresholds;
        this.poolSamplers = new PoolMetricsSampler[lanes];
    }

    /** The measured window begins now, for every lane at once. */
    void begin(List<URI> metricsUrls, List<Path> runDirs) {
        for (int i = 0; i < poolSamplers.length; i++) {
            poolSamplers[i] = PoolMetricsSampler.start(metricsUrls.get(i), runDirs.get(i));
        }
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
     * A lane's load JVM has ended after its measured window: the window's figures into the lane's outcome.
     *
     * @throws IllegalStateException when the load JVM ended before the measured window began
     */
    synchronized void end(RunOutcome outcome, Path runDir, Path gcLog, int durationSeconds) {
        if (sentinel == null) {
            throw new IllegalStateException("load run failed (exit " + outcome.loadExit + ") before its measured part: "
                    + lastLine(runDir.resolve("load.log")));
        }
        long endNanos = System.nanoTime();
        outcome.measureFrom = from;
        outcome.measureTo = Instant.now();
        if (disturbance == null) {
            proxyCpuUsed = proxyCpuSeconds.getAsDouble() - proxyCpuStart;
            sentinel.loadPhases(startNanos, endNanos, outcome.timings);
            disturbance = stopSentinel(runDir, gcLog);
        } else {
            sentinel.loadPhases(startNanos, endNanos, outcome.timings);
        }
        outcome.proxyCpuSeconds = proxyCpuUsed;
        outcome.disturbance = disturbance.deepCopy();
        long measureMillis = (endNanos - startNanos) / 1_000_000;
        outcome.timings.put("measureMillis", measureMillis);
        outcome.timings.put("measureOverheadMillis", Math.max(0, measureMillis - durationSeconds * 1_000L));
    }

    /** Stops a lane's pool sampler and, once, the sentinel, also after a failure. */
    synchronized void stop(int lane, RunOutcome outcome, Path runDir, Path gcLog) {
        if (poolSamplers[lane] != null) {
            outcome.poolMetrics = poolSamplers[lane].stop();
            poolSamplers[lane] = null;
        }
        if (sentinel != null && outcome.disturbance == null) {
            if (disturbance == null) {
                disturbance = stopSentinel(runDir, gcLog);
            }
            outcome.disturbance = disturbance.deepCopy();
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
