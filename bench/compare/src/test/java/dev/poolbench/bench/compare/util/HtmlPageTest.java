package dev.poolbench.bench.compare.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page writer's escaping and links, on a known directory. */
class HtmlPageTest {

    @TempDir
    Path dir;

    @Test
    void everyMarkupCharacterIsEscaped() {
        assertEquals("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
                HtmlPage.escape("<a href=\"x\">Tom & Jerry's</a>"));
        assertEquals("", HtmlPage.escape(null));
    }

    @Test
    void linksArePercentEncodedWhereAUrlNeedsIt() {
        assertEquals("duets/1-hikari+dbcp2.png", HtmlPage.href("duets/1-hikari+dbcp2.png"));
        assertEquals("runs/a%20b%23c%3F%22.png", HtmlPage.href("runs/a b#c?\".png"));
        assertEquals("runs/%C3%A9.png", HtmlPage.href("runs/é.png"));
    }

    @Test
    void tablesEscapeTheirCellsAndLinkOnlyFilesThatExist() throws Exception {
        Files.writeString(dir.resolve("summary.txt"), "x");
        HtmlPage page = new HtmlPage(dir, "t <1>");
        page.table(List.of("a<b", "n"), List.of(List.of("<i>x</i>", "12.5 %"),
                List.of(new HtmlPage.Link("summary.txt", "the summary"), new HtmlPage.Link("missing.json", "gone"))));
        page.files(List.of("summary.txt", "missing.json"));
        page.picture("missing.png", "no such picture");
        String html = page.html();
        assertTrue(html.contains("<title>t &lt;1&gt;</title>"), html);
        assertTrue(html.contains("<th>a&lt;b</th>"), html);
        assertTrue(html.contains("<td>&lt;i&gt;x&lt;/i&gt;</td><td class=\"num\">12.5 %</td>"), html);
        assertTrue(html.contains("<td><a href=\"summary.txt\">the summary</a></td><td>gone</td>"), html);
        assertTrue(html.contains("<li><a href=\"summary.txt\">summary.txt</a></li>"), html);
        assertFalse(html.contains("missing.json\""), "no link to a file that is not there");
        assertFalse(html.contains("<img"), "no picture for a missing file");
    }
}
