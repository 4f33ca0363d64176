package dev.poolbench.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * POOLBENCH_WARMUP_SECONDS: the app drives its own pages and read statements before it reports
 * healthy, and leaves the database exactly as it found it (no login_log row, nothing locked or banned).
 */
class LoginWarmUpIT {

    @Test
    void warmsUpBeforeItIsHealthyAndWritesNothing() throws Exception {
        TestDatabase db = TestDatabase.get();
        db.reset();
        long rowsBefore = db.loginLogRows();
        long maxIdBefore = db.queryLong("SELECT MAX(id) FROM login_log");
        Map<String, String> settings = new LinkedHashMap<>(db.appSettings());
        settings.put("spring.profiles.active", "hikari");
        settings.put("server.port", "0");
        settings.put("POOLBENCH_MANAGEMENT_PORT", "0");
        settings.put("POOLBENCH_POOL_SIZE", "2");
        settings.put("POOLBENCH_WARMUP_SECONDS", "2");
        settings.put("logging.level.root", "WARN");
        long start = System.nanoTime();
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(PoolbenchApplication.class)
                .run(settings.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue())
                        .toArray(String[]::new))) {
            // run() returns after the application runners: the warm-up is over.
            assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(2_000);
            String management = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.management.port");
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> health = http.send(HttpRequest.newBuilder(URI.create(management + "/actuator/health"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"UP\"");
            // The warm-up's requests reached the app (the probe saw a request thread) and its
            // statements went through the pool (borrows counted by the timing wrapper).
            String settingsJson = http.send(HttpRequest.newBuilder(URI.create(management + "/actuator/poolsettings"))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
            assertThat(settingsJson).contains("\"requestThread\":{");
            String metrics = http.send(HttpRequest.newBuilder(URI.create(management + "/actuator/prometheus"))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
            assertThat(metrics).containsPattern("poolbench_pool_acquire_seconds_count\\{[^}]*\\} [1-9]");
        }
        assertThat(db.loginLogRows()).isEqualTo(rowsBefore);
        assertThat(db.queryLong("SELECT MAX(id) FROM login_log")).isEqualTo(maxIdBefore);
        assertThat(db.queryLong("SELECT AUTO_INCREMENT FROM information_schema.tables WHERE table_schema = "
                + "DATABASE() AND table_name = 'login_log'")).isEqualTo(maxIdBefore + 1);
    }
}
