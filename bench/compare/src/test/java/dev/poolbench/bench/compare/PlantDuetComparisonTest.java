package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short real variant duet of a planted difference: hikari beside itself with
 * {@code POOLBENCH_PLANT=cpu:200us}, in one window. The planted lane's app counted plant
 * executions during its run, the other's none; the summary's first line says what was planted.
 */
class PlantDuetComparisonTest {

    @Test
    void thePlantedLaneCountsItsPlantAndTheOtherNone(@TempDir Path results) throws Exception {
        // 6 s: a duet's ratio counts only the seconds after DuetPairs.ALIGN_SECONDS (5).
        ChildComparison.Outcome outcome = ChildComparison.compare(results, "--profiles", "hikari", "--plant",
                "none,cpu:200us", "--runs", "1", "--duration", "6", "--warmup", "1");
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(outcome.dir().resolve("runs.jsonl"))) {
            records.add(Json.parse(line));
        }
        assertEquals(2, records.size(), outcome.output());
        assertTrue(outcome.output().contains("in 1 duets (two lanes at a time, each variant against plant none of the "
                + "same pool)"), outcome.output());
        assertEquals(Json.text(records.get(0), "duet.window"), Json.text(records.get(1), "duet.window"));
        for (JsonNode r : records) {
            assertTrue(r.path("valid").asBoolean(), "valid, plant as planned: " + r.path("problems"));
            String plant = Json.text(r, "plant");
            JsonNode check = r.path("plantCheck");
            assertEquals(plant, Json.text(r, "poolSettings.plant.spec"), "the app plants what the run asked");
            if (plant.equals("cpu:200us")) {
                assertTrue(check.path("countAfter").asLong() > check.path("countBefore").asLong(), check.toString());
            } else {
                assertEquals("none", plant);
                assertEquals(0, check.path("countAfter").asLong(), check.toString());
            }
        }
        assertEquals(List.of("cpu:200us", "none"), records.stream().map(r -> Json.text(r, "plant")).sorted().toList());
        String summary = Files.readString(outcome.dir().resolve("summary.txt"));
        assertTrue(summary.startsWith("PLANTED: cpu:200us in one lane of each duet"), summary);
        assertTrue(summary.contains("Planted differences (not pool differences), paired by duet"), summary);
        assertTrue(summary.contains(": cpu:200us vs none: ") && summary.contains("over 1 duet:"), summary);
        assertEquals("[\"none\",\"cpu:200us\"]", Json.read(outcome.dir().resolve("environment.json"))
                .path("options").path("plant").toString());
    }
}
