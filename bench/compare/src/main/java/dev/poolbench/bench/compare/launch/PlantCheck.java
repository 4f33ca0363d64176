package dev.poolbench.bench.compare.launch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.variant.Plant;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runner's side of {@code --plant} (docs/planted-difference.md): the app's plant counter
 * ({@code poolsettings.plant.count} before the load, {@code poolbench_plant_count_total} after it:
 * a Prometheus scrape borrows no connection, a poolsettings read does) must have moved during a
 * planted run and be 0 in an unplanted one; otherwise the run measured something else and is
 * invalid.
 */
public final class PlantCheck {

    private static final Pattern COUNT = Pattern.compile("(?m)^poolbench_plant_count_total\\{spec=\"([^\"]*)\"} (\\S+)");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** What the app said after the load: its plant and its count; spec null when it does not publish one. */
    public record After(String spec, long count) {
    }

    private PlantCheck() {
    }

    /** The plant counter after the load, read from the app's Prometheus scrape; null when unreadable. */
    public static After read(URI metricsUrl) {
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(metricsUrl).timeout(Duration.ofSeconds(15))
                    .header("Accept", "text/plain;version=0.0.4").GET().build(), HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? parse(r.body()) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    static After parse(String scrape) {
        Matcher m = COUNT.matcher(scrape);
        return m.find() ? new After(m.group(1), (long) Double.parseDouble(m.group(2))) : new After(null, 0);
    }

    /** Why the run's plant is not as planned; empty when it is. */
    public static List<String> problems(RunVariant variant, JsonNode settings, After after) {
        Plant wanted = variant.plant();
        List<String> problems = new ArrayList<>();
        String reported = settings == null ? null : Json.text(settings, "plant.spec");
        if (!wanted.planted()) {
            if (reported != null && !"none".equals(reported)) {
                problems.add("app plants " + reported + ", expected no plant");
            } else if (after != null && after.count() > 0) {
                problems.add("app ran a plant " + after.count() + " times, expected no plant");
            }
            return problems;
        }
        if (reported == null) {
            problems.add("the app does not report a plant (poolsettings plant); expected " + wanted.label()
                    + " (a build from before POOLBENCH_PLANT?)");
        } else if (!reported.equals(wanted.label())) {
            problems.add("app plants " + reported + ", expected " + wanted.label());
        } else if (after == null) {
            problems.add("plant counter not read after the load (poolbench_plant_count_total)");
        } else if (after.count() <= countBefore(settings)) {
            problems.add("planted " + wanted.label() + " but the app's plant counter did not move during the run ("
                    + after.count() + ")");
        }
        return problems;
    }

    private static long countBefore(JsonNode settings) {
        double n = Json.number(settings, "plant.count");
        return Double.isNaN(n) ? 0 : (long) n;
    }

    /**
     * {@code plant} (its label, a part of the run's grouping key) when --plant was given, and
     * {@code plantCheck}: the counter before and after the load and the nanoseconds it planted.
     */
    public static void addToRecord(ObjectNode record, RunVariant variant, JsonNode settings, After after) {
        if (!variant.showPlant()) {
            return;
        }
        record.put("plant", variant.plant().label());
        ObjectNode check = record.putObject("plantCheck");
        check.put("planted", variant.plant().planted());
        check.put("reported", settings == null ? null : Json.text(settings, "plant.spec"));
        check.put("countBefore", countBefore(settings));
        if (after != null) {
            check.put("countAfter", after.count());
        }
    }
}
