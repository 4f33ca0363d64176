package dev.poolbench.bench.compare.monitoring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A real Prometheus server, a child process of the runner, on a free port of 127.0.0.1.
 *
 * <p>Layout under its directory ({@code results/<stamp>/prometheus/}): {@code prometheus.yml},
 * {@code targets/<job>.json} (file-based discovery, rewritten per run), {@code data/} (the
 * TSDB, kept after the comparison) and {@code prometheus.log}.
 */
public final class PrometheusServer implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final ChildProcess process;
    private final Path dir;

    private PrometheusServer(ChildProcess process, Path dir) {
        this.process = process;
        this.dir = dir;
    }

    /** Starts Prometheus scraping the three jobs of {@link PrometheusConfig}, no targets yet. */
    public static PrometheusServer start(Path dir) {
        Path binary = MonitoringTools.require(MonitoringTools.PROMETHEUS);
        Path targets = dir.resolve("targets");
        for (String job : PrometheusConfig.JOBS) {
            PrometheusConfig.writeTargets(targets, job, List.of());
        }
        Path config = write(dir.resolve("prometheus.yml"), PrometheusConfig.scraping(targets));
        // 15 days is the default retention: a comparison's TSDB must outlive that to be looked at later.
        return launch(binary, dir, config, dir.resolve("data"), "100y");
    }

    /**
     * Serves a stored TSDB ({@code storedDir/data}, as {@link #start} left it) for reading.
     * Prometheus 2.42 has no read-only mode: on start it replays the write-ahead log, compacts
     * the head into a block and deletes blocks past retention. So the data is copied to
     * {@code workDir/data} first and served from there, with nothing to scrape and a retention
     * of 100 years; the stored folder is never opened for writing.
     */
    public static PrometheusServer serveStored(Path storedDir, Path workDir) {
        Path binary = MonitoringTools.require(MonitoringTools.PROMETHEUS);
        Path stored = storedDir.resolve("data");
        if (!Files.isDirectory(stored)) {
            throw new IllegalArgumentException("no Prometheus data in " + stored + " (was the comparison run with --prometheus?)");
        }
        Path copy = workDir.resolve("data");
        copyTree(stored, copy);
        Path config = write(workDir.resolve("prometheus.yml"), PrometheusConfig.nothingToScrape());
        return launch(binary, workDir, config, copy, "100y");
    }

    private static PrometheusServer launch(Path binary, Path dir, Path config, Path data, String retention) {
        int port = ChildProcess.freePort();
        List<String> command = new ArrayList<>(List.of(binary.toString(),
                "--config.file=" + config.toAbsolutePath(),
                "--storage.tsdb.path=" + data.toAbsolutePath(),
                "--storage.tsdb.retention.time=" + retention,
                "--web.listen-address=127.0.0.1:" + port,
                // Debian's package looks for its console files elsewhere; the API needs none.
                "--web.console.templates=" + dir.toAbsolutePath(),
                "--web.console.libraries=" + dir.toAbsolutePath()));
        ChildProcess process = ChildProcess.start("prometheus", command, port, dir.resolve("prometheus.log"), "/-/ready", START_TIMEOUT);
        return new PrometheusServer(process, dir);
    }

    /** The scraped apps from now on: usually one, the app JVM of the run that is starting. */
    public void scrapeApps(List<ScrapeTarget> apps) {
        PrometheusConfig.writeTargets(dir.resolve("targets"), PrometheusConfig.APP_JOB, apps);
    }

    /** The exporters' addresses ({@code host:port}); set once per comparison. */
    public void scrapeExporters(List<ScrapeTarget> nodes, List<ScrapeTarget> mysqlds) {
        PrometheusConfig.writeTargets(dir.resolve("targets"), PrometheusConfig.NODE_JOB, nodes);
        PrometheusConfig.writeTargets(dir.resolve("targets"), PrometheusConfig.MYSQLD_JOB, mysqlds);
    }

    /** {@code http://127.0.0.1:PORT}: the graph page and the HTTP API. */
    public URI url() {
        return URI.create(process.url());
    }

    public PrometheusClient client() {
        return new PrometheusClient(url());
    }

    public long pid() {
        return process.pid();
    }

    public Path dir() {
        return dir;
    }

    @Override
    public void close() {
        // SIGTERM: Prometheus writes its head to the write-ahead log, so the TSDB is complete.
        process.close();
    }

    private static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        }
    }

    private static void copyTree(Path from, Path to) {
        try {
            Files.walkFileTree(from, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                    Files.createDirectories(to.resolve(from.relativize(d).toString()));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
                    // The lock file belongs to a server that may still be running on the original.
                    if (!f.getFileName().toString().equals("lock")) {
                        Files.copy(f, to.resolve(from.relativize(f).toString()));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("could not copy " + from + " to " + to, e);
        }
    }
}
