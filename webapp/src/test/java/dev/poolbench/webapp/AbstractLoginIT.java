package dev.poolbench.webapp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.poolbench.webapp.TestDatabase.TestUser;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole spec (docs: shared/spec/webapp.md) against the real app over real HTTP and a real
 * MariaDB, once per pool profile (tiny subclasses). The database is reset once per class; every
 * test uses its own users and ips, so tests do not depend on each other (except the first one,
 * which checks the untouched initial data).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class AbstractLoginIT {

    static final String WRONG = "Wrong username or password";
    static final String LOCKED = "This account is locked.";
    static final String BANNED = "You&#39;re banned.";
    static final String NOT_LOGGED_IN = "You must be logged in";
    static final String BUSY = "Service busy, try again";
    static final int POOL_SIZE = 2;
    static final int WAIT_MILLIS = 1000;
    static final int QUERY_TIMEOUT_SECONDS = 4;
    private static final Pattern NOTICE = Pattern.compile(
            "<div id=\"notice-message\" class=\"alert alert-danger\" role=\"alert\">([^<]*)</div>");
    private static final Pattern LAST_AT = Pattern.compile("<dd id=\"last-logined-at\">([^<]*)</dd>");
    private static final Pattern LAST_IP = Pattern.compile("<dd id=\"last-logined-ip\">([^<]*)</dd>");

    TestDatabase db;
    ConfigurableApplicationContext app;
    String baseUrl;
    String managementUrl;

    abstract String profile();

    /** The session store the suite runs with (POOLBENCH_SESSION_STORE): the default here. */
    String sessionStore() {
        return "memory";
    }

    /** Settings a suite adds to the app's (the session store of the Redis suites); none here. */
    Map<String, String> extraSettings() {
        return Map.of();
    }

    @BeforeAll
    void startApp() {
        db = TestDatabase.get();
        db.reset();
        app = start(db, profile(), extraSettings());
        baseUrl = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
        managementUrl = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.management.port");
    }

    @AfterAll
    void stopApp() {
        if (app != null) {
            app.close();
        }
    }

    static ConfigurableApplicationContext start(TestDatabase db, String profile, Map<String, String> extra) {
        Map<String, String> settings = new LinkedHashMap<>(db.appSettings());
        settings.put("spring.profiles.active", profile);
        settings.put("server.port", "0");
        settings.put("POOLBENCH_MANAGEMENT_PORT", "0");
        settings.put("POOLBENCH_POOL_SIZE", String.valueOf(POOL_SIZE));
        settings.put("POOLBENCH_POOL_WAIT_MILLIS", String.valueOf(WAIT_MILLIS));
        settings.put("POOLBENCH_QUERY_TIMEOUT_SECONDS", String.valueOf(QUERY_TIMEOUT_SECONDS));
        settings.put("logging.level.root", "WARN");
        settings.putAll(extra);
        String[] args = settings.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue())
                .toArray(String[]::new);
        return new SpringApplicationBuilder(PoolbenchApplication.class).run(args);
    }

    Browser browser() {
        return new Browser(baseUrl);
    }

    /** POST /login in a fresh browser, then GET / with its cookie: the notice shown, or "mypage". */
    String attempt(String login, String password, String ip) {
        Browser browser = browser();
        HttpResponse<String> post = browser.postLogin(login, password, ip);
        assertThat(post.statusCode()).isIn(302, 303);
        String location = post.headers().firstValue("Location").orElseThrow();
        if (location.equals("/mypage")) {
            return "mypage";
        }
        assertThat(location).isEqualTo("/");
        return notice(browser.get("/").body());
    }

    static String notice(String html) {
        Matcher m = NOTICE.matcher(html);
        return m.find() ? m.group(1) : null;
    }

    static void assertNoStackTrace(HttpResponse<String> response) {
        assertThat(response.body()).doesNotContain("Exception", "\tat ", "at org.", "at java.", "Whitelabel");
    }

    JsonNode report() {
        HttpResponse<String> response = browser().get("/report");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        return JsonMapper.shared().readTree(response.body());
    }

    static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(n -> values.add(n.asString()));
        return values;
    }

    // --- initial data ------------------------------------------------------------------------

    @Test
    @Order(1)
    void reportRightAfterLoadListsTheInitiallyLockedUsersAndNoIp() {
        JsonNode report = report();
        List<String> locked = strings(report.get("locked_users"));
        assertThat(locked).hasSize(db.initiallyLockedUsers).hasSize(2500);
        assertThat(new HashSet<>(locked)).hasSize(locked.size());
        assertThat(strings(report.get("banned_ips"))).isEmpty();
    }

    // --- pages and redirects -----------------------------------------------------------------

    @Test
    void loginPageHasTheCheckedShapeAndEveryAssetAnswers200() {
        HttpResponse<String> page = browser().get("/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Set-Cookie")).isEmpty();
        String html = page.body();
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<meta charset=\"UTF-8\">", "<title>isucon4</title>",
                "action=\"/login\"", "name=\"login\"", "name=\"password\"", "type=\"submit\"");
        assertThat(notice(html)).isNull();
        Matcher assets = Pattern.compile("(?:href|src)=\"(/[^\"]+)\"").matcher(html);
        int count = 0;
        while (assets.find()) {
            if (!assets.group(1).equals("/")) {
                assertThat(browser().get(assets.group(1)).statusCode()).as(assets.group(1)).isEqualTo(200);
                count++;
            }
        }
        assertThat(count).isEqualTo(3);
    }

    @Test
    void bootstrapCssIsTheContestFileAndContestOnlyNamesAreNotServed() throws Exception {
        HttpResponse<String> css = browser().get("/stylesheets/bootstrap.min.css");
        assertThat(css.statusCode()).isEqualTo(200);
        byte[] md5 = java.security.MessageDigest.getInstance("MD5")
                .digest(css.body().getBytes(StandardCharsets.UTF_8));
        assertThat(java.util.HexFormat.of().formatHex(md5)).isEqualTo("385b964b68acb68d23cb43a5218fade9");
        for (String path : List.of("/stylesheets/isucon-bank.css", "/images/isucon-bank.png",
                "/stylesheets/bootflat.min.css", "/webjars/bootstrap/3.2.0/css/bootstrap.min.css", "/nope",
                "/actuator/health", "/actuator/poolsettings", "/login/x")) {
            HttpResponse<String> response = browser().get(path);
            assertThat(response.statusCode()).as(path).isEqualTo(404);
            assertNoStackTrace(response);
        }
    }

    @Test
    void successRedirectsRelativelyToMypageWithANonSecureCookieAndShowsTheFirstSuccess() {
        TestUser user = db.freshUser();
        String ip = db.freshIp();
        Browser browser = browser();
        String before = LocalDateTime.now().withNano(0).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        HttpResponse<String> post = browser.postLogin(user.login(), user.password(), ip);
        assertThat(post.statusCode()).isIn(302, 303);
        assertThat(post.headers().allValues("Location")).containsExactly("/mypage");
        String setCookie = post.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(setCookie.toLowerCase()).doesNotContain("secure");
        HttpResponse<String> mypage = browser.get("/mypage");
        assertThat(mypage.statusCode()).isEqualTo(200);
        String html = mypage.body();
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<title>isucon4</title>", user.login());
        Matcher at = LAST_AT.matcher(html);
        assertThat(at.find()).isTrue();
        assertThat(at.group(1)).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d").isGreaterThanOrEqualTo(before);
        Matcher lastIp = LAST_IP.matcher(html);
        assertThat(lastIp.find()).isTrue();
        assertThat(lastIp.group(1)).isEqualTo(ip);
        assertThat(html).doesNotContain(";jsessionid");
    }

    @Test
    void mypageShowsThePreviousSuccessNotTheCurrentOne() {
        TestUser user = db.freshUser();
        String firstIp = db.freshIp();
        String secondIp = db.freshIp();
        assertThat(attempt(user.login(), user.password(), firstIp)).isEqualTo("mypage");
        assertThat(attempt(user.login(), "wrong", db.freshIp())).isEqualTo(WRONG);
        Browser browser = browser();
        assertThat(browser.postLogin(user.login(), user.password(), secondIp).headers().firstValue("Location"))
                .contains("/mypage");
        Matcher lastIp = LAST_IP.matcher(browser.get("/mypage").body());
        assertThat(lastIp.find()).isTrue();
        assertThat(lastIp.group(1)).isEqualTo(firstIp);
    }

    @Test
    void mypageWithoutSessionRedirectsWithANoticeShownOnce() {
        Browser browser = browser();
        HttpResponse<String> mypage = browser.get("/mypage");
        assertThat(mypage.statusCode()).isIn(302, 303);
        assertThat(mypage.headers().allValues("Location")).containsExactly("/");
        assertThat(notice(browser.get("/").body())).isEqualTo(NOT_LOGGED_IN);
        assertThat(notice(browser.get("/").body())).isNull();
    }

    @Test
    void forgedOrGarbageCookiesAreNoSession() {
        for (String cookie : List.of("JSESSIONID=0123456789ABCDEF0123456789ABCDEF", "JSESSIONID=';--<x>",
                "garbage", "JSESSIONID=")) {
            Browser browser = browser();
            browser.setCookie(cookie);
            HttpResponse<String> mypage = browser.get("/mypage");
            assertThat(mypage.statusCode()).as(cookie).isIn(302, 303);
            assertThat(mypage.headers().firstValue("Location")).contains("/");
            assertNoStackTrace(mypage);
        }
    }

    // --- the login algorithm -----------------------------------------------------------------

    @Test
    void thirdWrongPasswordIsStillWrongAndTheFourthAttemptIsLockedEvenWithTheRightPassword() {
        TestUser user = db.freshUser();
        long rows = db.loginLogRows();
        for (int i = 0; i < 3; i++) {
            assertThat(attempt(user.login(), "wrong" + i, db.freshIp())).isEqualTo(WRONG);
        }
        assertThat(strings(report().get("locked_users"))).contains(user.login());
        assertThat(attempt(user.login(), user.password(), db.freshIp())).isEqualTo(LOCKED);
        assertThat(attempt(user.login(), "wrong", db.freshIp())).isEqualTo(LOCKED);
        assertThat(db.loginLogRows() - rows).isEqualTo(5);
        assertThat(db.lastRow().subList(0, 4)).containsExactly(user.id(), user.login(), db.lastRow().get(2), 0);
    }

    @Test
    void tenthFailureOfAnIpStillCountsAndTheEleventhAttemptIsBannedEvenForAKnownUserWithTheRightPassword() {
        String ip = db.freshIp();
        long rows = db.loginLogRows();
        for (int i = 0; i < 10; i++) {
            assertThat(attempt("nobody-" + ip + "-" + i, "x", ip)).isEqualTo(WRONG);
        }
        assertThat(strings(report().get("banned_ips"))).contains(ip);
        TestUser user = db.freshUser();
        assertThat(attempt(user.login(), user.password(), ip)).isEqualTo(BANNED);
        assertThat(db.lastRow()).containsExactly(user.id(), user.login(), ip, 0, db.lastRow().get(4));
        assertThat(db.loginLogRows() - rows).isEqualTo(11);
        // The ban is per ip: the same user elsewhere succeeds.
        assertThat(attempt(user.login(), user.password(), db.freshIp())).isEqualTo("mypage");
    }

    @Test
    void banWinsOverLockWhichWinsOverUnknownUserAndPassword() {
        TestUser locked = db.freshUser();
        for (int i = 0; i < 3; i++) {
            attempt(locked.login(), "wrong", db.freshIp());
        }
        String bannedIp = db.freshIp();
        for (int i = 0; i < 10; i++) {
            attempt("nobody-" + bannedIp + "-" + i, "x", bannedIp);
        }
        assertThat(attempt(locked.login(), locked.password(), bannedIp)).isEqualTo(BANNED);
        assertThat(attempt("unknown-" + bannedIp, "x", bannedIp)).isEqualTo(BANNED);
        assertThat(attempt(locked.login(), locked.password(), db.freshIp())).isEqualTo(LOCKED);
        assertThat(attempt("unknown-" + bannedIp, "x", db.freshIp())).isEqualTo(WRONG);
    }

    @Test
    void unknownLoginIsWrongAndLoggedWithNullUserAndTheLoginAsTyped() {
        String ip = db.freshIp();
        long rows = db.loginLogRows();
        assertThat(attempt("NoSuchUser-" + ip, "x", ip)).isEqualTo(WRONG);
        assertThat(db.loginLogRows() - rows).isEqualTo(1);
        List<Object> row = db.lastRow();
        assertThat(row.subList(0, 4)).containsExactly(null, "NoSuchUser-" + ip, ip, 0);
    }

    @Test
    void loginIsCaseInsensitiveAndLoggedAsTypedWithLocalTime() {
        TestUser user = db.freshUser();
        String ip = db.freshIp();
        String typed = user.login().toUpperCase(java.util.Locale.ROOT);
        String before = LocalDateTime.now().withNano(0).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        assertThat(attempt(typed, user.password(), ip)).isEqualTo("mypage");
        String after = LocalDateTime.now().withNano(0).plusSeconds(1)
                .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        List<Object> row = db.lastRow();
        assertThat(row.subList(0, 4)).containsExactly(user.id(), typed, ip, 1);
        assertThat((String) row.get(4)).isBetween(before, after);
    }

    @Test
    void successResetsTheCountsOfItsIpAndItsUser() {
        TestUser user = db.freshUser();
        String ip = db.freshIp();
        for (int i = 0; i < 9; i++) {
            assertThat(attempt("nobody-" + ip + "-" + i, "x", ip)).isEqualTo(WRONG);
        }
        assertThat(attempt(user.login(), "wrong", db.freshIp())).isEqualTo(WRONG);
        assertThat(attempt(user.login(), "wrong", db.freshIp())).isEqualTo(WRONG);
        assertThat(attempt(user.login(), user.password(), ip)).isEqualTo("mypage");
        // Counting starts again after the success: 9 more failures of the ip, 2 of the user, no ban/lock.
        for (int i = 0; i < 9; i++) {
            assertThat(attempt("nobody-again-" + ip + "-" + i, "x", ip)).isEqualTo(WRONG);
        }
        assertThat(attempt(user.login(), "wrong", db.freshIp())).isEqualTo(WRONG);
        assertThat(attempt(user.login(), "wrong", db.freshIp())).isEqualTo(WRONG);
        JsonNode report = report();
        assertThat(strings(report.get("banned_ips"))).doesNotContain(ip);
        assertThat(strings(report.get("locked_users"))).doesNotContain(user.login());
        // One more each reaches the thresholds after the last success.
        assertThat(attempt("nobody-last-" + ip, "x", ip)).isEqualTo(WRONG);
        assertThat(attempt(user.login(), "wrong", db.freshIp())).isEqualTo(WRONG);
        report = report();
        assertThat(strings(report.get("banned_ips"))).contains(ip);
        assertThat(strings(report.get("locked_users"))).contains(user.login());
        assertThat(attempt(user.login(), user.password(), ip)).isEqualTo(BANNED);
        assertThat(attempt(user.login(), user.password(), db.freshIp())).isEqualTo(LOCKED);
    }

    @Test
    void reportHasNoDuplicatesAndUsesLoginNames() {
        TestUser user = db.freshUser();
        for (int i = 0; i < 5; i++) {
            attempt(user.login(), "wrong", db.freshIp());
        }
        String ip = db.freshIp();
        for (int i = 0; i < 12; i++) {
            attempt("nobody-" + ip + "-" + i, "x", ip);
        }
        JsonNode report = report();
        List<String> locked = strings(report.get("locked_users"));
        List<String> banned = strings(report.get("banned_ips"));
        assertThat(locked).containsOnlyOnce(user.login());
        assertThat(banned).containsOnlyOnce(ip);
        assertThat(new HashSet<>(locked)).hasSize(locked.size());
        assertThat(new HashSet<>(banned)).hasSize(banned.size());
    }

    @Test
    void clientIpIsTheWholeRawForwardedForHeaderElseTheRemoteAddress() {
        // Leading/trailing blanks are not part of an HTTP header value; everything between them is kept.
        String raw = db.freshIp() + ", 192.0.2.1 ,x";
        assertThat(attempt("nobody-xff", "x", raw)).isEqualTo(WRONG);
        assertThat(db.lastRow().get(2)).isEqualTo(raw);
        assertThat(attempt("nobody-xff", "x", null)).isEqualTo(WRONG);
        assertThat((String) db.lastRow().get(2)).isIn("127.0.0.1", "0:0:0:0:0:0:0:1");
        assertThat(attempt("nobody-xff", "x", "")).isEqualTo(WRONG);
        assertThat((String) db.lastRow().get(2)).isIn("127.0.0.1", "0:0:0:0:0:0:0:1");
    }

    @Test
    void noticeIsRenderedOnceThenRemoved() {
        Browser browser = browser();
        browser.postLogin("nobody-once", "x", db.freshIp());
        assertThat(notice(browser.get("/").body())).isEqualTo(WRONG);
        HttpResponse<String> again = browser.get("/");
        assertThat(notice(again.body())).isNull();
        assertThat(again.body()).doesNotContain("notice-message");
    }

    // --- bad input -----------------------------------------------------------------------------

    @Test
    void missingFieldsAre400WithoutARow() {
        long rows = db.loginLogRows();
        for (String[] form : new String[][] {{null, "x"}, {"someone", null}, {null, null}}) {
            HttpResponse<String> response = browser().postLogin(form[0], form[1], db.freshIp());
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).contains("login and password are both required");
            assertNoStackTrace(response);
        }
        assertThat(db.loginLogRows()).isEqualTo(rows);
    }

    @Test
    void emptyFieldsAreAnOrdinaryFailedAttempt() {
        long rows = db.loginLogRows();
        assertThat(attempt("", "", db.freshIp())).isEqualTo(WRONG);
        TestUser user = db.freshUser();
        assertThat(attempt(user.login(), "", db.freshIp())).isEqualTo(WRONG);
        assertThat(db.loginLogRows() - rows).isEqualTo(2);
    }

    @Test
    void loginOrForwardedForLongerThanTheColumnIs400WithoutARow() {
        long rows = db.loginLogRows();
        HttpResponse<String> longLogin = browser().postLogin("a".repeat(10 * 1024), "x", db.freshIp());
        assertThat(longLogin.statusCode()).isEqualTo(400);
        assertThat(longLogin.body()).contains("longer than 255 characters");
        assertNoStackTrace(longLogin);
        HttpResponse<String> longIp = browser().postLogin("nobody", "x", "1.2.3.4,".repeat(40));
        assertThat(longIp.statusCode()).isEqualTo(400);
        assertThat(longIp.body()).contains("X-Forwarded-For");
        assertNoStackTrace(longIp);
        assertThat(db.loginLogRows()).isEqualTo(rows);
        // Exactly 255 characters (multi-byte included) still fit.
        String login255 = "\u00e9".repeat(255);
        assertThat(attempt(login255, "x", db.freshIp())).isEqualTo(WRONG);
        assertThat(db.lastRow().get(1)).isEqualTo(login255);
        assertThat(db.loginLogRows() - rows).isEqualTo(1);
    }

    @Test
    void sqlMetacharactersAreJustCharacters() {
        long rows = db.loginLogRows();
        String login = "' OR '1'='1'; DROP TABLE users; -- \\ % _ \"";
        String ip = "'; DELETE FROM login_log; --";
        assertThat(attempt(login, "' OR 1=1 --", ip)).isEqualTo(WRONG);
        assertThat(db.lastRow().subList(0, 4)).containsExactly(null, login, ip, 0);
        assertThat(db.loginLogRows() - rows).isEqualTo(1);
    }

    @Test
    void invalidUtf8Is400WithoutARow() {
        long rows = db.loginLogRows();
        for (byte[] body : List.of("login=%FF%FE%C3&password=%80x".getBytes(StandardCharsets.US_ASCII),
                new byte[] {'l', 'o', 'g', 'i', 'n', '=', (byte) 0xff, (byte) 0xfe, '&', 'p', 'a', 's', 's', 'w', 'o',
                        'r', 'd', '=', 'x'})) {
            HttpResponse<String> response = browser().postRaw("/login", body, db.freshIp());
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).contains("could not be decoded");
            assertNoStackTrace(response);
        }
        assertThat(db.loginLogRows()).isEqualTo(rows);
    }

    @Test
    void wrongMethodsAre405() {
        for (String[] call : new String[][] {{"GET", "/login"}, {"DELETE", "/login"}, {"PUT", "/login"},
                {"POST", "/"}, {"POST", "/mypage"}, {"POST", "/report"}, {"DELETE", "/"}}) {
            HttpResponse<String> response = browser().send(call[0], call[1]);
            assertThat(response.statusCode()).as(call[0] + " " + call[1]).isEqualTo(405);
            assertNoStackTrace(response);
        }
    }

    // --- exhaustion, stall, management ----------------------------------------------------------

    @Test
    void poolExhaustionGivesTheBusyPageWithinTheWaitAndRecovers() throws Exception {
        assumeTrue(!profile().equals("nopool"), "no pool to exhaust (see the database stall test)");
        DataSource dataSource = app.getBean(DataSource.class);
        long rows = db.loginLogRows();
        List<Connection> held = new ArrayList<>();
        try {
            for (int i = 0; i < POOL_SIZE; i++) {
                held.add(dataSource.getConnection());
            }
            long start = System.nanoTime();
            HttpResponse<String> busy = browser().postLogin("nobody-busy", "x", db.freshIp());
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
        assertThat(db.loginLogRows()).isEqualTo(rows);
        assertThat(attempt("nobody-after-busy", "x", db.freshIp())).isEqualTo(WRONG);
        assertThat(db.loginLogRows() - rows).isEqualTo(1);
    }

    @Test
    void stalledDatabaseGivesTheBusyPageWithinTheQueryTimeoutAndRecovers() throws Exception {
        long rows = db.loginLogRows();
        try (Connection locker = db.connect(); Statement statement = locker.createStatement()) {
            statement.execute("LOCK TABLES login_log WRITE");
            try {
                long start = System.nanoTime();
                HttpResponse<String> busy = browser().postLogin("nobody-stall", "x", db.freshIp());
                long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
                assertThat(busy.statusCode()).isEqualTo(503);
                assertThat(busy.body()).contains(BUSY);
                assertNoStackTrace(busy);
                assertThat(elapsedMillis).isLessThan(QUERY_TIMEOUT_SECONDS * 1000L + 4_000L);
            } finally {
                statement.execute("UNLOCK TABLES");
            }
        }
        assertThat(db.loginLogRows()).isEqualTo(rows);
        assertThat(attempt("nobody-after-stall", "x", db.freshIp())).isEqualTo(WRONG);
        assertThat(db.loginLogRows() - rows).isEqualTo(1);
    }

    @Test
    void managementPortServesHealthAndTheSettingsReadBackFromThePool() {
        Browser management = new Browser(managementUrl);
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
        if (!profile().equals("nopool")) {
            assertThat(settings.get("effective").get("maxSize").asInt()).isEqualTo(POOL_SIZE);
            assertThat(settings.get("effective").get("waitMillis").asInt()).isEqualTo(WAIT_MILLIS);
        }
        JsonNode session = settings.get("session");
        assertThat(session.get("store").asString()).isEqualTo(sessionStore());
        assertThat(session.get("matchesRequested").asBoolean()).as(session.toString()).isTrue();
        if (sessionStore().equals("memory")) {
            // The default store has no Redis bean, no Redis health contributor, no Redis meter.
            assertThat(app.getBeanNamesForType(org.springframework.data.redis.connection.RedisConnectionFactory.class)).isEmpty();
            assertThat(app.containsBean("redis")).isFalse();
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
