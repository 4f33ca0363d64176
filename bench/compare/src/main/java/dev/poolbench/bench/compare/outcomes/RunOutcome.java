package dev.poolbench.bench.compare.outcomes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.launch.PlantCheck;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSummary;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one measured run found, gathered step by step and turned into its record at the end
 * ({@link RunRecords#assemble}). Steps on the load JVM's reading thread write some of it, so the
 * collections are written before the run's end and read only after it.
 */
public final class RunOutcome {

    public final long startNanos = System.nanoTime();
    public final Map<String, Long> timings = java.util.Collections.synchronizedMap(new LinkedHashMap<>());
    public final List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
    public JsonNode settings;
    /** The app's plant counter after the load ({@link PlantCheck}); null when not read. */
    public PlantCheck.After plantAfter;
    public JsonNode result;
    public int loadExit = -1;
    public PoolMetricsSummary poolMetrics;
    public ObjectNode disturbance;
    public double proxyCpuSeconds = Double.NaN;
    /** The CPUs the app JVM may run on, read back (local runs). */
    public String appCpus;
    /** Its lane's placement and the CPUs its processes' threads were allowed, read at the measured load's end. */
    public JsonNode placement;
    /** Whether the app and load JVMs were started during the previous run's report check (local runs). */
    public Boolean startedAhead;
    public Instant measureFrom;
    public Instant measureTo;
    /** When the line that starts the measured load was sent ({@link System#nanoTime()}), 0 before. */
    public volatile long measureSentNanos;

    /** A failure of the run itself: its first line is the problem. */
    public void failed(Exception e) {
        problems.add(String.valueOf(e.getMessage()).lines().findFirst().orElse(e.toString()));
    }

    /** Reads the load generator's result.json and closes the run's timings. */
    public void finish(Path runDir, int durationSeconds) throws IOException {
        Path resultFile = runDir.resolve("result.json");
        if (Files.isRegularFile(resultFile)) {
            result = Json.read(resultFile);
        }
        long total = (System.nanoTime() - startNanos) / 1_000_000;
        timings.put("totalMillis", total);
        timings.put("fixedCostMillis", total - timings.getOrDefault("warmupMillis", 0L) - durationSeconds * 1_000L);
    }

    public static long timed(Runnable action) {
        long t = System.nanoTime();
        action.run();
        return (System.nanoTime() - t) / 1_000_000;
    }
}
