package dev.poolbench.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.poolbench.webapp.pool.PoolProfiles;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Every pool profile starts while its database is down (not fatal: health DOWN, requests answer
 * 503 within the wait, never 500), and serves again once the database is reachable, without a
 * restart of the app.
 */
class DatabaseComesBackIT {

    static final java.util.List<String> PROFILES = PoolProfiles.ALL;
    private static final long RECOVERY_LIMIT_MILLIS = 30_000;

    @ParameterizedTest
    @FieldSource("PROFILES")
    void startsWithTheDatabaseDownAndServesOnceItIsBack(String profile) throws Exception {
        TestDatabase db = TestDatabase.get();
        try (TcpForwarder database = new TcpForwarder(db.host, db.port);
             ConfigurableApplicationContext app = start(db, profile, database.port())) {
            Browser browser = new Browser("http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port"));
            Browser management = new Browser(
                    "http://127.0.0.1:" + app.getEnvironment().getProperty("local.management.port"));
            assertThat(management.get("/actuator/health").statusCode()).as(profile).isEqualTo(503);
            HttpResponse<String> down = browser.postLogin("nobody-down", "x", db.freshIp());
            assertThat(down.statusCode()).as(profile).isEqualTo(503);
            assertThat(down.body()).contains(AbstractLoginIT.BUSY);

            database.open();
            long start = System.nanoTime();
            int status;
            do {
                Thread.sleep(200);
                status = browser.postLogin("nobody-back-" + profile, "x", db.freshIp()).statusCode();
            } while (status == 503 && (System.nanoTime() - start) / 1_000_000 < RECOVERY_LIMIT_MILLIS);
            assertThat(status).as(profile + ": a login once the database is back").isIn(302, 303);
            assertThat(management.get("/actuator/health").statusCode()).as(profile).isEqualTo(200);
        }
    }

    private static ConfigurableApplicationContext start(TestDatabase db, String profile, int port) {
        Map<String, String> settings = new LinkedHashMap<>(db.appSettings());
        settings.put("ISU4_DB_HOST", "127.0.0.1");
        settings.put("ISU4_DB_PORT", String.valueOf(port));
        settings.put("spring.profiles.active", profile);
        settings.put("server.port", "0");
        settings.put("POOLBENCH_MANAGEMENT_PORT", "0");
        settings.put("POOLBENCH_POOL_SIZE", "2");
        settings.put("POOLBENCH_POOL_WAIT_MILLIS", "1000");
        settings.put("POOLBENCH_QUERY_TIMEOUT_SECONDS", "4");
        settings.put("management.endpoint.health.show-details", "never");
        settings.put("logging.level.root", "WARN");
        String[] args = settings.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue())
                .toArray(String[]::new);
        return new SpringApplicationBuilder(PoolbenchApplication.class).run(args);
    }
}
