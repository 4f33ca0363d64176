package dev.poolbench.bench.load.check;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The few things the bench reads from a page, with precompiled patterns: the bench shares the
 * CPU with the app and the database, so it does not build a DOM per response (a full HTML
 * parse costs several times more than these scans).
 */
public final class PageParser {
    private static final Pattern LOGIN_INPUT =
            Pattern.compile("<input\\b[^>]*\\bname\\s*=\\s*[\"']?login[\"'\\s/>]", Pattern.CASE_INSENSITIVE);
    private static final Pattern PASSWORD_INPUT =
            Pattern.compile("<input\\b[^>]*\\bname\\s*=\\s*[\"']?password[\"'\\s/>]", Pattern.CASE_INSENSITIVE);
    private static final Pattern SUBMIT =
            Pattern.compile("<[a-z]+\\b[^>]*\\btype\\s*=\\s*[\"']?submit[\"'\\s/>]", Pattern.CASE_INSENSITIVE);
    private static final Pattern NOTICE = byId("notice-message");
    private static final Pattern LAST_IP = byId("last-logined-ip");
    private static final Pattern LAST_AT = byId("last-logined-at");
    private static final Pattern ASSET_TAG =
            Pattern.compile("<(link|script|img)\\b([^>]*)>", Pattern.CASE_INSENSITIVE);
    private static final Pattern HREF =
            Pattern.compile("\\bhref\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s>]+))", Pattern.CASE_INSENSITIVE);
    private static final Pattern SRC =
            Pattern.compile("\\bsrc\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s>]+))", Pattern.CASE_INSENSITIVE);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private PageParser() {
    }

    private static Pattern byId(String id) {
        return Pattern.compile("<([a-z0-9]+)\\b[^>]*\\bid\\s*=\\s*[\"']?" + Pattern.quote(id) + "[\"'\\s>][^>]*>(.*?)</\\1\\s*>",
                Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    }

    /** Which of the three login form selectors is missing, or null when all are there. */
    public static String missingFormSelector(String html) {
        if (!LOGIN_INPUT.matcher(html).find()) {
            return "input[name=login]";
        }
        if (!PASSWORD_INPUT.matcher(html).find()) {
            return "input[name=password]";
        }
        if (!SUBMIT.matcher(html).find()) {
            return "[type=submit]";
        }
        return null;
    }

    /** Inner HTML of {@code #notice-message} with the apostrophe entities decoded, or null. */
    public static String notice(String html) {
        String s = inner(NOTICE, html);
        if (s == null) {
            return null;
        }
        return s.indexOf('&') < 0 ? s : s.replace("&#39;", "'").replace("&#x27;", "'").replace("&apos;", "'");
    }

    public static String lastLoginedIp(String html) {
        return inner(LAST_IP, html);
    }

    public static String lastLoginedAt(String html) {
        return inner(LAST_AT, html);
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
        Matcher tag = ASSET_TAG.matcher(html);
        while (tag.find()) {
            boolean link = tag.group(1).equalsIgnoreCase("link");
            Matcher attr = (link ? HREF : SRC).matcher(tag.group(2));
            if (attr.find()) {
                String v = attr.group(1) != null ? attr.group(1) : attr.group(2) != null ? attr.group(2) : attr.group(3);
                if (!v.isEmpty()) {
                    out.add(v);
                }
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

    private static String inner(Pattern p, String html) {
        Matcher m = p.matcher(html);
        return m.find() ? m.group(2) : null;
    }
}
