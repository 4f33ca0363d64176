package dev.poolbench.bench.load.check;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The few things the bench reads from a page, with a small start-tag scanner: the bench shares
 * the CPU with the app and the database, so it builds no DOM per response (a full HTML parse
 * costs several times more) and runs no regular expressions (they were a visible share of the
 * load generator's CPU). Tag and attribute names are case-insensitive; attribute values may be
 * double-quoted, single-quoted or bare.
 */
public final class PageParser {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private PageParser() {
    }

    /** One start tag: its lowercase name, attributes as name/value pairs, and where it ends. */
    static final class Tag {
        String name;
        final List<String> attrs = new ArrayList<>(8);
        /** Index just after the closing {@code >}. */
        int end;

        String attr(String n) {
            for (int i = 0; i < attrs.size(); i += 2) {
                if (attrs.get(i).equals(n)) {
                    return attrs.get(i + 1);
                }
            }
            return null;
        }
    }

    private static boolean isNameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    /**
     * The next start tag at or after {@code from}, read into {@code t}; false when there is none.
     * End tags, comments and doctypes are skipped.
     */
    static boolean nextTag(String html, int from, Tag t) {
        int n = html.length();
        int lt = html.indexOf('<', from);
        while (lt >= 0 && lt + 1 < n) {
            int i = lt + 1;
            while (i < n && isNameChar(html.charAt(i))) {
                i++;
            }
            if (i == lt + 1) {
                lt = html.indexOf('<', lt + 1);
                continue;
            }
            t.name = html.substring(lt + 1, i).toLowerCase();
            t.attrs.clear();
            while (i < n) {
                char c = html.charAt(i);
                if (c == '>') {
                    t.end = i + 1;
                    return true;
                }
                if (isSpace(c) || c == '/') {
                    i++;
                    continue;
                }
                int nameStart = i;
                while (i < n && !isSpace(html.charAt(i)) && "=>/".indexOf(html.charAt(i)) < 0) {
                    i++;
                }
                String attrName = html.substring(nameStart, i).toLowerCase();
                int j = i;
                while (j < n && isSpace(html.charAt(j))) {
                    j++;
                }
                String value = "";
                if (j < n && html.charAt(j) == '=') {
                    j++;
                    while (j < n && isSpace(html.charAt(j))) {
                        j++;
                    }
                    if (j < n && (html.charAt(j) == '"' || html.charAt(j) == '\'')) {
                        int close = html.indexOf(html.charAt(j), j + 1);
                        if (close < 0) {
                            return false;
                        }
                        value = html.substring(j + 1, close);
                        j = close + 1;
                    } else {
                        int start = j;
                        while (j < n && !isSpace(html.charAt(j)) && html.charAt(j) != '>') {
                            j++;
                        }
                        value = html.substring(start, j);
                    }
                    i = j;
                }
                t.attrs.add(attrName);
                t.attrs.add(value);
            }
            return false;
        }
        return false;
    }

    /** Which of the three login form selectors is missing, or null when all are there. */
    public static String missingFormSelector(String html) {
        boolean login = false, password = false, submit = false;
        Tag t = new Tag();
        for (int at = 0; nextTag(html, at, t); at = t.end) {
            if (t.name.equals("input")) {
                String name = t.attr("name");
                login |= "login".equals(name);
                password |= "password".equals(name);
            }
            submit |= "submit".equalsIgnoreCase(t.attr("type"));
        }
        return !login ? "input[name=login]" : !password ? "input[name=password]" : !submit ? "[type=submit]" : null;
    }

    /** Inner HTML of {@code #notice-message} with the apostrophe entities decoded, or null. */
    public static String notice(String html) {
        String s = innerById(html, "notice-message");
        if (s == null) {
            return null;
        }
        return s.indexOf('&') < 0 ? s : s.replace("&#39;", "'").replace("&#x27;", "'").replace("&apos;", "'");
    }

    public static String lastLoginedIp(String html) {
        return innerById(html, "last-logined-ip");
    }

    public static String lastLoginedAt(String html) {
        return innerById(html, "last-logined-at");
    }

    public static boolean isTime(String text) {
        if (text == null || text.length() != 19) {
            return false;
        }
        try {
            LocalDateTime.parse(text, TIME);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** Every {@code link href}, {@code script src} and {@code img src} of the page, in order. */
    public static List<String> assets(String html) {
        List<String> out = new ArrayList<>(8);
        Tag t = new Tag();
        for (int at = 0; nextTag(html, at, t); at = t.end) {
            String v = switch (t.name) {
                case "link" -> t.attr("href");
                case "script", "img" -> t.attr("src");
                default -> null;
            };
            if (v != null && !v.isEmpty()) {
                out.add(v);
            }
        }
        return out;
    }

    /** Path of a URL or path, without query or fragment: {@code http://h:1/a?b} gives {@code /a}. */
    public static String path(String url) {
        String s = url;
        int scheme = s.indexOf("://");
        if (scheme >= 0) {
            int slash = s.indexOf('/', scheme + 3);
            s = slash < 0 ? "/" : s.substring(slash);
        }
        int q = s.indexOf('?');
        if (q >= 0) {
            s = s.substring(0, q);
        }
        int h = s.indexOf('#');
        if (h >= 0) {
            s = s.substring(0, h);
        }
        return s;
    }

    /** Inner HTML of the first element with this id, up to the first end tag of its name (no nesting). */
    private static String innerById(String html, String id) {
        int hint = html.indexOf(id);
        if (hint < 0) {
            return null;
        }
        Tag t = new Tag();
        // Start scanning at the '<' of the tag holding the id (the id text is inside it).
        int from = Math.max(0, html.lastIndexOf('<', hint));
        for (int at = from; nextTag(html, at, t); at = t.end) {
            if (id.equals(t.attr("id"))) {
                String close = "</" + t.name;
                int end = t.end;
                while (true) {
                    int c = indexOfIgnoreCase(html, close, end);
                    if (c < 0) {
                        return null;
                    }
                    int k = c + close.length();
                    while (k < html.length() && isSpace(html.charAt(k))) {
                        k++;
                    }
                    if (k < html.length() && html.charAt(k) == '>') {
                        return html.substring(t.end, c);
                    }
                    end = c + 1;
                }
            }
        }
        return null;
    }

    private static int indexOfIgnoreCase(String s, String part, int from) {
        for (int i = from; i + part.length() <= s.length(); i++) {
            if (s.regionMatches(true, i, part, 0, part.length())) {
                return i;
            }
        }
        return -1;
    }
}
