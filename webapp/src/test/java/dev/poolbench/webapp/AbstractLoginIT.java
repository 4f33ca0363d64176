package dev.poolbench.webapp;

import static dev.poolbench.webapp.LoginSuite.assertNoStackTrace;
import static org.assertj.core.api.Assertions.assertThat;

import dev.poolbench.webapp.TestDatabase.TestUser;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * The whole spec (docs/spec/webapp.md) against the real app over real HTTP and a real
 * MariaDB, once per pool profile (tiny subclasses). The database is reset once per class; every
 * test uses its own users and ips, so tests do not depend on each other (except the first one,
 * which checks the untouched initial data).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class AbstractLoginIT implements BadInputChecks, PoolAndManagementChecks {

    private static final Pattern NOTICE = Pattern.compile(
            "<div id=\"notice-message\" class=\"alert alert-danger\" role=\"alert\">([^<]*)</div>");
    private static final Pattern LAST_AT = Pattern.compile("<dd id=\"last-logined-at\">([^<]*)</dd>");
    private static final Pattern LAST_IP = Pattern.compile("<dd id=\"last-logined-ip\">([^<]*)</dd>");

    TestDatabase db;
    ConfigurableApplicationContext app;
    String baseUrl;
    String managementUrl;

    /** The session store: the default here. */
    @Override
    public String sessionStore() {
        return "memory";
    }

    @Override
    public TestDatabase db() {
        return db;
    }

    @Override
    public ConfigurableApplicationContext app() {
        return app;
    }

    @Override
    public String managementUrl() {
        return managementUrl;
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

    @Override
    public Browser browser() {
        return new Browser(baseUrl);
    }

    @Override
    public String attempt(String login, String password, String ip) {
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
}
