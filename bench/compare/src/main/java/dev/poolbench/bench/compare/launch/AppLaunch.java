package dev.poolbench.bench.compare.launch;

import dev.poolbench.bench.compare.util.FreePort;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * An app JVM started for one run, on two free ports, with a thread that watches it until it
 * serves ({@link AppProcess#awaitReady}). The watch starts with the JVM, so the start-up time is
 * the app's own even when the JVM was started ahead of its run ({@link RunPipeline}) and nobody
 * waited for it.
 */
public final class AppLaunch {

    /** Starts the app JVM of a run on the given ports (its log goes to the run directory). */
    public interface Starter {
        Process start(Path runDir, int appPort, int managementPort) throws IOException;
    }

    private final Process process;
    private final URI appUrl;
    private final URI managementUrl;
    private final long startNanos;
    private final CompletableFuture<Long> readyNanos = new CompletableFuture<>();

    private AppLaunch(Process process, URI appUrl, URI managementUrl, long startNanos) {
        this.process = process;
        this.appUrl = appUrl;
        this.managementUrl = managementUrl;
        this.startNanos = startNanos;
    }

    public static AppLaunch start(Starter starter, Path runDir) throws IOException {
        int appPort = FreePort.next();
        int managementPort = FreePort.next();
        long startNanos = System.nanoTime();
        Process process = starter.start(runDir, appPort, managementPort);
        AppLaunch launch = new AppLaunch(process, URI.create("http://127.0.0.1:" + appPort),
                URI.create("http://127.0.0.1:" + managementPort), startNanos);
        Thread watch = new Thread(() -> {
            try {
                AppProcess.awaitReady(process, runDir.resolve("app.log"), launch.managementUrl.resolve("/actuator/health"),
                        launch.appUrl.resolve("/"), AppProcess.HEALTH_TIMEOUT);
                launch.readyNanos.complete(System.nanoTime());
            } catch (InterruptedException | RuntimeException e) {
                launch.readyNanos.completeExceptionally(e);
            }
        }, "poolbench-app-ready");
        watch.setDaemon(true);
        watch.start();
        return launch;
    }

    public Process process() {
        return process;
    }

    public URI appUrl() {
        return appUrl;
    }

    public URI managementUrl() {
        return managementUrl;
    }

    public long startNanos() {
        return startNanos;
    }

    /**
     * Waits until the app serves.
     *
     * @return when it began to serve ({@link System#nanoTime()}), maybe long before this call
     * @throws IllegalStateException when it exited or did not come up in time (with its log's tail)
     */
    public long awaitReady() throws InterruptedException {
        try {
            return readyNanos.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof InterruptedException) {
                throw new IllegalStateException("interrupted while waiting for the app");
            }
            throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
        }
    }
}
