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
 * A short real duet: both lanes in one measured window, each on its own app JVM and its own copy
 * of the database, both reset between the warm-up and the window, both checked against /report,
 * their first requests close together, the verdict paired by duet. (Size duets, one pool at two
 * sizes: SizeSearchEndToEndTest.)
 */
class DuetComparisonTest {

    /**
     * The bound on how far apart the two lanes' first requests may be. On a quiet machine they are
     * tens of milliseconds apart (bench/README.md, "Duet runs"); the bound leaves room for a busy CI.
     */
    static final long FIRST_REQUEST_SKEW_BOUND_MILLIS = 500;

    @Test
    void bothLanesRunInOneWindowOnTheirOwnDatabasesAndAreCheckedAgainstTheReport(@TempDir Path results)
            throws Exception {
        // 6 s: a duet's ratio counts only the seconds after DuetPairs.ALIGN_SECONDS (5).
        ChildComparison.Outcome outcome = ChildComparison.compare(results, "--profiles", "hikari,dbcp2", "--duet",
                "--runs", "1", "--duration", "6", "--warmup", "1", "--cds", "off");
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(outcome.dir().resolve("runs.jsonl"))) {
            records.add(Json.parse(line));
        }
        assertEquals(2, records.size(), outcome.output());
        JsonNode a = records.get(0);
        JsonNode b = records.get(1);
        assertEquals(a.path("duet").path("window").asText(), b.path("duet").path("window").asText());
        assertEquals(List.of(0, 1), List.of(a.path("duet").path("lane").asInt(), b.path("duet").path("lane").asInt()));
        for (JsonNode r : records) {
            assertTrue(r.path("valid").asBoolean(), "valid, /report checked: " + r.path("problems"));
            assertTrue(r.path("result").path("reportCheck").path("ok").asBoolean(), r.path("runDir").asText());
            assertTrue(r.path("timings").has("warmupResetMillis"), "reset after the warm-up: " + r.path("runDir"));
            long skew = r.path("duet").path("firstRequestSkewMillis").asLong(Long.MAX_VALUE);
            assertTrue(skew <= FIRST_REQUEST_SKEW_BOUND_MILLIS, "first requests " + skew + " ms apart");
        }
        // Each lane on its own copy of the database, in the same server (shared lanes, the default).
        assertEquals("shared", Json.text(a, "lanePlacement.placement"));
        assertEquals(a.path("lanePlacement").path("database").path("port").asInt(),
                b.path("lanePlacement").path("database").path("port").asInt(), "one server");
        assertTrue(summary(outcome).contains("duets, shared lanes ("), summary(outcome));
        assertTrue(Json.text(a, "poolSettings.jdbcUrl").contains("/isu4_qualifier?")
                || Json.text(a, "poolSettings.jdbcUrl").endsWith("/isu4_qualifier"), Json.text(a, "poolSettings.jdbcUrl"));
        assertTrue(Json.text(b, "poolSettings.jdbcUrl").contains("/isu4_qualifier_2"), Json.text(b, "poolSettings.jdbcUrl"));
        String summary = Files.readString(outcome.dir().resolve("summary.txt"));
        assertTrue(summary.contains("paired by duet"), summary);
        assertTrue(summary.contains("dbcp2 vs hikari:") && summary.contains("over 1 duet"), summary);
        assertTrue(Files.isRegularFile(outcome.dir().resolve("duets").resolve(Json.text(a, "duet.window") + ".png")));
        // The releases measured, as the apps reported them, in environment.json, summary.json,
        // summary.txt and report.html: a kept answer names what it is about.
        JsonNode environment = Json.read(outcome.dir().resolve("environment.json"));
        JsonNode summaryJson = Json.read(outcome.dir().resolve("summary.json"));
        for (JsonNode releases : List.of(environment.path("releases"), summaryJson.path("releases"))) {
            assertTrue(Json.text(releases, "hikari.pool").matches("HikariCP \\d+\\.\\d+\\.\\d+"), releases.toString());
            assertTrue(Json.text(releases, "dbcp2.pool").matches("commons-dbcp2 \\d+\\.\\d+\\.\\d+"), releases.toString());
            assertTrue(Json.text(releases, "hikari.driver").startsWith("mysql-connector-j "), releases.toString());
        }
        String line = "Releases: hikari " + Json.text(environment, "releases.hikari.pool");
        assertTrue(summary.contains(line), summary);
        assertTrue(Files.readString(outcome.dir().resolve("report.html")).contains(line));
    }

    private static String summary(ChildComparison.Outcome outcome) throws java.io.IOException {
        return Files.readString(outcome.dir().resolve("summary.txt"));
    }
}
