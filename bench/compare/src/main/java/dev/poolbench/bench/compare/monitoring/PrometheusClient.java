package dev.poolbench.bench.compare.monitoring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** The few calls of Prometheus's HTTP API the runner and the tests need. */
public final class PrometheusClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    public PrometheusClient(URI base) {
        this.base = base;
    }

    /** One series of an instant query: its labels and its latest value. */
    public record Series(Map<String, String> labels, double value) {
    }

    /** One active target: its job, labels, health ({@code up}, {@code down}, {@code unknown}) and last error. */
    public record Target(String job, Map<String, String> labels, String scrapeUrl, String health, String lastError) {
        public boolean up() {
            return "up".equals(health);
        }
    }

    /** {@code GET /api/v1/query}: an instant query at the current time. */
    public List<Series> query(String promql) {
        return series(get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8)));
    }

    /** An instant query at {@code time}: a stored comparison looked at as it was during one of its runs. */
    public List<Series> query(String promql, Instant time) {
        return series(get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8)
                + "&time=" + time.toEpochMilli() / 1000.0));
    }

    private static List<Series> series(JsonNode data) {
        List<Series> series = new ArrayList<>();
        for (JsonNode r : data.path("result")) {
            // A vector has "value": [time, "v"]; a range selector gives a matrix with "values".
            JsonNode value = r.has("value") ? r.get("value") : r.path("values").path(r.path("values").size() - 1);
            series.add(new Series(labels(r.path("metric")), Double.parseDouble(value.path(1).asText("NaN"))));
        }
        return series;
    }

    /** {@code GET /api/v1/targets?state=active}. */
    public List<Target> targets() {
        JsonNode data = get("/api/v1/targets?state=active");
        List<Target> targets = new ArrayList<>();
        for (JsonNode t : data.path("activeTargets")) {
            targets.add(new Target(t.path("scrapePool").asText(), labels(t.path("labels")), t.path("scrapeUrl").asText(),
                    t.path("health").asText(), t.path("lastError").asText()));
        }
        return targets;
    }

    /**
     * Waits until at least {@code count} active targets that match {@code which} are {@code up}
     * (scraped successfully at least once).
     *
     * @throws IllegalStateException after {@code timeout}, naming each matching target's health and last error
     */
    public List<Target> awaitUp(Predicate<Target> which, int count, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Target> matching = List.of();
        while (System.nanoTime() < deadline) {
            matching = targets().stream().filter(which).toList();
            if (matching.stream().filter(Target::up).count() >= count) {
                return matching;
            }
            ChildProcess.sleepMillis(250);
        }
        StringBuilder state = new StringBuilder();
        matching.forEach(t -> state.append("; ").append(t.scrapeUrl()).append(' ').append(t.health())
                .append(t.lastError().isEmpty() ? "" : " (" + t.lastError() + ")"));
        throw new IllegalStateException("Prometheus at " + base + ": fewer than " + count + " matching targets up after "
                + timeout.toSeconds() + " s" + (matching.isEmpty() ? ": none discovered" : state));
    }

    /** Waits until each job in {@code jobs} has at least one target that was scraped successfully. */
    public void awaitJobsUp(List<String> jobs, Duration timeout) {
        long started = System.nanoTime();
        for (String job : jobs) {
            Duration left = timeout.minusNanos(System.nanoTime() - started);
            awaitUp(t -> t.job().equals(job), 1, left.isNegative() ? Duration.ZERO : left);
        }
    }

    private JsonNode get(String pathAndQuery) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(REQUEST_TIMEOUT).build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            JsonNode body = JSON.readTree(response.body());
            if (response.statusCode() != 200 || !"success".equals(body.path("status").asText())) {
                throw new IllegalStateException("Prometheus " + pathAndQuery + ": HTTP " + response.statusCode() + " "
                        + body.path("errorType").asText() + ": " + body.path("error").asText());
            }
            return body.path("data");
        } catch (IOException e) {
            throw new IllegalStateException("Prometheus at " + base + " did not answer " + pathAndQuery + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static Map<String, String> labels(JsonNode node) {
        Map<String, String> labels = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
        return labels;
    }
}
