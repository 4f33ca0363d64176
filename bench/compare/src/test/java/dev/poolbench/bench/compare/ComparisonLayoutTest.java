package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short real comparison leaves the same results as before the runner moved into packages:
 * the same files, the same keys in its run record and environment.json (two levels deep), and
 * the same summary layout (numbers masked). The expected side was taken from the runner before
 * the move (commit 58612a5) with the same command, in {@code layout-before-refactor/}.
 */
class ComparisonLayoutTest {

    @Test
    void aShortComparisonLeavesTheFilesKeysAndSummaryLayoutOfBefore(@TempDir Path results) throws Exception {
        Path dir = compare(results);
        assertEquals(expected("files.txt"), String.join("\n", files(dir)) + "\n", "files of the results directory");
        JsonNode record = Json.parse(Files.readAllLines(dir.resolve("runs.jsonl")).get(0));
        assertTrue(record.path("valid").asBoolean(), record.toString());
        assertEquals(expected("record-keys.txt"), keys(record), "keys of the run record");
        assertEquals(expected("environment-keys.txt"), keys(Json.read(dir.resolve("environment.json"))),
                "keys of environment.json");
        assertEquals(expected("summary-shape.txt"), shape(Files.readString(dir.resolve("summary.txt")), dir),
                "summary layout");
        rendersInChromium(dir);
    }

    /**
     * The real comparison's report.html opens in headless Chromium with every picture loaded
     * (tests/check-report-html.sh). Without chromium: a failure when CI=true, skipped otherwise.
     */
    private static void rendersInChromium(Path dir) throws Exception {
        Path script = Path.of("..", "..", "tests", "check-report-html.sh").toAbsolutePath().normalize();
        Process p = new ProcessBuilder("bash", script.toString(), dir.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        int status = p.waitFor();
        org.junit.jupiter.api.Assumptions.assumeFalse(status == 3, out);
        assertEquals(0, status, out);
        assertTrue(out.contains("2 of 2 pictures loaded"), "scores.png and the run's pool picture: " + out);
    }

    /** Numbers masked, per-run disturbance detail dropped: what stays is the layout. */
    static String shape(String summary, Path dir) {
        List<String> lines = new ArrayList<>();
        for (String line : summary.split("\n", -1)) {
            if (line.startsWith("  ~ ")) {
                continue;
            }
            String l = line.startsWith("Disturbance:") ? "Disturbance:" : line.replace(dir.toString(), "RESULTS");
            l = l.replaceAll("[0-9]+(\\.[0-9]+)?", "#").replaceAll(" +", " ")
                    .replaceAll("(#h )?(#m )?#s\\b", "#s");
            lines.add(l);
        }
        return String.join("\n", lines);
    }

    private static String keys(JsonNode node) {
        TreeSet<String> keys = new TreeSet<>();
        collect(node, "", 0, keys);
        return String.join("\n", keys) + "\n";
    }

    private static void collect(JsonNode node, String prefix, int depth, TreeSet<String> keys) {
        if (depth >= 2 || !node.isObject()) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            keys.add(prefix + "/" + e.getKey());
            collect(e.getValue(), prefix + "/" + e.getKey(), depth + 1, keys);
        }
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).map(f -> dir.relativize(f).toString()).sorted().toList();
        }
    }

    private static String expected(String name) throws IOException {
        try (InputStream in = ComparisonLayoutTest.class.getResourceAsStream("/layout-before-refactor/" + name)) {
            assertTrue(in != null, "missing test resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The command the expected side was taken with: one profile, one round, 2 s warm-up, 4 s measured. */
    private static Path compare(Path results) throws Exception {
        return ChildComparison.compare(results, "--profiles", "hikari", "--runs", "1", "--duration", "4",
                "--warmup", "2", "--cds", "off").dir();
    }
}
