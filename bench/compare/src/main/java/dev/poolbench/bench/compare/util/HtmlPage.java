package dev.poolbench.bench.compare.util;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A self-contained HTML page of a results directory ({@code report.html} of compare, summarize,
 * faults and faults-summarize): inline CSS, no network, pictures embedded as {@code data:} URIs
 * while they are small enough in all ({@value #EMBED_BUDGET_BYTES} bytes), relative links to the
 * files beside it after that. Every value passes {@link #escape}; callers hand in plain text only.
 * A tiny script counts on load the pictures that loaded and those that did not into
 * {@code <body data-images-loaded data-images-broken>}, so a headless browser can check the page.
 */
public final class HtmlPage {

    /** PNG bytes embedded in one page at most: beyond, pictures are linked (a sweep can draw hundreds). */
    static final long EMBED_BUDGET_BYTES = 8L << 20;

    private static final String STYLE = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1180px;
            padding:0 20px 40px;color:#222;background:#fff}
            h1{font-size:22px;margin:18px 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ddd;
            padding-bottom:3px}h3{font-size:15px;margin:18px 0 6px}
            nav{font-size:13px;color:#555;margin-bottom:10px}nav a{margin-right:12px}
            table{border-collapse:collapse;margin:6px 0 12px;font-size:13px}
            th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
            th{background:#f4f4f4}td.num{text-align:right;font-variant-numeric:tabular-nums}
            .faster{color:#1a7f37;font-weight:600}.slower{color:#b42318;font-weight:600}
            .equivalent{color:#1f5fa8;font-weight:600}.undecided{color:#777;font-weight:600}
            .note{color:#555;font-size:13px}pre{background:#f7f7f7;padding:8px;white-space:pre-wrap;font-size:12px}
            figure{margin:10px 0 18px}figure img{max-width:100%;border:1px solid #eee}
            figcaption{font-size:12px;color:#555}ul.files{columns:3;font-size:13px}
            """;

    /** Sets the image counts on the body once every picture has loaded or failed. */
    private static final String IMAGE_CHECK = """
            window.addEventListener('load',function(){var ok=0,bad=0;
            for(var i of document.images){if(i.complete&&i.naturalWidth>0){ok++}else{bad++}}
            document.body.setAttribute('data-images-loaded',ok);document.body.setAttribute('data-images-broken',bad);});
            """;

    private final Path dir;
    private final String title;
    private final StringBuilder body = new StringBuilder();
    private final List<String[]> sections = new ArrayList<>();
    private long embedded;
    private final java.util.Set<String> shown = new java.util.HashSet<>();

    /** @param dir the results directory the page is written to; links and pictures are relative to it */
    public HtmlPage(Path dir, String title) {
        this.dir = dir;
        this.title = title;
    }

    /** Text made safe for HTML content and attribute values; null is empty. */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A relative path as an href: each segment percent-encoded where a URL needs it, then escaped. */
    static String href(String relative) {
        StringBuilder out = new StringBuilder();
        for (byte b : relative.replace('\\', '/').getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            boolean plain = c < 128 && (Character.isLetterOrDigit(c) || "-._~/+@".indexOf(c) >= 0);
            out.append(plain ? String.valueOf(c) : String.format(Locale.ROOT, "%%%02X", b & 0xff));
        }
        return escape(out.toString());
    }

    /** A section heading, listed in the page's contents line. */
    public HtmlPage section(String heading) {
        String id = "s" + (sections.size() + 1);
        sections.add(new String[] {id, heading});
        body.append("<h2 id=\"").append(id).append("\">").append(escape(heading)).append("</h2>\n");
        return this;
    }

    public HtmlPage subheading(String text) {
        body.append("<h3>").append(escape(text)).append("</h3>\n");
        return this;
    }

    public HtmlPage paragraph(String text) {
        body.append("<p>").append(escape(text)).append("</p>\n");
        return this;
    }

    public HtmlPage note(String text) {
        body.append("<p class=\"note\">").append(escape(text)).append("</p>\n");
        return this;
    }

    /** Lines, each its own paragraph, with a leading bold label when given (e.g. "Stopped:"). */
    public HtmlPage labelled(String label, String text) {
        body.append("<p><b>").append(escape(label)).append("</b> ").append(escape(text)).append("</p>\n");
        return this;
    }

    public HtmlPage preformatted(String text) {
        body.append("<pre>").append(escape(text)).append("</pre>\n");
        return this;
    }

    /**
     * A table; a cell that looks like a number is right-aligned, a cell that is a verdict word
     * (faster, slower, equivalent, undecided) coloured. A cell may be a {@link Link}.
     */
    public HtmlPage table(List<String> head, List<List<?>> rows) {
        body.append("<table><thead><tr>");
        head.forEach(h -> body.append("<th>").append(escape(h)).append("</th>"));
        body.append("</tr></thead><tbody>\n");
        for (List<?> row : rows) {
            body.append("<tr>");
            for (Object cell : row) {
                body.append(cell(cell));
            }
            body.append("</tr>\n");
        }
        body.append("</tbody></table>\n");
        return this;
    }

    /** A link to a file of the results directory, as a table cell or list item. */
    public record Link(String relative, String text) {
    }

    private String cell(Object cell) {
        if (cell instanceof Link link) {
            return "<td>" + anchor(link) + "</td>";
        }
        String text = cell == null ? "" : cell.toString();
        String word = text.split("[ ,(]", 2)[0];
        String css = text.matches("[-+]?[0-9][0-9.,]*( ?[%sx]| ms)?") ? " class=\"num\""
                : List.of("faster", "slower", "equivalent", "undecided").contains(word) ? " class=\"" + word + "\"" : "";
        return "<td" + css + ">" + escape(text) + "</td>";
    }

    private String anchor(Link link) {
        return Files.exists(dir.resolve(link.relative())) ? "<a href=\"" + href(link.relative()) + "\">"
                + escape(link.text()) + "</a>" : escape(link.text());
    }

    /** The file's contents as a key / value table, objects flattened to dotted keys. */
    public HtmlPage jsonTable(JsonNode node) {
        List<List<?>> rows = new ArrayList<>();
        flatten("", node, rows);
        return table(List.of("setting", "value"), rows);
    }

    private static void flatten(String prefix, JsonNode node, List<List<?>> rows) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(),
                    e.getValue(), rows));
        } else if (node.isArray() && node.size() > 0 && node.get(0).isContainerNode()) {
            for (int i = 0; i < node.size(); i++) {
                flatten(prefix + "[" + i + "]", node.get(i), rows);
            }
        } else {
            rows.add(List.of(prefix, node.isTextual() ? node.asText() : node.toString()));
        }
    }

    /** A picture of the results directory; nothing when the file is missing or already on the page. */
    public HtmlPage picture(String relative, String caption) throws IOException {
        Path file = dir.resolve(relative);
        if (!Files.isRegularFile(file) || !shown.add(relative)) {
            return this;
        }
        long size = Files.size(file);
        String src;
        if (embedded + size <= EMBED_BUDGET_BYTES) {
            embedded += size;
            src = "data:image/png;base64," + Base64.getEncoder().encodeToString(Files.readAllBytes(file));
        } else {
            src = href(relative);
        }
        body.append("<figure><img src=\"").append(src).append("\" alt=\"").append(escape(caption))
                .append("\"><figcaption>").append(escape(caption)).append(" (<a href=\"").append(href(relative))
                .append("\">").append(escape(relative)).append("</a>)</figcaption></figure>\n");
        return this;
    }

    /** Links to the files that exist among {@code relatives}, as a list. */
    public HtmlPage files(List<String> relatives) {
        body.append("<ul class=\"files\">\n");
        for (String r : relatives) {
            if (Files.exists(dir.resolve(r))) {
                body.append("<li>").append(anchor(new Link(r, r))).append("</li>\n");
            }
        }
        body.append("</ul>\n");
        return this;
    }

    /** Every PNG under {@code under} (relative to the directory, "" for all), sorted by path. */
    public List<String> pngs(String under) throws IOException {
        Path root = dir.resolve(under);
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".png") && Files.isRegularFile(f))
                    .map(f -> dir.relativize(f).toString().replace('\\', '/'))
                    .sorted(Comparator.naturalOrder()).toList();
        }
    }

    public String html() {
        StringBuilder nav = new StringBuilder("<nav>");
        sections.forEach(s -> nav.append("<a href=\"#").append(s[0]).append("\">").append(escape(s[1])).append("</a>"));
        nav.append("</nav>\n");
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" + escape(title)
                + "</title>\n<style>\n" + STYLE + "</style>\n<script>\n" + IMAGE_CHECK + "</script>\n</head>\n<body>\n<h1>"
                + escape(title) + "</h1>\n" + nav + body + "</body></html>\n";
    }

    /** Writes the page as {@code report.html} of the directory. */
    public Path write() throws IOException {
        Path file = dir.resolve("report.html");
        Files.writeString(file, html(), StandardCharsets.UTF_8);
        return file;
    }
}
