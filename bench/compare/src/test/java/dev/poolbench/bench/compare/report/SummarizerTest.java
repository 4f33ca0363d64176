package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.util.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummarizerTest {

    @TempDir
    Path dir;

    private int summarize() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = Summarizer.summarize(dir, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("Verdict:"));
        return status;
    }

    @Test
    void bareRunDirectoriesGiveSummaryAndChart() throws Exception {
        double[][] scores = {{1000, 1020, 990}, {900, 880, 910}, {700, 720, 690}};
        String[] profiles = {"hikari", "tomcat", "dbcp"};
        for (int p = 0; p < profiles.length; p++) {
            for (int round = 1; round <= 3; round++) {
                Fixtures.writeRunDir(dir, round + "-" + profiles[p], scores[p][round - 1], true);
            }
        }
        assertEquals(0, summarize());
        String text = Files.readString(dir.resolve("summary.txt"));
        assertTrue(text.contains("hikari"), text);
        assertTrue(Json.read(dir.resolve("summary.json")).path("blocks").get(0).path("rows").size() == 3);
        var image = ImageIO.read(dir.resolve("scores.png").toFile());
        assertTrue(image.getWidth() > 500 && image.getHeight() > 300);
        var verdicts = ImageIO.read(dir.resolve("verdicts.png").toFile());
        // A row per pool: two pools against hikari, a title, a subtitle, the axis and the legend.
        assertTrue(verdicts.getWidth() > 500 && verdicts.getHeight() > 200, verdicts.getWidth() + "x" + verdicts.getHeight());
    }

    /** One profile has nothing to pair: no verdicts.png. */
    @Test
    void oneProfileHasNoVerdictChart() throws Exception {
        Fixtures.writeRunDir(dir, "1-hikari", 1000, true);
        Fixtures.writeRunDir(dir, "2-hikari", 1010, true);
        summarize();
        assertTrue(Files.exists(dir.resolve("scores.png")));
        assertTrue(Files.notExists(dir.resolve("verdicts.png")));
    }

    @Test
    void invalidRunGivesExitStatusOne() throws Exception {
        Fixtures.writeRunDir(dir, "1-hikari", 1000, true);
        Fixtures.writeRunDir(dir, "1-dbcp", 800, false);
        assertEquals(1, summarize());
        assertTrue(Files.readString(dir.resolve("summary.txt")).contains("INVALID"));
    }

    @Test
    void runsJsonlOfARetiredSweepIsStillGroupedBySize() throws Exception {
        StringBuilder lines = new StringBuilder();
        for (int size : new int[] {5, 20}) {
            for (String profile : new String[] {"hikari", "dbcp2"}) {
                for (int round = 1; round <= 2; round++) {
                    var r = Fixtures.record(profile, round, 1000 + size * 10 + round, true, true);
                    r.put("poolSize", size);
                    lines.append(Json.line(r)).append('\n');
                }
            }
        }
        Files.writeString(dir.resolve("runs.jsonl"), lines);
        assertEquals(0, summarize());
        String text = Files.readString(dir.resolve("summary.txt"));
        assertTrue(text.contains("Pool size 5") && text.contains("Pool size 20"), text);
        assertTrue(Files.size(dir.resolve("scores.png")) > 1000);
        assertTrue(Files.size(dir.resolve("verdicts.png")) > 1000, "dbcp2 against hikari at each size");
    }
}
