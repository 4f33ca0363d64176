package dev.poolbench.webapp.login;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.thymeleaf.context.Context;
import org.thymeleaf.spring6.SpringTemplateEngine;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

/** The prerendered login pages are byte for byte what Thymeleaf renders from the templates, whatever the values. */
class LoginPagesTest {

    private static final List<String> AWKWARD = List.of("", "You're banned.", "This account is locked.",
            "Wrong username or password", "You must be logged in", "<b>&amp;\"'</b>", "é 日本 \uD83D\uDE00",
            "@@poolbench-notice@@", "a\tb\nc", "127.0.0.1, 10.0.0.1");

    private static SpringTemplateEngine thymeleaf() {
        // As Boot configures it: classpath:/templates/*.html, HTML mode, UTF-8.
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver();
        resolver.setPrefix("templates/");
        resolver.setSuffix(".html");
        resolver.setTemplateMode(TemplateMode.HTML);
        resolver.setCharacterEncoding("UTF-8");
        SpringTemplateEngine engine = new SpringTemplateEngine();
        engine.setTemplateResolver(resolver);
        return engine;
    }

    private static String thymeleaf(SpringTemplateEngine engine, String template, Map<String, Object> model) {
        return engine.process(template, new Context(Locale.ROOT, model));
    }

    private static String prerendered(LoginPages pages, String view, Map<String, Object> model) throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        pages.resolveViewName(view, Locale.ROOT).render(model, new MockHttpServletRequest(), response);
        assertThat(response.getContentType()).isEqualTo("text/html;charset=UTF-8");
        return new String(response.getContentAsByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void theLoginPageWithAndWithoutANotice() throws Exception {
        SpringTemplateEngine engine = thymeleaf();
        LoginPages pages = new LoginPages(engine);
        assertThat(prerendered(pages, "index", Map.of())).isEqualTo(thymeleaf(engine, "index", Map.of()))
                .doesNotContain("notice-message");
        for (String notice : AWKWARD) {
            Map<String, Object> model = new HashMap<>();
            model.put("notice", notice);
            assertThat(prerendered(pages, "index", model)).isEqualTo(thymeleaf(engine, "index", model));
        }
        assertThat(prerendered(pages, "index", Map.of("notice", "You're banned.")))
                .contains("<div id=\"notice-message\" class=\"alert alert-danger\" role=\"alert\">You&#39;re banned.</div>");
    }

    @Test
    void myPageWithEveryValue() throws Exception {
        SpringTemplateEngine engine = thymeleaf();
        LoginPages pages = new LoginPages(engine);
        for (String value : AWKWARD) {
            Map<String, Object> model = Map.of("lastLogin", new LastLogin("isucon1" + value, "127.0.0.1" + value,
                    "2014-02-22 00:00:0" + value.length()));
            assertThat(prerendered(pages, "mypage", model)).isEqualTo(thymeleaf(engine, "mypage", model));
        }
        assertThat(prerendered(pages, "mypage", Map.of("lastLogin", new LastLogin("isucon1", "10.0.0.1",
                "2014-02-22 00:00:01"))))
                .contains("<dd id=\"last-logined-at\">2014-02-22 00:00:01</dd>")
                .contains("<dd id=\"last-logined-ip\">10.0.0.1</dd>");
    }

    @Test
    void otherViewsAreLeftToThymeleaf() {
        LoginPages pages = new LoginPages(thymeleaf());
        assertThat(pages.resolveViewName("error", Locale.ROOT)).isNull();
        assertThat(pages.resolveViewName("redirect:/", Locale.ROOT)).isNull();
    }

    @Test
    void aMarkerMissingFromTheTemplateStopsTheStart() {
        assertThatThrownBy(() -> LoginPages.Page.of("<p>no value here</p>", "@@x@@"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("@@x@@");
        assertThatThrownBy(() -> LoginPages.Page.of("@@x@@ @@x@@", "@@x@@"))
                .isInstanceOf(IllegalStateException.class);
    }
}
