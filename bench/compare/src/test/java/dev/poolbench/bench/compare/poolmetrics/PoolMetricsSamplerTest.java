package dev.poolbench.bench.compare.poolmetrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PoolMetricsSamplerTest {

    /** Buckets of 1, 2, 4, 8 ms and +Inf, as the app's histograms publish them (seconds). */
    static String scrape(String pool, double active, double pending, long[] acquireCumulative, double acquireMax,
                         double created) {
        StringBuilder s = new StringBuilder();
        s.append("# HELP poolbench_pool_active Connections in use\n# TYPE poolbench_pool_active gauge\n");
        s.append(String.format(Locale.ROOT, "poolbench_pool_active{pool=\"%s\"} %s%n", pool, active));
        s.append(String.format(Locale.ROOT, "poolbench_pool_pending{pool=\"%s\"} %s%n", pool, pending));
        s.append(String.format(Locale.ROOT, "poolbench_pool_idle{pool=\"%s\"} 0.0%n", pool));
        s.append(String.format(Locale.ROOT, "poolbench_pool_max{pool=\"%s\"} 2.0%n", pool));
        s.append(String.format(Locale.ROOT,
                "poolbench_pool_info{pool=\"%s\",source=\"pool; pending from wrapper\",wrapper=\"on\"} 1.0%n", pool));
        s.append(String.format(Locale.ROOT, "poolbench_pool_connections_opened_total{pool=\"%s\"} %s%n", pool, created));
        s.append(String.format(Locale.ROOT, "poolbench_pool_acquire_timeouts_total{pool=\"%s\"} 0.0%n", pool));
        String[] le = {"0.001", "0.002", "0.004", "0.008", "+Inf"};
        for (int i = 0; i < le.length; i++) {
            s.append(String.format(Locale.ROOT, "poolbench_pool_acquire_seconds_bucket{pool=\"%s\",le=\"%s\"} %d%n",
                    pool, le[i], acquireCumulative[i]));
        }
        s.append(String.format(Locale.ROOT, "poolbench_pool_acquire_seconds_count{pool=\"%s\"} %d%n", pool,
                acquireCumulative[4]));
        s.append(String.format(Locale.ROOT, "poolbench_pool_acquire_seconds_sum{pool=\"%s\"} 0.5%n", pool));
        s.append(String.format(Locale.ROOT, "poolbench_pool_acquire_seconds_max{pool=\"%s\"} %s%n", pool, acquireMax));
        s.append("jvm_threads_live_threads 42.0\n");
        s.append("process_cpu_usage 0.5\n");
        s.append("http_server_requests_seconds_count{method=\"GET\"} 3.0\n");
        return s.toString();
    }

    @Test
    void parsesLabelsWithEscapesAndSpecialValues() {
        PrometheusText.Sample s = PrometheusText.parseLine("x_bucket{a=\"q\\\"uote, comma\",le=\"+Inf\"} NaN 1234");
        assertEquals("x_bucket", s.name());
        assertEquals("q\"uote, comma", s.label("a"));
        assertEquals("+Inf", s.label("le"));
        assertTrue(Double.isNaN(s.value()));
        assertEquals(3.0, PrometheusText.parseLine("plain_total 3").value());
    }

    @Test
    void quantilesInterpolateInsideTheBucketOfTheWindow() {
        double[] bounds = {0.001, 0.002, 0.004, Double.POSITIVE_INFINITY};
        Histogram before = new Histogram(bounds, new double[] {10, 10, 10, 10}, 10, 0.001);
        Histogram after = new Histogram(bounds, new double[] {10, 110, 110, 110}, 110, 0.2);
        Histogram window = after.minus(before);
        assertEquals(100, window.count());
        assertEquals(0.0015, window.quantileSeconds(0.5), 1e-9);
        assertEquals(0.002, window.highestValueBoundSeconds(), 1e-12);
        assertTrue(Double.isNaN(before.minus(before).quantileSeconds(0.5)));
    }

    @Test
    void samplesWhileRunningAndWritesFiguresCsvAndChart(@TempDir Path runDir) throws Exception {
        AtomicInteger calls = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/actuator/prometheus", exchange -> {
            int n = calls.getAndIncrement();
            // Baseline: 10 fast borrows before the run (and a 50 ms warm-up spike in _max);
            // during the run: 1000 more, 1 % of them between 4 and 8 ms, pending up to 6.
            String body = n == 0
                    ? scrape("dbcp", 0, 0, new long[] {10, 10, 10, 10, 10}, 0.050, 2)
                    : scrape("dbcp", 2, n == 1 ? 6 : 3, new long[] {510, 1000, 1000, 1010, 1010}, 0.050, 2);
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain;version=0.0.4");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
        try {
            URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/actuator/prometheus");
            PoolMetricsSampler sampler = PoolMetricsSampler.start(url, runDir);
            Thread.sleep(2_300);
            PoolMetricsSummary summary = sampler.stop();

            assertEquals("dbcp", summary.profile());
            assertEquals("on", summary.wrapper());
            assertTrue(summary.samples() >= 3, "samples: " + summary.samples());
            assertEquals(0, summary.scrapeErrors());
            assertEquals(1000, summary.acquireCount());
            assertEquals(6, summary.peakPending());
            assertEquals(2, summary.peakActive());
            assertEquals(0, summary.connectionsCreated());
            assertEquals(2, summary.connectionsCreatedTotal());
            assertEquals(1.0, summary.acquireMillis().p50(), 1e-9);
            // rank 990 of 1000 is the last value of the 1-2 ms bucket; rank 999 is 9/10 into 4-8 ms.
            assertEquals(2.0, summary.acquireMillis().p99(), 1e-9);
            assertEquals(7.6, summary.acquireMillis().p999(), 1e-9);
            // The 50 ms _max came from before the run; this run's highest bucket caps it at 8 ms.
            assertEquals(8.0, summary.acquireMillis().max(), 1e-9);
            assertEquals(42, summary.peakLiveThreads());
            assertEquals(0.5, summary.meanProcessCpu(), 1e-9);

            JsonNode record = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()
                    .set("poolMetrics", summary.json());
            assertEquals(2.0, PoolMetricsSummary.acquireP99Millis(record), 1e-9);
            assertEquals(6.0, PoolMetricsSummary.peakPending(record), 1e-9);

            List<String> csv = Files.readAllLines(runDir.resolve(PoolMetricsSampler.CSV));
            assertEquals(PoolMetricsSeries.HEADER, csv.get(0));
            assertEquals(summary.samples(), csv.size(), "one line per interval plus the header");
            assertTrue(Files.size(runDir.resolve("pool-dbcp.png")) > 10_000);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void appDownMeansErrorsCountedAndNoFiguresButNoException(@TempDir Path runDir) throws Exception {
        PoolMetricsSampler sampler = PoolMetricsSampler.start(URI.create("http://127.0.0.1:9/actuator/prometheus"),
                runDir);
        PoolMetricsSummary summary = sampler.stop();
        assertEquals(0, summary.samples());
        assertTrue(summary.scrapeErrors() >= 2);
        assertTrue(Double.isNaN(summary.acquireMillis().p99()));
        assertEquals(PoolMetricsSeries.HEADER, Files.readAllLines(runDir.resolve(PoolMetricsSampler.CSV)).get(0));
    }

    @Test
    void wrapperOffStillGivesThreadsAndCpuAndAChart(@TempDir Path runDir) throws Exception {
        List<Scrape> scrapes = List.of(
                Scrape.of(0, "poolbench_pool_info{pool=\"hikari\",source=\"none\",wrapper=\"off\"} 1.0\n"
                        + "jvm_threads_live_threads 40.0\nprocess_cpu_usage 0.2\n"),
                Scrape.of(1, "poolbench_pool_info{pool=\"hikari\",source=\"none\",wrapper=\"off\"} 1.0\n"
                        + "jvm_threads_live_threads 60.0\nprocess_cpu_usage 0.8\n"));
        PoolMetricsSummary summary = PoolMetricsSummary.of(scrapes, 0);
        assertEquals("off", summary.wrapper());
        assertEquals(60, summary.peakLiveThreads());
        assertTrue(Double.isNaN(summary.peakPending()));
        PoolMetricsChart.write(PoolMetricsSeries.of(scrapes), summary, runDir.resolve("pool-hikari.png"));
        assertTrue(Files.size(runDir.resolve("pool-hikari.png")) > 5_000);
    }
}
