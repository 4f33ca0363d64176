package dev.poolbench.bench.compare.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Prometheus and node_exporter (Debian's packages; the test fails with the install line
 * when they are missing): an app target added and removed per run through the discovery file,
 * without a restart, and served again later from a copy of the stored TSDB.
 */
class PrometheusServerTest {

    @TempDir
    Path dir;

    /** A stand-in for the app's management port: the pool meters in the text format. */
    private static HttpServer fakeApp(AtomicInteger scrapes) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(PrometheusConfig.APP_METRICS_PATH, exchange -> {
            int n = scrapes.incrementAndGet();
            byte[] body = ("# TYPE poolbench_pool_active gauge\npoolbench_pool_active{pool=\"hikari\"} 3.0\n"
                    + "# TYPE poolbench_pool_connections_opened_total counter\n"
                    + "poolbench_pool_connections_opened_total{pool=\"hikari\"} " + n + ".0\n").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return server;
    }

    @Test
    void scrapesTheRunsAppWithItsLabelsAndTheHost() throws Exception {
        AtomicInteger scrapes = new AtomicInteger();
        HttpServer app = fakeApp(scrapes);
        Path stored = dir.resolve("results/prometheus");
        try (ChildProcess node = Exporters.startNode(dir.resolve("results/prometheus/exporters"));
             PrometheusServer prometheus = PrometheusServer.start(stored)) {
            PrometheusClient client = prometheus.client();
            prometheus.scrapeExporters(List.of(ScrapeTarget.of(node.address())), List.of());
            String address = "127.0.0.1:" + app.getAddress().getPort();
            prometheus.scrapeApps(List.of(ScrapeTarget.app(address, "hikari", 1, "1-hikari", "size4")));
            client.awaitJobsUp(List.of(PrometheusConfig.APP_JOB, PrometheusConfig.NODE_JOB), Duration.ofSeconds(20));

            List<PrometheusClient.Series> active = client.query("poolbench_pool_active");
            assertEquals(1, active.size(), active.toString());
            Map<String, String> labels = active.get(0).labels();
            assertEquals(Map.of("__name__", "poolbench_pool_active", "pool", "hikari", "profile", "hikari", "round", "1",
                    "run", "1-hikari", "variant", "size4", "job", "poolbench-app", "instance", address), labels);
            assertEquals(3.0, active.get(0).value());
            assertFalse(client.query("node_cpu_seconds_total{mode=\"steal\"}").isEmpty(), "host CPU steal");

            // The next run: same address, new labels, no restart.
            prometheus.scrapeApps(List.of(ScrapeTarget.app(address, "dbcp2", 1, "1-dbcp2", "")));
            client.awaitUp(t -> "1-dbcp2".equals(t.labels().get("run")), 1, Duration.ofSeconds(20));
            awaitSeries(client, "poolbench_pool_active{run=\"1-dbcp2\",profile=\"dbcp2\"}");
            prometheus.scrapeApps(List.of());
            awaitNoAppTarget(client);
        } finally {
            app.stop(0);
        }
        assertTrue(Files.isDirectory(stored.resolve("data/wal")), "TSDB kept under the results");
        assertStoredDataServedFromACopy(stored);
    }

    private void assertStoredDataServedFromACopy(Path stored) throws Exception {
        long storedFiles;
        try (var files = Files.walk(stored.resolve("data"))) {
            storedFiles = files.count();
        }
        try (PrometheusServer again = PrometheusServer.serveStored(stored, dir.resolve("copy"))) {
            // Both runs' series are there, by the labels of each run.
            List<PrometheusClient.Series> runs = again.client().query("count by (run) (last_over_time(poolbench_pool_active[10m]))");
            assertEquals(2, runs.size(), runs.toString());
        }
        try (var files = Files.walk(stored.resolve("data"))) {
            assertEquals(storedFiles, files.count(), "the stored TSDB is left as it was");
        }
    }

    private static void awaitSeries(PrometheusClient client, String promql) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (client.query(promql).isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "no series for " + promql);
            ChildProcess.sleepMillis(250);
        }
    }

    private static void awaitNoAppTarget(PrometheusClient client) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (client.targets().stream().anyMatch(t -> t.job().equals(PrometheusConfig.APP_JOB))) {
            assertTrue(System.nanoTime() < deadline, "the app target is still scraped after the run");
            ChildProcess.sleepMillis(250);
        }
    }
}
