package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.util.Json;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html of a known results directory (duets of two pools against hikari, one run flagged
 * with a problem full of markup): the summary first with each verdict's deciding interval, every
 * picture of the directory on the page, every link to a file that exists, every value escaped.
 * The last test opens the same page in headless Chromium.
 */
class HtmlReportTest {

    @TempDir
    static Path dir;

    /** The page, written once: drawing the charts takes seconds. */
    private static String html;

    @BeforeAll
    static void write() throws Exception {
        html = writeKnownResults(dir);
    }

    /** A results directory as compare leaves it, summarized; returns the page's text. */
    static String writeKnownResults(Path dir) throws Exception {
        StringBuilder lines = new StringBuilder();
        // dbcp2 equivalent (-0.5 % ± 4.2 % a duet: its 95 % interval crosses -5 %, its 90 % one does not),
        // tomcat clearly slower.
        for (int round = 1; round <= 6; round++) {
            double dbcp2 = Math.exp(-0.005 + (round % 2 == 0 ? 0.04245 : -0.04245));
            for (ObjectNode r : duet("dbcp2", round, dbcp2)) {
                lines.append(Json.line(r)).append('\n');
            }
            for (ObjectNode r : duet("tomcat", round, 0.8 + 0.01 * (round % 2))) {
                lines.append(Json.line(r)).append('\n');
            }
        }
        ObjectNode flagged = Fixtures.record("tomcat", 7, 700, true, true);
        flagged.put("flagged", true).putArray("problems").add("<script>alert('x')</script> & \"disturbed\"");
        lines.append(Json.line(flagged)).append('\n');
        Files.writeString(dir.resolve("runs.jsonl"), lines);
        ObjectNode environment = Json.object();
        environment.put("startedAt", "2026-11-27T23:00:00Z");
        environment.put("roundsStopReason", "all pairs decided <after 6 duets>");
        ObjectNode options = environment.putObject("options");
        options.put("reference", "hikari").put("untilDecided", true).put("note", "a <b>bold</b> & 'quoted' value");
        // Within-sitting intervals only: the page's wording is under test here, not the between-sitting term.
        options.put("betweenSittingSdPercent", 0.0);
        Json.write(dir.resolve("environment.json"), environment);
        // A pool picture in one run directory, as the pool sampler leaves them.
        Path run = Files.createDirectories(dir.resolve("runs").resolve("1-dbcp2-vs-hikari"));
        ImageIO.write(new BufferedImage(40, 20, BufferedImage.TYPE_INT_RGB), "png", run.resolve("pool-dbcp2.png").toFile());
        Summarizer.summarize(dir, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return Files.readString(dir.resolve("report.html"));
    }

    private static List<ObjectNode> duet(String profile, int round, double ratio) {
        String window = round + "-hikari+" + profile;
        String[] order = {"hikari", profile};
        List<ObjectNode> lanes = new ArrayList<>();
        for (int lane = 0; lane < 2; lane++) {
            String own = order[lane];
            double perSecond = 100 * (own.equals(profile) ? ratio : 1);
            ObjectNode r = Fixtures.record(own, round, perSecond * 60, true, true);
            r.put("runDir", round + "-" + own + "-vs-" + order[1 - lane]);
            ArrayNode seconds = ((ObjectNode) r.get("result")).putArray("perSecond");
            for (int second = 1; second <= 60; second++) {
                seconds.addObject().put("second", second).put("passedPages", perSecond);
            }
            r.putObject("duet").put("window", window).put("lane", lane).put("partner", order[1 - lane])
                    .put("firstRequestSkewMillis", 1);
            lanes.add(r);
        }
        return lanes;
    }

    @Test
    void theSummaryComesFirstWithTheIntervalThatDecidedEachVerdict() throws Exception {
        int verdicts = html.indexOf(">Verdicts</h2>");
        assertTrue(verdicts > 0 && verdicts < html.indexOf(">Verdicts picture</h2>")
                && verdicts < html.indexOf(">Runs</h2>"), "the verdicts come first");
        assertTrue(html.contains("<td>dbcp2</td><td>hikari</td><td class=\"num\">6 duets</td>") || html.contains(
                "<td>dbcp2</td><td>hikari</td><td>6 duets</td>"), html);
        assertTrue(html.contains("90 % CI [-4.2 .. +3.4] (equivalence)</td><td class=\"equivalent\">equivalent within"),
                "dbcp2 shows the 90 % interval beside equivalent");
        assertTrue(html.matches("(?s).*<td>tomcat</td>.*95 % CI \\[-\\d+\\.\\d \\.\\. -\\d+\\.\\d] \\(difference\\)</td>"
                + "<td class=\"slower\">slower</td>.*"), "tomcat shows the 95 % interval beside slower");
        assertTrue(html.contains("<b>Stopped (--until-decided):</b> all pairs decided &lt;after 6 duets&gt;"), html);
    }

    @Test
    void everyValueIsEscaped() throws Exception {
        assertFalse(html.contains("<script>alert"), "a problem's markup is text, not a script");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;disturbed&quot;"), html);
        assertTrue(html.contains("a &lt;b&gt;bold&lt;/b&gt; &amp; &#39;quoted&#39; value"), "the options' values too");
        // The page's only script is its own image check.
        assertEquals(1, count(html, "<script>"));
    }

    @Test
    void everyPictureOfTheDirectoryIsOnThePageAndEveryLinkResolves() throws Exception {
        List<String> pngs;
        try (Stream<Path> files = Files.walk(dir)) {
            pngs = files.filter(f -> f.toString().endsWith(".png")).map(f -> dir.relativize(f).toString()).toList();
        }
        assertTrue(pngs.contains("verdicts.png") && pngs.contains("scores.png") && pngs.size() >= 14,
                "verdicts, scores, 12 duets, a pool picture: " + pngs);
        List<String> links = hrefs(html);
        for (String png : pngs) {
            assertTrue(links.contains(png), png + " is linked from its figure");
        }
        assertEquals(pngs.size(), count(html, "<img src=\"data:image/png;base64,"), "each picture embedded once");
        for (String link : links) {
            if (!link.startsWith("#")) {
                assertTrue(Files.exists(dir.resolve(java.net.URI.create(link).getPath())), link + " exists");
            }
        }
        for (String raw : List.of("summary.json", "summary.txt", "runs.jsonl", "environment.json",
                "runs/1-dbcp2-vs-hikari")) {
            assertTrue(links.contains(raw), "a link to " + raw);
        }
        assertFalse(html.contains("http://") || html.contains("https://"), "nothing from the network");
    }

    /**
     * The page in a real browser: headless Chromium loads it from the disk (no network) and its
     * own script counts the pictures that loaded (tests/check-report-html.sh, also run by
     * tests/run-all.sh on the quick comparison's page). Without chromium: a failure when CI=true,
     * skipped otherwise (the script's exit 3).
     */
    @Test
    void chromiumRendersThePageWithEveryPictureLoaded() throws Exception {
        Path script = Path.of("..", "..", "tests", "check-report-html.sh").toAbsolutePath().normalize();
        Process p = new ProcessBuilder("bash", script.toString(), dir.resolve("report.html").toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        int status = p.waitFor();
        Assumptions.assumeFalse(status == 3, out);
        assertEquals(0, status, out);
        int pictures = count(html, "<img ");
        assertTrue(out.contains(pictures + " of " + pictures + " pictures loaded"), out);
    }

    private static List<String> hrefs(String html) {
        List<String> links = new ArrayList<>();
        Matcher m = Pattern.compile("href=\"([^\"]*)\"").matcher(html);
        while (m.find()) {
            links.add(m.group(1).replace("&amp;", "&"));
        }
        return links;
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
