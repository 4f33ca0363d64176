package dev.poolbench.webapp.login;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.View;
import org.springframework.web.servlet.ViewResolver;
import org.thymeleaf.ITemplateEngine;
import org.thymeleaf.context.Context;
import org.unbescape.html.HtmlEscape;

/**
 * The two pages of every login flow, {@code index} and {@code mypage}, rendered by Thymeleaf from
 * their templates once at start-up instead of on every request. A page is cut into its fixed
 * parts around the model values (rendered with marker values and split at the markers); a
 * request only writes the parts and the values, escaped as Thymeleaf's {@code th:text} escapes
 * them ({@link HtmlEscape#escapeHtml4Xml}). The bytes are the templates' own: the templates stay
 * the one source, and {@code LoginPagesTest} compares every variant with Thymeleaf's output.
 *
 * <p>Why: rendering the templates was about a sixth of the app's CPU per page under the bench
 * (docs/app-performance.md). The error page and the redirects still go through Thymeleaf.
 */
@Component
class LoginPages implements ViewResolver, Ordered {

    /** What Thymeleaf's views declare, so content negotiation and the response headers stay as they were. */
    static final String CONTENT_TYPE = "text/html;charset=UTF-8";
    /** Marker values: text that escaping leaves alone and that the templates never contain. */
    private static final String NOTICE = "@@poolbench-notice@@";
    private static final String LOGIN = "@@poolbench-login@@";
    private static final String IP = "@@poolbench-ip@@";
    private static final String CREATED_AT = "@@poolbench-created-at@@";

    private final Map<String, View> views = new HashMap<>();

    LoginPages(ITemplateEngine templates) {
        Page indexWithoutNotice = Page.of(render(templates, "index", Map.of()));
        Page indexWithNotice = Page.of(render(templates, "index", Map.of("notice", NOTICE)), NOTICE);
        views.put("index", new PageView(model -> {
            Object notice = model.get("notice");
            return notice == null ? indexWithoutNotice.write() : indexWithNotice.write(notice.toString());
        }));
        Page mypage = Page.of(render(templates, "mypage",
                Map.of("lastLogin", new LastLogin(LOGIN, IP, CREATED_AT))), CREATED_AT, IP, LOGIN);
        views.put("mypage", new PageView(model -> {
            LastLogin last = (LastLogin) model.get("lastLogin");
            return mypage.write(last.createdAt(), last.ip(), last.login());
        }));
    }

    private static String render(ITemplateEngine templates, String template, Map<String, Object> model) {
        return templates.process(template, new Context(Locale.ROOT, model));
    }

    @Override
    public View resolveViewName(String viewName, Locale locale) {
        return views.get(viewName);
    }

    /** Before Thymeleaf's resolver, which renders every other view (the error page). */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    /**
     * A rendered page cut at its markers: {@code parts.size() == markers + 1}; the values go
     * between the parts in the order the markers appear in the page.
     */
    record Page(List<byte[]> parts) {

        /** @param markers the marker values in the order they appear in {@code html} (each once) */
        static Page of(String html, String... markers) {
            List<byte[]> parts = new ArrayList<>();
            int from = 0;
            for (String marker : markers) {
                int at = html.indexOf(marker, from);
                if (at < 0 || html.indexOf(marker, at + marker.length()) >= 0) {
                    throw new IllegalStateException("template output must contain the marker of a model value "
                            + "exactly once, in order: " + marker);
                }
                parts.add(html.substring(from, at).getBytes(StandardCharsets.UTF_8));
                from = at + marker.length();
            }
            parts.add(html.substring(from).getBytes(StandardCharsets.UTF_8));
            return new Page(List.copyOf(parts));
        }

        /** The page with these values (escaped as th:text does) between its parts. */
        byte[] write(String... values) {
            if (values.length == 0) {
                return parts.get(0);
            }
            byte[][] escaped = new byte[values.length][];
            int size = 0;
            for (int i = 0; i < values.length; i++) {
                escaped[i] = HtmlEscape.escapeHtml4Xml(values[i]).getBytes(StandardCharsets.UTF_8);
                size += escaped[i].length;
            }
            for (byte[] part : parts) {
                size += part.length;
            }
            byte[] page = new byte[size];
            int at = 0;
            for (int i = 0; i < parts.size(); i++) {
                byte[] part = parts.get(i);
                System.arraycopy(part, 0, page, at, part.length);
                at += part.length;
                if (i < escaped.length) {
                    System.arraycopy(escaped[i], 0, page, at, escaped[i].length);
                    at += escaped[i].length;
                }
            }
            return page;
        }
    }

    /** Writes a page as Thymeleaf's view does: its content type, the bytes, then a flush (chunked, no length). */
    private record PageView(java.util.function.Function<Map<String, ?>, byte[]> page) implements View {

        @Override
        public String getContentType() {
            return CONTENT_TYPE;
        }

        @Override
        public void render(Map<String, ?> model, HttpServletRequest request, HttpServletResponse response)
                throws IOException {
            byte[] body = page.apply(model == null ? Map.of() : model);
            response.setContentType(CONTENT_TYPE);
            ServletOutputStream out = response.getOutputStream();
            out.write(body);
            out.flush();
        }
    }
}
