package dev.poolbench.bench.load.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PageParserTest {
    private static final String LOGIN = """
            <!DOCTYPE html><html><head><meta charset="UTF-8">
            <link rel="stylesheet" href="/stylesheets/bootstrap.min.css">
            <link href='/stylesheets/own.css' rel="stylesheet"/>
            <script src="/js/app.js"></script><script>var x = 1;</script>
            <title>isucon4</title></head><body>
            <img class="logo" src=/images/logo.png>
            <div id="notice-message" class="alert alert-danger" role="alert">You&#39;re banned.</div>
            <form action="/login" method="post">
              <input type="text" name="login" id="login"><input type="password" name="password">
              <button type="submit">Login</button>
            </form></body></html>""";

    @Test
    void formSelectors() {
        assertNull(PageParser.missingFormSelector(LOGIN));
        assertEquals("input[name=password]", PageParser.missingFormSelector(LOGIN.replace("name=\"password\"", "name=\"pw\"")));
        assertEquals("[type=submit]", PageParser.missingFormSelector(LOGIN.replace("type=\"submit\"", "type=\"button\"")));
        assertEquals("input[name=login]", PageParser.missingFormSelector(LOGIN.replace("name=\"login\"", "name=\"loginx\"")));
    }

    @Test
    void noticeIsTheExactInnerHtmlWithApostropheDecoded() {
        assertEquals("You're banned.", PageParser.notice(LOGIN));
        assertEquals(" You're banned.", PageParser.notice(LOGIN.replace(">You&#39;", "> You&#39;")));
        assertNull(PageParser.notice("<div>nothing</div>"));
    }

    @Test
    void assetsOfLinkScriptAndImg() {
        assertEquals(List.of("/stylesheets/bootstrap.min.css", "/stylesheets/own.css", "/js/app.js", "/images/logo.png"),
                PageParser.assets(LOGIN));
    }

    @Test
    void lastLogin() {
        String page = "<dl><dd id=\"last-logined-at\">2014-02-22 00:00:05</dd><dd id=\"last-logined-ip\">127.1.0.3</dd></dl>";
        assertEquals("127.1.0.3", PageParser.lastLoginedIp(page));
        assertTrue(PageParser.isTime(PageParser.lastLoginedAt(page)));
        assertFalse(PageParser.isTime("2014/02/22 00:00:05"));
        assertFalse(PageParser.isTime("2014-02-22 00:00:05 "));
        assertFalse(PageParser.isTime("2014-13-22 00:00:05"));
    }

    @Test
    void pathOfUrls() {
        assertEquals("/mypage", PageParser.path("http://127.0.0.1:8080/mypage?x=1"));
        assertEquals("/", PageParser.path("http://127.0.0.1:8080"));
        assertEquals("/a.css", PageParser.path("/a.css#f"));
    }

    @Test
    void scannerCasesTheRegexesHandled() {
        assertEquals(List.of("/a.css", "/b.js"),
                PageParser.assets("<LINK REL=stylesheet HREF=\"/a.css\"><Script Src='/b.js'></Script><img alt=\"x\">"));
        assertNull(PageParser.missingFormSelector("<INPUT NAME=login><input name = 'password' /><input TYPE=SUBMIT>"));
        assertEquals("input[name=login]", PageParser.missingFormSelector("<input name=login2><input name=password><input type=submit>"));
        assertEquals("x < y", PageParser.notice("<p id='notice-message' class=a>x < y</P >"));
        assertEquals("ok", PageParser.notice("<p>id=\"notice-message\"</p><div id=\"notice-message\">ok</div>"));
        assertNull(PageParser.notice("<div id=\"notice-message\">never closed"));
        assertNull(PageParser.lastLoginedIp("<dd id=\"last-logined-ipx\">1</dd>"));
    }
}
