package dev.poolbench.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What the login suite's checks need of the app under test: the running app and its database,
 * the pool profile and session store it runs with, a browser, one login attempt. Implemented by
 * {@link AbstractLoginIT}, which starts the app once per pool profile; the checks are split by
 * concern into interfaces with default test methods ({@link BadInputChecks},
 * {@link PoolAndManagementChecks}), which JUnit runs for every class that implements them.
 */
interface LoginSuite {

    String WRONG = "Wrong username or password";
    String LOCKED = "This account is locked.";
    String BANNED = "You&#39;re banned.";
    String NOT_LOGGED_IN = "You must be logged in";
    String BUSY = "Service busy, try again";
    int POOL_SIZE = 2;
    int WAIT_MILLIS = 1000;
    /** Each suite's stall test waits this long once (12 suites: 24 s less than at 4 s); a statement takes ms. */
    int QUERY_TIMEOUT_SECONDS = 2;

    /** The pool profile (Spring profile) the app runs. */
    String profile();

    /** The session store the suite runs with (POOLBENCH_SESSION_STORE). */
    String sessionStore();

    TestDatabase db();

    ConfigurableApplicationContext app();

    String managementUrl();

    /** A fresh browser (no cookie) on the app's port. */
    Browser browser();

    /** POST /login in a fresh browser, then GET / with its cookie: the notice shown, or "mypage". */
    String attempt(String login, String password, String ip);

    /** A page the app answered with shows no exception, stack frame or Spring's error page. */
    static void assertNoStackTrace(HttpResponse<String> response) {
        assertThat(response.body()).doesNotContain("Exception", "\tat ", "at org.", "at java.", "Whitelabel");
    }
}
