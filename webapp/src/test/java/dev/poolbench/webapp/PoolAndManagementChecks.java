package dev.poolbench.webapp;

import static dev.poolbench.webapp.LoginSuite.assertNoStackTrace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The app when its pool or database cannot serve (the busy page within the wait, then recovery,
 * no row lost or added), and its management port (health, the settings read back from the live
 * pool and session store), against the running app of a {@link LoginSuite}.
 */
interface PoolAndManagementChecks extends LoginSuite {

    @Test
    default void poolExhaustionGivesTheBusyPageWithinTheWaitAndRecovers() throws Exception {
        assumeTrue(!profile().equals("nopool"), "no pool to exhaust (see the database stall test)");
        DataSource dataSource = app().getBean(DataSource.class);
        long rows = db().loginLogRows();
        List<Connection> held = new ArrayList<>();
        try {
            for (int i = 0; i < POOL_SIZE; i++) {
                held.add(dataSource.getConnection());
            }
            long start = System.nanoTime();
            HttpResponse<String> busy = browser().postLogin("nobody-busy", "x", db().freshIp());
            long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
            assertThat(busy.statusCode()).isEqualTo(503);
            assertThat(busy.body()).contains(BUSY);
            assertNoStackTrace(busy);
            assertThat(elapsedMillis).isBetween(WAIT_MILLIS - 100L, WAIT_MILLIS + 4_000L);
            assertThat(browser().get("/report").statusCode()).isEqualTo(503);
        } finally {
            for (Connection connection : held) {
                connection.close();
            }
        }
        assertThat(db().loginLogRows()).isEqualTo(rows);
        assertThat(attempt("nobody-after-busy", "x", db().freshIp())).isEqualTo(WRONG);
        assertThat(db().loginLogRows() - rows).isEqualTo(1);
    }

    @Test
    default void stalledDatabaseGivesTheBusyPageWithinTheQueryTimeoutAndRecovers() throws Exception {
        long rows = db().loginLogRows();
        try (Connection locker = db().connect(); Statement statement = locker.createStatement()) {
            statement.execute("LOCK TABLES login_log WRITE");
            try {
                long start = System.nanoTime();
                HttpResponse<String> busy = browser().postLogin("nobody-stall", "x", db().freshIp());
                long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
                assertThat(busy.statusCode()).isEqualTo(503);
                assertThat(busy.body()).contains(BUSY);
                assertNoStackTrace(busy);
                assertThat(elapsedMillis).isLessThan(QUERY_TIMEOUT_SECONDS * 1000L + 4_000L);
            } finally {
                statement.execute("UNLOCK TABLES");
            }
        }
        assertThat(db().loginLogRows()).isEqualTo(rows);
        assertThat(attempt("nobody-after-stall", "x", db().freshIp())).isEqualTo(WRONG);
        assertThat(db().loginLogRows() - rows).isEqualTo(1);
    }

    @Test
    default void managementPortServesHealthAndTheSettingsReadBackFromThePool() {
        Browser management = new Browser(managementUrl());
        HttpResponse<String> health = management.get("/actuator/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(JsonMapper.shared().readTree(health.body()).get("status").asString()).isEqualTo("UP");
        HttpResponse<String> response = management.get("/actuator/poolsettings");
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode settings = JsonMapper.shared().readTree(response.body());
        assertThat(settings.get("profile").asString()).isEqualTo(profile());
        assertThat(settings.get("mode").asString()).isEqualTo("equalized");
        assertThat(settings.get("matchesRequested").asBoolean()).as(response.body()).isTrue();
        assertThat(settings.get("mismatches")).isEmpty();
        assertThat(settings.get("requested").get("size").asInt()).isEqualTo(POOL_SIZE);
        assertThat(settings.get("serverVersion").asString()).contains("MariaDB");
        // The releases the app runs, read from its jars: what every kept answer names.
        JsonNode releases = settings.get("releases");
        assertThat(releases.get("driver").asString()).matches("mysql-connector-j \\d+\\.\\d+\\.\\d+");
        assertThat(releases.get("pool").asString()).as(releases.toString())
                .matches(profile().equals("nopool") ? "none" : "[A-Za-z][\\w.-]* \\d+(\\.\\d+)+");
        if (!profile().equals("nopool")) {
            assertThat(settings.get("effective").get("maxSize").asInt()).isEqualTo(POOL_SIZE);
            assertThat(settings.get("effective").get("waitMillis").asInt()).isEqualTo(WAIT_MILLIS);
        }
        JsonNode session = settings.get("session");
        assertThat(session.get("store").asString()).isEqualTo(sessionStore());
        assertThat(session.get("matchesRequested").asBoolean()).as(session.toString()).isTrue();
        if (sessionStore().equals("memory")) {
            // The default store has no Redis bean, no Redis health contributor, no Redis meter.
            assertThat(app().getBeanNamesForType(org.springframework.data.redis.connection.RedisConnectionFactory.class)).isEmpty();
            assertThat(app().containsBean("redis")).isFalse();
            assertThat(management.get("/actuator/prometheus").body())
                    .contains("poolbench_session_info{mode=\"none\",pool_size=\"none\",store=\"memory\"}")
                    .doesNotContain("lettuce_", "poolbench_redis_", "commons_pool2_");
        }
        // The thread mode read back (default: platform threads); VirtualThreadsIT checks virtual.
        assertThat(browser().get("/").statusCode()).isEqualTo(200);
        JsonNode threads = JsonMapper.shared().readTree(management.get("/actuator/poolsettings").body()).get("threads");
        assertThat(threads.get("requested").asString()).isEqualTo("platform");
        assertThat(threads.get("active").asString()).isEqualTo("platform");
        assertThat(threads.get("requestThread").get("virtual").asBoolean()).isFalse();
        assertThat(threads.get("matchesRequested").asBoolean()).isTrue();
    }
}
