package dev.poolbench.webapp;

import static dev.poolbench.webapp.LoginSuite.assertNoStackTrace;
import static org.assertj.core.api.Assertions.assertThat;

import dev.poolbench.webapp.TestDatabase.TestUser;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec section on bad input, against the running app of a {@link LoginSuite}: a request the app
 * cannot take is a clear 4xx page without a stack trace and without a {@code login_log} row; an
 * odd but valid one (empty fields, SQL metacharacters) is an ordinary attempt.
 */
interface BadInputChecks extends LoginSuite {

    @Test
    default void missingFieldsAre400WithoutARow() {
        long rows = db().loginLogRows();
        for (String[] form : new String[][] {{null, "x"}, {"someone", null}, {null, null}}) {
            HttpResponse<String> response = browser().postLogin(form[0], form[1], db().freshIp());
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).contains("login and password are both required");
            assertNoStackTrace(response);
        }
        assertThat(db().loginLogRows()).isEqualTo(rows);
    }

    @Test
    default void emptyFieldsAreAnOrdinaryFailedAttempt() {
        long rows = db().loginLogRows();
        assertThat(attempt("", "", db().freshIp())).isEqualTo(WRONG);
        TestUser user = db().freshUser();
        assertThat(attempt(user.login(), "", db().freshIp())).isEqualTo(WRONG);
        assertThat(db().loginLogRows() - rows).isEqualTo(2);
    }

    @Test
    default void loginOrForwardedForLongerThanTheColumnIs400WithoutARow() {
        long rows = db().loginLogRows();
        HttpResponse<String> longLogin = browser().postLogin("a".repeat(10 * 1024), "x", db().freshIp());
        assertThat(longLogin.statusCode()).isEqualTo(400);
        assertThat(longLogin.body()).contains("longer than 255 characters");
        assertNoStackTrace(longLogin);
        HttpResponse<String> longIp = browser().postLogin("nobody", "x", "1.2.3.4,".repeat(40));
        assertThat(longIp.statusCode()).isEqualTo(400);
        assertThat(longIp.body()).contains("X-Forwarded-For");
        assertNoStackTrace(longIp);
        assertThat(db().loginLogRows()).isEqualTo(rows);
        // Exactly 255 characters (multi-byte included) still fit.
        String login255 = "\u00e9".repeat(255);
        assertThat(attempt(login255, "x", db().freshIp())).isEqualTo(WRONG);
        assertThat(db().lastRow().get(1)).isEqualTo(login255);
        assertThat(db().loginLogRows() - rows).isEqualTo(1);
    }

    @Test
    default void sqlMetacharactersAreJustCharacters() {
        long rows = db().loginLogRows();
        String login = "' OR '1'='1'; DROP TABLE users; -- \\ % _ \"";
        String ip = "'; DELETE FROM login_log; --";
        assertThat(attempt(login, "' OR 1=1 --", ip)).isEqualTo(WRONG);
        assertThat(db().lastRow().subList(0, 4)).containsExactly(null, login, ip, 0);
        assertThat(db().loginLogRows() - rows).isEqualTo(1);
    }

    @Test
    default void invalidUtf8Is400WithoutARow() {
        long rows = db().loginLogRows();
        for (byte[] body : List.of("login=%FF%FE%C3&password=%80x".getBytes(StandardCharsets.US_ASCII),
                new byte[] {'l', 'o', 'g', 'i', 'n', '=', (byte) 0xff, (byte) 0xfe, '&', 'p', 'a', 's', 's', 'w', 'o',
                        'r', 'd', '=', 'x'})) {
            HttpResponse<String> response = browser().postRaw("/login", body, db().freshIp());
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).contains("could not be decoded");
            assertNoStackTrace(response);
        }
        assertThat(db().loginLogRows()).isEqualTo(rows);
    }

    @Test
    default void wrongMethodsAre405() {
        for (String[] call : new String[][] {{"GET", "/login"}, {"DELETE", "/login"}, {"PUT", "/login"},
                {"POST", "/"}, {"POST", "/mypage"}, {"POST", "/report"}, {"DELETE", "/"}}) {
            HttpResponse<String> response = browser().send(call[0], call[1]);
            assertThat(response.statusCode()).as(call[0] + " " + call[1]).isEqualTo(405);
            assertNoStackTrace(response);
        }
    }
}
