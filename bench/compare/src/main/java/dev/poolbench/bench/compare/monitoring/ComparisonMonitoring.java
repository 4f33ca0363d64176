package dev.poolbench.bench.compare.monitoring;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Everything {@code compare --prometheus} needs, for the runner to call at three points:
 * {@link #start} once before the first run, {@link #runStarting} when a run's app JVM answers
 * its health check (before its warm-up), {@link #runEnded} when the run's load is over (before
 * the app JVM is stopped, so a stopped app never shows as a failed scrape), {@link #close} at
 * the end. Prometheus, node_exporter and mysqld_exporter are child processes; closing stops them
 * and leaves the TSDB in {@code results/<stamp>/prometheus/data}.
 */
public final class ComparisonMonitoring implements AutoCloseable {

    /**
     * What a monitored run's app JVM needs in its environment: Tomcat's request counters
     * ({@code tomcat_global_*}, the dashboard's request rate, errors and mean time). Tomcat keeps
     * them for every request anyway; the MBean registry only lets Micrometer read them at a scrape,
     * so the app pays nothing per request. It is off otherwise, as Spring Boot's default.
     */
    public static final Map<String, String> APP_ENVIRONMENT = Map.of("SERVER_TOMCAT_MBEANREGISTRY_ENABLED", "true");

    private static final Duration EXPORTERS_UP_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration APP_UP_TIMEOUT = Duration.ofSeconds(10);

    private final ChildProcess node;
    private final ChildProcess mysqld;
    private final PrometheusServer prometheus;
    private final Consumer<String> out;

    private ComparisonMonitoring(ChildProcess node, ChildProcess mysqld, PrometheusServer prometheus, Consumer<String> out) {
        this.node = node;
        this.mysqld = mysqld;
        this.prometheus = prometheus;
        this.out = out;
    }

    /**
     * Starts the exporters and Prometheus under {@code resultsDir/prometheus}, waits until both
     * exporters are scraped and prints the URL.
     *
     * @throws MonitoringTools.MonitoringToolMissingException before starting anything, if one of the three is missing
     */
    public static ComparisonMonitoring start(Path resultsDir, DatabaseEndpoint db, PrintStream out) {
        return start(resultsDir, db, out::println);
    }

    /** As above, its lines to {@code log} (the runner's: above its progress line). */
    public static ComparisonMonitoring start(Path resultsDir, DatabaseEndpoint db, Consumer<String> out) {
        MonitoringTools.requireAll();
        Path dir = resultsDir.resolve("prometheus");
        ChildProcess node = null;
        ChildProcess mysqld = null;
        PrometheusServer prometheus = null;
        try {
            node = Exporters.startNode(dir.resolve("exporters"));
            mysqld = Exporters.startMysqld(dir.resolve("exporters"), db.host(), db.port(), db.user(), db.password());
            prometheus = PrometheusServer.start(dir);
            prometheus.scrapeExporters(List.of(ScrapeTarget.of(node.address())), List.of(ScrapeTarget.of(mysqld.address())));
            prometheus.client().awaitJobsUp(List.of(PrometheusConfig.NODE_JOB, PrometheusConfig.MYSQLD_JOB), EXPORTERS_UP_TIMEOUT);
            out.accept("prometheus: " + prometheus.url() + " (scrapes every second; data in " + dir.resolve("data") + ")");
            return new ComparisonMonitoring(node, mysqld, prometheus, out);
        } catch (RuntimeException e) {
            // Nothing of a failed start may outlive the runner.
            if (prometheus != null) {
                prometheus.close();
            }
            closeQuietly(mysqld);
            closeQuietly(node);
            throw e;
        }
    }

    /** Where the database the exporter watches listens, and an account that may read its status. */
    public record DatabaseEndpoint(String host, int port, String user, String password) {
    }

    /**
     * Scrapes the run's app from now on, labelled for the dashboard, and waits (at most 10 s)
     * for its first scrape. A missed scrape is a gap in the dashboard, never a failed run, so
     * this prints a warning instead of throwing.
     *
     * @param managementAddress {@code 127.0.0.1:PORT} of the app's management port
     */
    public void runStarting(String managementAddress, String profile, int round, String run, String variant) {
        prometheus.scrapeApps(List.of(ScrapeTarget.app(managementAddress, profile, round, run, variant)));
        try {
            prometheus.client().awaitUp(t -> t.job().equals(PrometheusConfig.APP_JOB)
                    && run.equals(t.labels().get("run")), 1, APP_UP_TIMEOUT);
        } catch (IllegalStateException e) {
            out.accept("prometheus: warning: run " + run + " not scraped yet: " + e.getMessage());
        }
    }

    /** No app is scraped until the next {@link #runStarting}. */
    public void runEnded() {
        prometheus.scrapeApps(List.of());
    }

    /** Prometheus and the exporters: the runner counts their CPU as its own, not as a disturbance. */
    public Set<Long> pids() {
        return Set.of(prometheus.pid(), node.pid(), mysqld.pid());
    }

    public URI url() {
        return prometheus.url();
    }

    public PrometheusClient client() {
        return prometheus.client();
    }

    @Override
    public void close() {
        // Prometheus first, so its last scrapes of the exporters are not failures.
        prometheus.close();
        closeQuietly(mysqld);
        closeQuietly(node);
    }

    private static void closeQuietly(ChildProcess process) {
        if (process != null) {
            process.close();
        }
    }
}
