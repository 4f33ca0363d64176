package dev.poolbench.bench.compare.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One {@code LoadMain run} in a child JVM. Its output goes to {@code load.log}; its
 * {@code progress} lines also feed the status line.
 */
public final class LoadProcess {

    public interface Listener {
        void progress(long left, long success, long fail);
    }

    public static final String LOAD_MAIN = "dev.poolbench.bench.load.LoadMain";
    /**
     * The load JVM's options: the two {@code --add-opens} Gatling needs, and C1 only
     * ({@code TieredStopAtLevel=1}): a run's load JVM lives about 90 s, and C2 was still
     * compiling Gatling and Netty 40 s into the measured minute (0.5-1.9 ms of CPU per passed
     * page on this 2-core machine, taken from the app), far more than C1's slower code costs
     * (bench/README.md, "What the load generator costs"). Ansible's bench.yml passes the same.
     */
    public static final List<String> LOAD_JVM_OPTIONS = List.of(
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
            "-XX:TieredStopAtLevel=1");

    /** The load JVMs being read now (one per lane of the measured window): what Ctrl-C stops, what counts as ours. */
    public static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

    /** Their pids, for the disturbance sentinel. */
    public static Set<Long> runningPids() {
        Set<Long> pids = new HashSet<>();
        RUNNING.forEach(p -> pids.add(p.pid()));
        return pids;
    }

    private LoadProcess() {
    }

    /** The load JVM's line after its in-JVM warm-up (bench/load RunCommand.WARMUP_DONE). */
    static final String WARMUP_DONE = "warmup-done";
    /** Started with {@code -Dpoolbench.awaitStart}: its data is read, it waits for a line (RunCommand.READY). */
    static final String READY = "ready";
    /** Started with {@code -Dpoolbench.awaitStart}: the measured load is over (RunCommand.LOAD_DONE). */
    static final String LOAD_DONE = "load-done";

    /** What the runner does at the load JVM's protocol lines; each runs on the reading thread. */
    public interface Hooks {
        /** On {@code ready}, before the line that starts the run is sent. */
        default void beforeStart() {
        }

        /** On {@code warmup-done}, before the line that starts the measured run is sent. */
        default void betweenWarmupAndMeasure() {
        }

        /** The line that starts the run after {@code ready}. */
        default String startLine() {
            return "start";
        }

        /** The line that starts the measured run after {@code warmup-done} ({@code at <epochMillis>}: at that instant). */
        default String measureLine() {
            return "measure";
        }

        /** On {@code load-done}: the measured load is over; the settle and the report check follow. */
        default void loadDone() {
        }
    }

    /** A load JVM started and not yet read from: it may have been started ahead of its run. */
    public record Started(Process process, long startNanos) {
        /** Stops a load JVM that will not be run after all (its run was not the one that came next), and waits for its end. */
        public void discard() {
            process.destroyForcibly();
            try {
                process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** @return the exit status of the run (0 valid, 1 invalid, 2 error) */
    public static int run(List<String> command, Path log, Listener listener) throws IOException, InterruptedException {
        return run(command, log, listener, null);
    }

    /**
     * As {@link #run(List, Path, Listener)}, for a load JVM started with an in-JVM warm-up that
     * waits for a line on stdin: on its {@code warmup-done} line, {@code betweenWarmupAndMeasure}
     * runs (the database reset, the measured window's samplers), then the line that starts the
     * measured run is sent.
     */
    public static int run(List<String> command, Path log, Listener listener, Runnable betweenWarmupAndMeasure)
            throws IOException, InterruptedException {
        return run(start(command), log, listener, new Hooks() {
            @Override
            public void betweenWarmupAndMeasure() {
                if (betweenWarmupAndMeasure != null) {
                    betweenWarmupAndMeasure.run();
                }
            }
        });
    }

    /** Starts a load JVM; nothing is read from it until {@link #run(Started, Path, Listener, Hooks)}. */
    public static Started start(List<String> command) throws IOException {
        long startNanos = System.nanoTime();
        return new Started(new ProcessBuilder(command).redirectErrorStream(true).start(), startNanos);
    }

    /**
     * Reads a started load JVM to its end: its output into {@code log}, progress lines to the
     * listener, protocol lines to the hooks (each answered with a line on its stdin afterwards).
     * The lines written while it waited, ahead of its run, are still in the pipe and come first.
     */
    public static int run(Started started, Path log, Listener listener, Hooks hooks)
            throws IOException, InterruptedException {
        Process process = started.process();
        RUNNING.add(process);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8,
                     StandardOpenOption.CREATE, StandardOpenOption.APPEND))) {
            String line;
            while ((line = in.readLine()) != null) {
                out.println(line);
                if (line.startsWith("progress\t")) {
                    parseProgress(line, listener);
                } else if (line.equals(READY)) {
                    out.flush();
                    hooks.beforeStart();
                    send(process, hooks.startLine());
                } else if (line.equals(WARMUP_DONE)) {
                    out.flush();
                    hooks.betweenWarmupAndMeasure();
                    send(process, hooks.measureLine());
                } else if (line.equals(LOAD_DONE)) {
                    out.flush();
                    hooks.loadDone();
                }
            }
            return process.waitFor();
        } finally {
            RUNNING.remove(process);
            if (process.isAlive()) {
                process.destroyForcibly();
            }
        }
    }

    private static void send(Process process, String line) throws IOException {
        process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
    }

    /** {@code progress\telapsed:12\tleft:48\tsuccess:1234\tfail:0} */
    static void parseProgress(String line, Listener listener) {
        long left = -1;
        long success = -1;
        long fail = -1;
        for (String field : line.split("\t")) {
            int colon = field.indexOf(':');
            if (colon < 0) {
                continue;
            }
            try {
                long value = Long.parseLong(field.substring(colon + 1).trim());
                switch (field.substring(0, colon)) {
                    case "left" -> left = value;
                    case "success" -> success = value;
                    case "fail" -> fail = value;
                    default -> { }
                }
            } catch (NumberFormatException e) {
                // not a number: ignore the field
            }
        }
        if (left >= 0) {
            listener.progress(left, Math.max(0, success), Math.max(0, fail));
        }
    }
}
