package dev.poolbench.webapp;

import static dev.poolbench.webapp.LoginSuite.BANNED;
import static dev.poolbench.webapp.LoginSuite.LOCKED;
import static dev.poolbench.webapp.LoginSuite.WRONG;
import static org.assertj.core.api.Assertions.assertThat;

import dev.poolbench.webapp.TestDatabase.TestUser;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The login flow on PostgreSQL (pgjdbc, POOLBENCH_DATABASE=postgres), once per pool of the catalogue,
 * against a real local PostgreSQL ({@link TestDatabase#postgres()}) over real HTTP: /report on the
 * initial data, a success and /mypage's last login, case-insensitive login, the user lock, the ip
 * ban and the rows written. The whole spec runs per pool on MariaDB ({@link AbstractLoginIT});
 * this is the part where the database shows through, kept to seconds per profile.
 */
class PostgresLoginIT {

    private static final Pattern LAST_AT = Pattern.compile("<dd id=\"last-logined-at\">([^<]*)</dd>");
    private static final Pattern LAST_IP = Pattern.compile("<dd id=\"last-logined-ip\">([^<]*)</dd>");

    @ParameterizedTest
    @FieldSource("dev.poolbench.webapp.pool.PoolProfiles#ALL")
    void loginFlowOnPostgres(String profile) {
        TestDatabase db = TestDatabase.postgres();
        db.reset();
        try (ConfigurableApplicationContext app = AbstractLoginIT.start(db, profile, Map.of())) {
            String baseUrl = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
            assertThat(app.getEnvironment().getProperty("POOLBENCH_DATABASE")).isEqualTo("postgres");

            JsonNode initial = report(baseUrl);
            assertThat(initial.get("locked_users")).hasSize(2500);
            assertThat(initial.get("banned_ips")).isEmpty();

            TestUser user = db.freshUser();
            String ip = db.freshIp();
            long rows = db.loginLogRows();
            String before = LocalDateTime.now().withNano(0).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
            Browser browser = new Browser(baseUrl);
            HttpResponse<String> post = browser.postLogin(user.login().toUpperCase(), user.password(), ip);
            assertThat(post.headers().allValues("Location")).containsExactly("/mypage");
            String mypage = browser.get("/mypage").body();
            assertThat(mypage).contains(user.login().toUpperCase());
            assertThat(group(LAST_AT, mypage)).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d")
                    .isGreaterThanOrEqualTo(before);
            assertThat(group(LAST_IP, mypage)).isEqualTo(ip);
            List<Object> row = db.lastRow();
            assertThat(row.subList(0, 4)).containsExactly(user.id(), user.login().toUpperCase(), ip, 1);
            assertThat((String) row.get(4)).isEqualTo(group(LAST_AT, mypage));

            for (int i = 0; i < 3; i++) {
                assertThat(attempt(baseUrl, user.login(), "wrong", db.freshIp())).isEqualTo(WRONG);
            }
            assertThat(attempt(baseUrl, user.login(), user.password(), db.freshIp())).isEqualTo(LOCKED);
            String bannedIp = db.freshIp();
            for (int i = 0; i < 10; i++) {
                assertThat(attempt(baseUrl, "nobody-" + profile, "x", bannedIp)).isEqualTo(WRONG);
            }
            assertThat(attempt(baseUrl, "nobody-" + profile, "x", bannedIp)).isEqualTo(BANNED);
            assertThat(db.lastRow().subList(0, 4)).containsExactly(null, "nobody-" + profile, bannedIp, 0);
            assertThat(db.loginLogRows() - rows).isEqualTo(1 + 4 + 11);

            JsonNode after = report(baseUrl);
            assertThat(after.get("locked_users")).hasSize(2501);
            assertThat(AbstractLoginIT.strings(after.get("banned_ips"))).containsExactly(bannedIp);

            // The pool metrics see pgjdbc's physical connections (unwrapped to BaseConnection): a
            // pool opens no more than its size, where a per-borrow proxy would count every borrow.
            String metrics = new Browser("http://127.0.0.1:" + app.getEnvironment().getProperty("local.management.port"))
                    .get("/actuator/prometheus").body();
            double opened = Double.parseDouble(group(OPENED, metrics));
            if (profile.equals("nopool")) {
                assertThat(opened).isGreaterThan(LoginSuite.POOL_SIZE);
            } else {
                assertThat(opened).as("physical connections of " + profile).isBetween(1.0, (double) LoginSuite.POOL_SIZE);
            }
        }
    }

    private static final Pattern OPENED = Pattern.compile("(?m)^poolbench_pool_connections_opened_total\\{[^}]*} ([0-9.E]+)$");

    /** A statement stuck behind a lock ends at the query timeout as the busy page (pgjdbc's cancel is a DataAccessException too). */
    @Test
    void stalledDatabaseGivesTheBusyPageWithinTheQueryTimeout() throws Exception {
        TestDatabase db = TestDatabase.postgres();
        try (ConfigurableApplicationContext app = AbstractLoginIT.start(db, "hikari", Map.of());
             Connection locker = db.connect(); Statement statement = locker.createStatement()) {
            String baseUrl = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
            long rows = db.loginLogRows();
            locker.setAutoCommit(false);
            statement.execute("LOCK TABLE login_log IN ACCESS EXCLUSIVE MODE");
            long start = System.nanoTime();
            HttpResponse<String> busy = new Browser(baseUrl).postLogin("nobody-stall", "x", db.freshIp());
            long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
            locker.rollback();
            assertThat(busy.statusCode()).isEqualTo(503);
            assertThat(busy.body()).contains(LoginSuite.BUSY);
            LoginSuite.assertNoStackTrace(busy);
            assertThat(elapsedMillis).isLessThan(LoginSuite.QUERY_TIMEOUT_SECONDS * 1000L + 4_000L);
            assertThat(db.loginLogRows()).isEqualTo(rows);
            assertThat(attempt(baseUrl, "nobody-after-stall", "x", db.freshIp())).isEqualTo(WRONG);
        }
    }

    private static String attempt(String baseUrl, String login, String password, String ip) {
        Browser browser = new Browser(baseUrl);
        String location = browser.postLogin(login, password, ip).headers().firstValue("Location").orElseThrow();
        return location.equals("/mypage") ? "mypage" : AbstractLoginIT.notice(browser.get("/").body());
    }

    private static JsonNode report(String baseUrl) {
        HttpResponse<String> response = new Browser(baseUrl).get("/report");
        assertThat(response.statusCode()).isEqualTo(200);
        return JsonMapper.shared().readTree(response.body());
    }

    private static String group(Pattern pattern, String html) {
        Matcher m = pattern.matcher(html);
        assertThat(m.find()).as(pattern.pattern()).isTrue();
        return m.group(1);
    }
}
