package dev.poolbench.bench.compare.monitoring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One monitoring server started by the runner (Prometheus, an exporter): a child process with its
 * output in a log file, reachable on 127.0.0.1 at a port chosen free for it. Closing it stops it
 * (SIGTERM, then SIGKILL after 10 s), so nothing outlives the comparison.
 */
public final class ChildProcess implements AutoCloseable {

    private static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final String name;
    private final Process process;
    private final int port;
    private final Path log;

    private ChildProcess(String name, Process process, int port, Path log) {
        this.name = name;
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * Starts {@code command} with its stdout and stderr appended to {@code log}, then waits until
     * {@code GET http://127.0.0.1:PORT + readyPath} answers 200.
     */
    static ChildProcess start(String name, List<String> command, int port, Path log, String readyPath, Duration timeout) {
        return start(name, command, Map.of(), port, log, readyPath, timeout);
    }

    /** As above, with {@code environment} added to the runner's own. */
    static ChildProcess start(String name, List<String> command, Map<String, String> environment, int port, Path log,
            String readyPath, Duration timeout) {
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().putAll(environment);
            Process process = builder
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            ChildProcess child = new ChildProcess(name, process, port, log);
            try {
                child.awaitReady(readyPath, timeout);
            } catch (RuntimeException e) {
                child.close();
                throw e;
            }
            return child;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name + ": " + command.get(0), e);
        }
    }

    /** A TCP port free on this machine at the moment of asking. */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free TCP port", e);
        }
    }

    private void awaitReady(String readyPath, Duration timeout) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(url() + readyPath)).timeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with status " + process.exitValue() + " at start-up; see " + log);
            }
            try {
                if (http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // Not listening yet: try again.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + name, e);
            }
            sleepMillis(200);
        }
        throw new IllegalStateException(name + " did not answer " + readyPath + " within " + timeout.toSeconds() + " s; see " + log);
    }

    static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    /** {@code 127.0.0.1:PORT}, the form of a Prometheus target. */
    public String address() {
        return "127.0.0.1:" + port;
    }

    public String url() {
        return "http://" + address();
    }

    public Path log() {
        return log;
    }

    /** The process id (the runner counts the monitoring's CPU as its own, not as a disturbance). */
    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
