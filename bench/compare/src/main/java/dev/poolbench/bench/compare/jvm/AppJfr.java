package dev.poolbench.bench.compare.jvm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * A JFR recording in the app JVM of each run, for what virtual threads change: the
 * {@code jdk.VirtualThreadPinned} events (a virtual thread that blocked while it could not leave
 * its carrier thread; threshold 0 ms, so every one counts, not only those over JFR's default
 * 20 ms) and the carrier threads the virtual-thread scheduler started. The settings file enables
 * only these two events and thread starts, so the recording costs next to nothing; it is on for
 * every run of a comparison whose plan has virtual threads (platform runs too, so both pay the
 * same), off otherwise. The recording is dumped when the app stops; the runner reads it with
 * {@link RecordingFile} (JDK 17 reads JDK 25's files) and keeps the events of the measured window.
 */
public final class AppJfr {

    static final String FILE = "app.jfr";
    public static final String SETTINGS_FILE = "poolbench-threads.jfc";
    /** Threads of the virtual-thread scheduler's pool are in this thread group (JDK 21+). */
    static final String CARRIER_GROUP = "CarrierThreads";

    private static final String SETTINGS = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- poolbench: virtual-thread pinning and carrier threads only (bench/compare AppJfr). -->
            <configuration version="2.0" label="poolbench threads" description="Pinning and carrier threads"
                           provider="poolbench">
              <event name="jdk.VirtualThreadPinned">
                <setting name="enabled">true</setting>
                <setting name="stackTrace">true</setting>
                <setting name="threshold">0 ms</setting>
              </event>
              <event name="jdk.ThreadStart">
                <setting name="enabled">true</setting>
                <setting name="stackTrace">false</setting>
              </event>
            </configuration>
            """;

    private AppJfr() {
    }

    /** Writes the settings file into {@code dir} (the results directory) and returns it. */
    public static Path writeSettings(Path dir) throws IOException {
        return Files.writeString(dir.resolve(SETTINGS_FILE), SETTINGS, StandardCharsets.UTF_8);
    }

    /** The app JVM flag that records into {@code runDir/app.jfr}, written when the JVM exits. */
    public static List<String> flags(Path settings, Path runDir) {
        return List.of("-XX:StartFlightRecording=filename=" + runDir.toAbsolutePath().resolve(FILE)
                + ",settings=" + settings.toAbsolutePath() + ",dumponexit=true");
    }

    /**
     * The figures of {@code runDir/app.jfr} within [from, to] (the measured window).
     * {@code carrierThreads}: carrier threads started from the JVM's start to the end of the window
     * (the pool grows on demand and keeps idle carriers for a while); {@code carrierThreadsInWindow}:
     * of those, started inside the window. Null values when there is no recording.
     */
    public static ObjectNode read(Path runDir, Instant from, Instant to) {
        ObjectNode n = Json.object();
        n.put("thresholdMillis", 0);
        Path file = runDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            n.putNull("pinnedEvents");
            n.put("error", "no " + FILE + " (the app JVM did not dump its recording)");
            return n;
        }
        long pinned = 0;
        double pinnedNanos = 0;
        Map<String, Integer> reasons = new TreeMap<>();
        Set<Long> carriers = new HashSet<>();
        Set<Long> carriersInWindow = new HashSet<>();
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                Instant at = e.getStartTime();
                switch (e.getEventType().getName()) {
                    case "jdk.VirtualThreadPinned" -> {
                        if (!at.isBefore(from) && !at.isAfter(to)) {
                            pinned++;
                            pinnedNanos += e.getDuration().toNanos();
                            // pinnedReason exists from JDK 24 on (JEP 491 left few reasons to pin).
                            if (e.hasField("pinnedReason") && e.getString("pinnedReason") != null) {
                                reasons.merge(e.getString("pinnedReason"), 1, Integer::sum);
                            }
                        }
                    }
                    case "jdk.ThreadStart" -> {
                        RecordedThread t = e.getThread("thread");
                        if (t != null && isCarrier(t) && !at.isAfter(to)) {
                            carriers.add(t.getJavaThreadId());
                            if (!at.isBefore(from)) {
                                carriersInWindow.add(t.getJavaThreadId());
                            }
                        }
                    }
                    default -> {
                    }
                }
            }
        } catch (IOException e) {
            n.putNull("pinnedEvents");
            n.put("error", "cannot read " + file + ": " + e.getMessage());
            return n;
        }
        n.put("pinnedEvents", pinned);
        n.put("pinnedMillis", pinnedNanos / 1e6);
        ObjectNode r = n.putObject("pinnedReasons");
        reasons.forEach(r::put);
        n.put("carrierThreads", carriers.size());
        n.put("carrierThreadsInWindow", carriersInWindow.size());
        return n;
    }

    /** A worker of the virtual-thread scheduler (not its delay-scheduler thread, JDK 25). */
    static boolean isCarrier(RecordedThread t) {
        return t.getThreadGroup() != null && CARRIER_GROUP.equals(t.getThreadGroup().getName())
                && t.getJavaName() != null && t.getJavaName().contains("-worker-");
    }
}
