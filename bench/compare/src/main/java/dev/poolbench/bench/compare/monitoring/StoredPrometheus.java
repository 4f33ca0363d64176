package dev.poolbench.bench.compare.monitoring;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;

/**
 * {@code ./poolbench prometheus --results DIR}: serves the TSDB a comparison left in
 * {@code DIR/prometheus/data} until Ctrl-C, from a copy in a temporary folder (see
 * {@link PrometheusServer#serveStored}), which is deleted at the end.
 */
public final class StoredPrometheus {

    private StoredPrometheus() {
    }

    /** Blocks until the JVM is asked to stop (Ctrl-C, SIGTERM). */
    public static void serve(Path resultsDir, PrintStream out) throws InterruptedException {
        Path work;
        try {
            work = Files.createTempDirectory("poolbench-prometheus-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        PrometheusServer server = PrometheusServer.serveStored(resultsDir.resolve("prometheus"), work);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            deleteTree(work);
            stopped.countDown();
        }, "prometheus-stop"));
        out.println("prometheus: " + server.url() + " serves " + resultsDir.resolve("prometheus/data")
                + " (a copy; Ctrl-C stops it). Set the graph's time range to the comparison's.");
        stopped.await();
    }

    static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A temporary folder left behind is harmless.
        }
    }
}
