package dev.poolbench.bench.compare.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.poolbench.bench.compare.faultfigures.FaultFigures;
import dev.poolbench.bench.compare.faultfigures.PoolCsv;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.load.score.LatencyHistogram;
import dev.poolbench.cli.Cli;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code faults-sample} against a real HTTP server that answers like the app's management port. */
class PoolSampleCommandTest {

    private static String prometheus(int active, int pending, int opened) {
        return String.format(Locale.ROOT, """
                # TYPE poolbench_pool_active gauge
                poolbench_pool_active{pool="hikari"} %d.0
                poolbench_pool_pending{pool="hikari"} %d.0
                poolbench_pool_idle{pool="hikari"} 0.0
                poolbench_pool_max{pool="hikari"} 10.0
                poolbench_pool_info{pool="hikari",source="pool",wrapper="on"} 1.0
                poolbench_pool_connections_opened_total{pool="hikari"} %d.0
                """, active, pending, opened);
    }

    @Test
    void samplesUntilTheStopFileAndWritesTheSamplersFiles(@TempDir Path dir) throws Exception {
        AtomicInteger scrapes = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/actuator/prometheus", exchange -> {
            int n = scrapes.getAndIncrement();
            byte[] body = prometheus(n, 8 - Math.min(8, n), 10 + n).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        // The app's /actuator/poolhistograms: acquire and hold times since its start, encoded as
        // the load generator's LatencyHistogram (so the sampler needs the load jar too).
        server.createContext("/actuator/poolhistograms", exchange -> {
            Histogram acquire = new Histogram(3);
            acquire.recordValueWithCount(2_000_000, 100L * (scrapes.get() + 1));
            Histogram hold = new Histogram(3);
            hold.recordValueWithCount(5_000_000, 100L * (scrapes.get() + 1));
            byte[] body = ("{\"schema\":1,\"wrapper\":\"on\",\"unit\":\"nanoseconds\",\"acquire\":\""
                    + LatencyHistogram.encode(acquire) + "\",\"hold\":\"" + LatencyHistogram.encode(hold) + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        Path out = dir.resolve("sampler");
        long before = System.currentTimeMillis();
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(stdout, true, StandardCharsets.UTF_8);
        try {
            CompletableFuture<Integer> status = CompletableFuture.supplyAsync(() -> Cli.execute(
                    Cli.commandLine(new PoolSampleCommand()), print, print, "--management-url",
                    "http://127.0.0.1:" + server.getAddress().getPort(), "--out", out.toString()));
            Path state = out.resolve(PoolSampleCommand.FILE);
            for (int i = 0; i < 100 && !Files.exists(state); i++) {
                Thread.sleep(50);
            }
            JsonNode started = Json.read(state);
            assertTrue(started.get("startEpochMillis").asLong() >= before);
            assertTrue(!started.has("stopEpochMillis"), "written again only when it ends");
            // The baseline scrape and three of the once-a-second ones (a busy machine may be slow
            // to make the first HTTP client), then the stop file.
            for (int i = 0; i < 400 && scrapes.get() < 4; i++) {
                Thread.sleep(50);
            }
            Files.createFile(out.resolve("stop"));
            assertEquals(0, status.get(30, TimeUnit.SECONDS));
        } finally {
            server.stop(0);
        }
        JsonNode ended = Json.read(out.resolve(PoolSampleCommand.FILE));
        assertEquals("stop file", ended.get("stoppedBy").asText());
        assertEquals(0, ended.get("scrapeErrors").asInt());
        assertTrue(ended.get("samples").asInt() >= 2, ended.toString());
        assertTrue(ended.get("stopEpochMillis").asLong() - ended.get("startEpochMillis").asLong() >= 2_000);
        // The baseline scrape, about one a second, the final one: the CSV has a row per scrape after the first.
        List<FaultFigures.PoolSample> samples = PoolCsv.read(out.resolve("poolmetrics.csv"), 0);
        // A once-a-second scrape still in flight when the stop file is seen may be served (counted
        // here) and then dropped for the final one: one row fewer, never more (seen on a loaded machine).
        int rowsExpected = scrapes.get() - 1;
        assertTrue(samples.size() == rowsExpected || samples.size() == rowsExpected - 1,
                rowsExpected + " rows expected (or one fewer): " + Files.readString(out.resolve("poolmetrics.csv")));
        assertTrue(samples.size() >= 3, samples.toString());
        assertEquals(11.0, samples.get(0).openedTotal(), 1e-9);
        assertEquals(7.0, samples.get(0).pending(), 1e-9);
        assertTrue(Files.exists(out.resolve("pool-hikari.png")));
        // Acquire times per interval from the histograms: 2 ms each.
        List<String> csv = Files.readAllLines(out.resolve("poolmetrics.csv"));
        int p50 = List.of(csv.get(0).split(",")).indexOf("acquire_p50_ms");
        assertEquals(2.0, Double.parseDouble(csv.get(1).split(",")[p50]), 0.01, csv.get(1));
        // The same JSON on stdout, one line, for the playbook.
        assertEquals(ended, Json.parse(stdout.toString(StandardCharsets.UTF_8).strip()));
    }

    @Test
    void badOptionsAreUsageErrors(@TempDir Path dir) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(2, Cli.execute(Cli.commandLine(new PoolSampleCommand()), print, print,
                "--out", dir.toString(), "--max-seconds", "0"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--max-seconds must be between 1 and 86400, got 0"));
        assertEquals(2, Cli.execute(Cli.commandLine(new PoolSampleCommand()), print, print,
                "--out", dir.toString(), "--management-url", "ftp://x"));
    }
}
