package dev.poolbench.bench.compare.poolmetrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PoolMetricsSamplerTest {

    /** The Prometheus text of the pool meters the figures read (gauges, counters, info). */
    static String scrape(String pool, double active, double pending, double created) {
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
        s.append(String.format(Locale.ROOT, "poolbench_pool_acquire_seconds_count{pool=\"%s\"} 10%n", pool));
        s.append("jvm_threads_live_threads 42.0\n");
        s.append("process_cpu_usage 0.5\n");
        s.append("http_server_requests_seconds_count{method=\"GET\"} 3.0\n");
        return s.toString();
    }

    /** A histogram with {@code count} values of {@code millis} for each pair (millis, count). */
    static Histogram histogram(double... millisAndCounts) {
        Histogram h = new Histogram(3);
        for (int i = 0; i < millisAndCounts.length; i += 2) {
            h.recordValueWithCount(Math.round(millisAndCounts[i] * 1e6), (long) millisAndCounts[i + 1]);
        }
        return h;
    }

    /** The body of {@code /actuator/poolhistograms}, as the app's endpoint writes it. */
    static String histogramsBody(Histogram acquire, Histogram hold) {
        return "{\"schema\":1,\"wrapper\":\"on\",\"unit\":\"nanoseconds\",\"acquire\":\""
                + PoolHistograms.encode(acquire) + "\",\"hold\":\"" + PoolHistograms.encode(hold) + "\"}";
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
    void aRunIsTheDifferenceOfTwoReadsAndRunsAddUp() {
        Histogram before = histogram(50, 10);
        Histogram after = histogram(50, 10, 1, 500, 1.5, 490, 6, 10);
        Histogram run = PoolHistograms.minus(after, before);
        assertEquals(1000, run.getTotalCount());
        PoolMetricsSummary.Percentiles p = PoolHistograms.percentiles(run);
        assertEquals(1.0, p.p50(), 0.01);
        assertEquals(1.5, p.p99(), 0.01);
        assertEquals(6.0, p.max(), 0.01, "the 50 ms from before the run is not in it");
        assertEquals(0, PoolHistograms.minus(before, before).getTotalCount());
        assertTrue(Double.isNaN(PoolHistograms.percentiles(PoolHistograms.minus(before, before)).p99()));
        // An app restarted in between (its counts went down): the later read alone.
        assertEquals(10, PoolHistograms.minus(before, after).getTotalCount());

        // Two runs: 99 % fast in the first, 100 % at 3 ms in the second. Merged p99 is that of
        // all 2000 borrows (3 ms), not the mean of the per-run p99s.
        JsonNode r1 = record(histogram(1, 990, 9, 10));
        JsonNode r2 = record(histogram(3, 1000));
        assertEquals(3.0, PoolMetricsSummary.mergedAcquireP99Millis(List.of(r1, r2)), 0.01);
        assertTrue(Double.isNaN(PoolMetricsSummary.mergedAcquireP99Millis(List.of(r1,
                JsonNodeFactory.instance.objectNode()))), "a run without histogram: no merged figure");
    }

    private static JsonNode record(Histogram acquire) {
        ObjectNode pm = JsonNodeFactory.instance.objectNode().put("acquireHistogram", PoolHistograms.encode(acquire));
        return JsonNodeFactory.instance.objectNode().set("poolMetrics", pm);
    }

    @Test
    void samplesWhileRunningAndWritesFiguresCsvAndChart(@TempDir Path runDir) throws Exception {
        AtomicInteger calls = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/actuator/prometheus", exchange -> {
            int n = calls.getAndIncrement();
            String body = n == 0 ? scrape("dbcp", 0, 0, 2) : scrape("dbcp", 2, n == 1 ? 6 : 3, 2);
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain;version=0.0.4");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        AtomicInteger histogramCalls = new AtomicInteger();
        server.createContext("/actuator/poolhistograms", exchange -> {
            // Baseline: 10 borrows of 50 ms before the run (a warm-up spike); during the run
            // 1000 more: 500 at 1 ms, 490 at 1.5 ms, 10 at 6 ms. Holds: 2 ms each.
            String body = histogramCalls.getAndIncrement() == 0
                    ? histogramsBody(histogram(50, 10), histogram(2, 10))
                    : histogramsBody(histogram(50, 10, 1, 500, 1.5, 490, 6, 10), histogram(2, 1010));
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
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
            // HdrHistogram keeps 3 significant digits: within 0.1 % of the recorded values.
            assertEquals(1.0, summary.acquireMillis().p50(), 0.002);
            assertEquals(1.5, summary.acquireMillis().p99(), 0.002);
            assertEquals(6.0, summary.acquireMillis().p999(), 0.01);
            // The 50 ms borrows came before the run: not in this run's maximum.
            assertEquals(6.0, summary.acquireMillis().max(), 0.01);
            assertEquals(2.0, summary.holdMillis().p99(), 0.002);
            assertEquals(42, summary.peakLiveThreads());
            assertEquals(0.5, summary.meanProcessCpu(), 1e-9);

            JsonNode record = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()
                    .set("poolMetrics", summary.json());
            assertEquals(1.5, PoolMetricsSummary.acquireP99Millis(record), 0.002);
            assertEquals(1000, PoolHistograms.decode(record.path("poolMetrics").get("acquireHistogram")).getTotalCount());
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
                        + "jvm_threads_live_threads 40.0\nprocess_cpu_usage 0.2\n", null),
                Scrape.of(1, "poolbench_pool_info{pool=\"hikari\",source=\"none\",wrapper=\"off\"} 1.0\n"
                        + "jvm_threads_live_threads 60.0\nprocess_cpu_usage 0.8\n", null));
        PoolMetricsSummary summary = PoolMetricsSummary.of(scrapes, 0);
        assertEquals("off", summary.wrapper());
        assertEquals(60, summary.peakLiveThreads());
        assertTrue(Double.isNaN(summary.peakPending()));
        PoolMetricsChart.write(PoolMetricsSeries.of(scrapes), summary, runDir.resolve("pool-hikari.png"));
        assertTrue(Files.size(runDir.resolve("pool-hikari.png")) > 5_000);
    }
}
