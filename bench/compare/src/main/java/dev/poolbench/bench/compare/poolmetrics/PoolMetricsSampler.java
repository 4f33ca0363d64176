package dev.poolbench.bench.compare.poolmetrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples the app's {@code /actuator/prometheus} and {@code /actuator/poolhistograms} once a
 * second during a measured run, from the comparison runner's process (two small HTTP GETs, a
 * prefix-filtered parse and two histogram decodes per second).
 *
 * <pre>{@code
 * PoolMetricsSampler sampler = PoolMetricsSampler.start(managementUrl.resolve("/actuator/prometheus"), runDir);
 * ... measured run ...
 * PoolMetricsSummary summary = sampler.stop(); // writes poolmetrics.csv and pool-<profile>.png
 * record.set("poolMetrics", summary.json());
 * }</pre>
 *
 * A failed scrape is counted, never thrown: the run's score must not depend on the sampler.
 */
public final class PoolMetricsSampler {

    static final Duration INTERVAL = Duration.ofSeconds(1);
    static final Duration SCRAPE_TIMEOUT = Duration.ofSeconds(2);
    public static final String CSV = "poolmetrics.csv";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI url;
    private final URI histogramsUrl;
    private final Path runDir;
    private final HttpClient client;
    private final ScheduledExecutorService timer;
    private final long startNanos = System.nanoTime();
    private final List<Scrape> scrapes = new ArrayList<>();
    private int errors;
    private String lastError;

    private PoolMetricsSampler(URI url, Path runDir) {
        this.url = url;
        this.histogramsUrl = url.resolve("/actuator/poolhistograms");
        this.runDir = runDir;
        this.client = HttpClient.newBuilder().connectTimeout(SCRAPE_TIMEOUT).build();
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "poolmetrics-sampler");
            t.setDaemon(true);
            return t;
        });
    }

    /** Takes the baseline scrape now, then one a second until {@link #stop()}. */
    public static PoolMetricsSampler start(URI prometheusUrl, Path runDir) {
        PoolMetricsSampler sampler = new PoolMetricsSampler(prometheusUrl, runDir);
        sampler.scrapeOnce();
        sampler.timer.scheduleAtFixedRate(sampler::scrapeOnce, INTERVAL.toMillis(), INTERVAL.toMillis(),
                TimeUnit.MILLISECONDS);
        return sampler;
    }

    /**
     * Takes the final scrape, writes {@value #CSV} and {@code pool-<profile>.png} into the run
     * directory, and returns the run's figures. Call once, right after the measured run. Never
     * throws: a file that cannot be written is reported on stderr and in {@link #lastError()}.
     */
    public PoolMetricsSummary stop() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(SCRAPE_TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        scrapeOnce();
        List<Scrape> taken;
        int errorCount;
        synchronized (this) {
            taken = List.copyOf(scrapes);
            errorCount = errors;
        }
        PoolMetricsSummary summary = PoolMetricsSummary.of(taken, errorCount);
        try {
            List<PoolMetricsSeries.Point> points = PoolMetricsSeries.of(taken);
            Files.writeString(runDir.resolve(CSV), RedisFigures.withColumns(PoolMetricsSeries.csv(points), taken),
                    StandardCharsets.UTF_8);
            if (!points.isEmpty()) {
                PoolMetricsChart.write(points, summary, runDir.resolve(chartFileName(summary.profile())));
            }
        } catch (IOException | RuntimeException e) {
            // Never fail the run for its pictures: the figures are in the returned summary.
            fail("cannot write pool metrics into " + runDir + ": " + e);
            System.err.println("poolbench: " + lastError());
        }
        return summary;
    }

    /**
     * The connections a pool holds (active + idle) in one {@code /actuator/prometheus} text; NaN
     * when the app publishes no pool gauges.
     */
    public static double connectionsHeld(String prometheusText) {
        Scrape scrape = Scrape.of(0, prometheusText, null);
        return scrape.active() + scrape.idle();
    }

    /** {@code pool-<profile>.png}. */
    public static String chartFileName(String profile) {
        return "pool-" + (profile == null ? "unknown" : profile) + ".png";
    }

    /** The last scrape failure, for a run's problems list; null when all succeeded. */
    public synchronized String lastError() {
        return lastError;
    }

    private void scrapeOnce() {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        try {
            HttpRequest request = HttpRequest.newBuilder(url).timeout(SCRAPE_TIMEOUT)
                    .header("Accept", "text/plain;version=0.0.4").GET().build();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                fail("HTTP " + response.statusCode() + " from " + url);
                return;
            }
            Scrape scrape = Scrape.of(seconds, response.body(), histograms());
            synchronized (this) {
                scrapes.add(scrape);
            }
        } catch (IOException | RuntimeException e) {
            fail(e.getClass().getSimpleName() + ": " + e.getMessage() + " (" + url + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The histograms, or null when the app has no such endpoint (wrapper off answers without them). */
    private JsonNode histograms() throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(histogramsUrl).timeout(SCRAPE_TIMEOUT).GET().build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            return null;
        }
        return JSON.readTree(response.body());
    }

    private synchronized void fail(String message) {
        errors++;
        lastError = message;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "PoolMetricsSampler[%s, %d scrapes]", url, scrapes.size());
    }
}
