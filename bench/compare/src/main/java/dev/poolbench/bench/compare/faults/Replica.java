package dev.poolbench.bench.compare.faults;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.faultplan.FaultCase;
import dev.poolbench.bench.compare.launch.AppProcess;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSampler;
import dev.poolbench.bench.compare.util.FreePort;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One app JVM of max-connections besides the run's own ({@link RollingUpdate}): started on free
 * ports in a directory of its own (a child of the runner, or a systemd unit on a host:
 * {@link ReplicaUnit}), probed on its health (the app's "db" indicator runs
 * {@code SELECT 1} through the pool, so UP means it can serve a login; DOWN or no answer after
 * its first answer is an error a client sent there would get), its pool's connections read from
 * its own gauges. Its figures collect in {@link #record}, a part of {@code replicas.json}.
 */
final class Replica {

    /** How often a replica is probed while the update waits for it. */
    private static final long PROBE_INTERVAL_MILLIS = 200;
    /** How long a probe may outlast the wait it was sent in. */
    private static final long GRACE_NANOS = 2_000_000_000L;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** A replica's JVM, wherever it runs. */
    interface Jvm {
        boolean isAlive();

        /** Its exit status, once it is not alive. */
        int exitValue();

        /** Sent SIGTERM now; {@link #stop} waits for it. */
        void destroy();

        /** Stopped gracefully (its pool closes its connections), killed after 15 s. */
        void stop();
    }

    final String name;
    final ObjectNode record = Json.object();
    private final Jvm jvm;
    private final URI management;
    private final Path log;
    /** A health probe waits for the pool's wait, and 2 s more for the answer (less at the end of a wait). */
    private final Duration probeTimeout;
    private final long startNanos = System.nanoTime();
    private long answeredNanos = -1;
    private long servedNanos = -1;
    private int probes;
    private int probeErrors;

    Replica(String name, Jvm jvm, URI management, Path log, Duration probeTimeout) {
        this.name = name;
        this.jvm = jvm;
        this.management = management;
        this.log = log;
        this.probeTimeout = probeTimeout;
        record.put("name", name);
    }

    /** A replica of the run's profile, store and settings with {@code heap}, in {@code dir}; stopped on Ctrl-C too. */
    static Replica start(FaultRun.Setup s, FaultCase planned, String name, Path dir, String heap) throws IOException {
        int managementPort = FreePort.next();
        Process process = FaultApp.start(s, planned, FreePort.next(), managementPort, heap, dir);
        s.replicas().add(process);
        Jvm jvm = new Jvm() {
            @Override
            public boolean isAlive() {
                return process.isAlive();
            }

            @Override
            public int exitValue() {
                return process.exitValue();
            }

            @Override
            public void destroy() {
                process.destroy();
            }

            @Override
            public void stop() {
                AppProcess.stop(process);
                s.replicas().remove(process);
            }
        };
        return new Replica(name, jvm, URI.create("http://127.0.0.1:" + managementPort), dir.resolve("app.log"),
                probeTimeout(s.options().poolWaitMillis));
    }

    /** A health probe waits for the pool's wait, and 2 s more for the answer. */
    static Duration probeTimeout(int poolWaitMillis) {
        return Duration.ofMillis(poolWaitMillis + 2_000L);
    }

    boolean served() {
        return servedNanos >= 0;
    }

    /**
     * Probes until the replica serves or has exited, or {@code millis} have passed; with
     * {@code untilAnswer} also stops at its first answer of any kind (it started).
     */
    void await(long millis, boolean untilAnswer) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (jvm.isAlive() && !served() && !(untilAnswer && answeredNanos >= 0)
                && System.nanoTime() < deadline) {
            // A probe outlasts the wait by 2 s at most: the update's steps keep their time.
            probe(Duration.ofNanos(Math.min(probeTimeout.toNanos(), deadline - System.nanoTime() + GRACE_NANOS)));
            if (!served()) {
                Thread.sleep(PROBE_INTERVAL_MILLIS);
            }
        }
        if (!jvm.isAlive() && !record.has("exitStatus")) {
            record.put("exitStatus", jvm.exitValue());
            record.put("exitLine", lastErrorLine(log));
        }
    }

    private void probe(Duration timeout) throws InterruptedException {
        boolean up;
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(management.resolve("/actuator/health"))
                    .timeout(timeout).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (answeredNanos < 0) {
                answeredNanos = System.nanoTime();
            }
            up = r.statusCode() == 200 && r.body().contains("\"UP\"");
        } catch (IOException e) {
            up = false;
        }
        if (up && servedNanos < 0) {
            servedNanos = System.nanoTime();
        }
        // Before its first answer the replica is starting, not failing a client.
        if (answeredNanos >= 0) {
            probes++;
            probeErrors += up ? 0 : 1;
        }
    }

    /** The replica's figures so far: seconds from its start to its first answer and first service, probes. */
    ObjectNode figures(long updateStartNanos) {
        record.put("startedSecond", seconds(updateStartNanos, startNanos));
        record.put("answeredSeconds", answeredNanos < 0 ? null : seconds(startNanos, answeredNanos));
        record.put("servesSeconds", servedNanos < 0 ? null : seconds(startNanos, servedNanos));
        record.put("probes", probes);
        record.put("probeErrors", probeErrors);
        return record;
    }

    /** When it first served, in {@link System#nanoTime} (only if {@link #served}). */
    long servedNanos() {
        return servedNanos;
    }

    /** The pool's connections now (active + idle), or null when the replica does not answer. */
    Double connections() {
        return jvm.isAlive() ? connectionsHeld(management) : null;
    }

    /** The connections of the pool of the app at {@code management} (its gauges), or null when unread. */
    static Double connectionsHeld(URI management) {
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(management.resolve("/actuator/prometheus"))
                    .header("Accept", "text/plain;version=0.0.4").timeout(Duration.ofSeconds(5)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            double held = r.statusCode() == 200 ? PoolMetricsSampler.connectionsHeld(r.body()) : Double.NaN;
            return Double.isNaN(held) ? null : held;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Sent SIGTERM now; {@link #stop} waits for it. */
    void destroy() {
        jvm.destroy();
    }

    /** Stopped gracefully (its pool closes its connections), killed after 15 s. */
    void stop() {
        jvm.stop();
    }

    /** The last line of the log that names an error, else its last line: why a replica exited. */
    static String lastErrorLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String line = lines.get(i);
                if (line.contains("ERROR") || line.contains("Exception:")) {
                    return line.strip();
                }
            }
            return lines.isEmpty() ? "(empty log)" : lines.get(lines.size() - 1).strip();
        } catch (IOException | RuntimeException e) {
            return "(cannot read " + log + ": " + e + ")";
        }
    }

    private static double seconds(long fromNanos, long toNanos) {
        return Math.round((toNanos - fromNanos) / 1e7) / 100.0;
    }
}
