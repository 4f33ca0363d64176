package dev.poolbench.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POOLBENCH_PLANT=cpu:500us} on the real app (hikari, the login suite's database): logins
 * run the plant once per borrow, each execution at least 500 µs, and the app reports it in
 * {@code /actuator/poolsettings} and {@code /actuator/prometheus}.
 */
class PlantIT {

    private static final int LOGINS = 20;
    private static final long PLANT_NANOS = 500_000;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void everyBorrowRunsThePlantOnce() throws Exception {
        TestDatabase db = TestDatabase.get();
        db.reset();
        try (ConfigurableApplicationContext app = AbstractLoginIT.start(db, "hikari",
                Map.of("POOLBENCH_PLANT", "cpu:500us"))) {
            String base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
            String management = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.management.port");
            long plantsBefore = plant(management).path("count").asLong();
            long holdsBefore = holds(management);
            for (int i = 0; i < LOGINS; i++) {
                TestDatabase.TestUser user = db.freshUser();
                HttpResponse<String> post = new Browser(base).postLogin(user.login(), user.password(), db.freshIp());
                assertThat(post.headers().firstValue("Location")).hasValue("/mypage");
            }
            // Each poolsettings read borrows one connection too (it reads the driver's version).
            JsonNode after = plant(management);
            long plants = after.path("count").asLong() - plantsBefore - 1;
            long borrows = holds(management) - holdsBefore - 1;
            assertThat(after.path("spec").asText()).isEqualTo("cpu:500us");
            assertThat(borrows).as("borrows of %d logins", LOGINS).isGreaterThanOrEqualTo(LOGINS);
            assertThat(plants).as("plant executions").isEqualTo(borrows);
            assertThat(after.path("plantedNanos").asLong()).isGreaterThanOrEqualTo(
                    after.path("count").asLong() * PLANT_NANOS);
            String scrape = get(management + "/actuator/prometheus");
            assertThat(scrape).contains("poolbench_plant_count_total{spec=\"cpu:500us\"}")
                    .contains("poolbench_plant_info{spec=\"cpu:500us\"} 1");
        }
    }

    private static JsonNode plant(String management) throws Exception {
        return JsonMapper.builder().build().readTree(get(management + "/actuator/poolsettings")).path("plant");
    }

    /** Connections returned so far (the hold histogram's count). */
    private static long holds(String management) throws Exception {
        return JsonMapper.builder().build().readTree(get(management + "/actuator/poolhistograms"))
                .path("holdCount").asLong();
    }

    private static String get(String url) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(url).isEqualTo(200);
        return response.body();
    }
}
