package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real size search on a tiny budget: hikari, candidates 1 and 10 (the reference), two duets of
 * a few seconds. The search chooses every round (the first: the middle candidate, 1), the
 * prediction comes from the first reference lane's pool metrics, and size.txt / size.json say
 * what is decided, what is open and what was spent.
 */
class SizeSearchEndToEndTest {

    @Test
    void aTinySearchDuetsOnlyTheSizesItChoosesAndWritesItsAnswer(@TempDir Path results) throws Exception {
        Path log = Files.createTempFile("size", ".log");
        int status = ChildComparison.run("size", results, log, environment -> { }, "--profiles", "hikari",
                "--sizes", "1,10", "--duration", "3", "--warmup", "1", "--max-duets", "2",
                "--margin", "4");
        String output = Files.readString(log);
        Files.delete(log);
        assertTrue(status == 0 || status == 1, "decided (0) or open (1), never a usage or setup error: " + output);
        Path dir;
        try (Stream<Path> dirs = Files.list(results)) {
            dir = dirs.filter(Files::isDirectory).findFirst().orElseThrow(() -> new AssertionError(output));
        }
        assertTrue(output.contains("size duets (two lanes at a time, each size against size 10 of the same pool): "
                + "hikari, the rounds chosen by the search"), output);
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("runs.jsonl"))) {
            records.add(Json.parse(line));
        }
        assertTrue(records.size() == 2 || records.size() == 4, "one or two duets (budget 2): " + records.size());
        for (JsonNode r : records) {
            assertEquals(10, r.path("duet").path("referencePoolSize").asInt(), Json.text(r, "runDir"));
            assertEquals(r.path("round").asInt() + "-hikari-10+1", Json.text(r, "duet.window"), "size 1 alone");
        }
        JsonNode options = Json.read(dir.resolve("environment.json")).path("options");
        assertEquals("[1,10]", options.path("sizeSearch").path("candidates").toString(), options.toString());
        assertEquals(10, options.path("sizeSearch").path("referenceSize").asInt());
        assertEquals(2, options.path("sizeSearch").path("maxDuets").asInt());
        assertTrue(!options.has("untilDecided") && !options.has("maxRuns"), "the search's rule, not compare's: "
                + options);
        JsonNode size = Json.read(dir.resolve("size.json"));
        JsonNode pool = size.path("pools").get(0);
        assertEquals("hikari", pool.path("profile").asText());
        assertEquals(records.size() / 2, size.path("duets").asInt());
        assertEquals(status == 0, size.path("decided").asBoolean(), size.toString());
        assertTrue(pool.path("prediction").path("predictedSize").asInt() >= 1, pool.toString());
        assertTrue(pool.path("prediction").path("borrowsPerSecond").asDouble() > 0, pool.toString());
        assertEquals(2 * Runtime.getRuntime().availableProcessors(), pool.path("formula").path("size").asInt());
        // The occupancy of every borrow and return, from the app through run.json to the rules of size.json.
        for (JsonNode r : records) {
            double seconds = 0;
            for (JsonNode level : r.path("poolMetrics").path("inUseSecondsAtLevel")) {
                seconds += level.asDouble();
            }
            // The measured window (3 s), not the app's life (its start, the warm-up and the window). A wall-time
            // bound: under contention the window's last scrape comes late (6.35 s seen at a load average of 9-14).
            assertTrue(seconds > 1 && seconds < 9, "the measured window, about 3 s: " + r.path("poolMetrics"));
        }
        JsonNode prediction = pool.path("prediction");
        assertTrue(prediction.path("candidatesFrom").asText().startsWith("every borrow and return"), pool.toString());
        assertEquals(prediction.path("candidates").path(prediction.path("predictedFrom").asText()).asInt(),
                prediction.path("predictedSize").asInt(), "the chosen rule predicts: " + prediction);
        assertTrue(prediction.path("ruleChecks").isObject(), prediction.toString());
        String text = Files.readString(dir.resolve("size.txt"));
        assertEquals(4.0, size.path("marginPercent").asDouble(), "--margin 4");
        assertTrue(text.startsWith("Size search: per pool the knee, the smallest size shown to lose less than 4 % "
                + "against size 10"), text);
        assertTrue(text.contains("prediction from the reference run ") && text.contains("check: predicted "), text);
        assertTrue(text.contains("rules against the knee: inUseP95 "), text);
        assertTrue(text.contains("HikariCP's formula (cores x 2) + effective spindles"), text);
        assertTrue(text.contains("Spent: " + records.size() / 2 + " duets"), text);
        assertTrue(output.contains(text.lines().findFirst().orElseThrow()), "printed too: " + output);
    }
}
