package dev.poolbench.bench.compare.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.faultplan.FaultCase;
import dev.poolbench.bench.compare.faultplan.FaultOptions;
import dev.poolbench.bench.compare.faultplan.PoolSettingsSet;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --settings}: the pool's and driver's settings as a value of the fault plan, through
 * options.json and fault-run.json into faults.json and the table (files written as faults.yml
 * writes them, with {@link FaultsSummarizeTest}'s timeline).
 */
class FaultSettingsTest {

    @Test
    void settingsAreAValueOfThePlanNamedOnlyWhenMoreThanShipped() throws Exception {
        FaultOptions shipped = FaultOptions.parse("--profiles", "hikari,dbcp2", "--scenarios", "hang");
        assertEquals(List.of(PoolSettingsSet.SHIPPED), shipped.settings);
        assertEquals(List.of("hang-hikari", "hang-dbcp2"), shipped.plan().stream().map(FaultCase::name).toList(),
                "shipped alone: the names of every run kept before --settings existed");

        FaultOptions both = FaultOptions.parse("--quick", "--profiles", "hikari,dbcp2", "--scenarios", "hang",
                "--settings", "shipped,recommended");
        assertEquals(List.of("hang-hikari-shipped", "hang-hikari-recommended", "hang-dbcp2-shipped",
                "hang-dbcp2-recommended"), both.plan().stream().map(FaultCase::name).toList());
        assertEquals("hang/dbcp2/recommended", both.plan().get(3).label());
        assertEquals("hang recommended", both.plan().get(3).variant());
        assertEquals(List.of("hang-hikari-recommended"), FaultOptions.parse("--profiles", "hikari", "--scenarios",
                "hang", "--settings", "recommended").plan().stream().map(FaultCase::name).toList());
        FaultOptions evict = FaultOptions.parse("--profiles", "hikari", "--scenarios", "hang", "--settings",
                "recommended,evict-read-only");
        assertEquals(List.of("hang-hikari-recommended", "hang-hikari-evict-read-only"),
                evict.plan().stream().map(FaultCase::name).toList());
        assertEquals("hikari/evict-read-only", evict.plan().get(1).who());
        assertEquals(List.of("hang-dbcp2-keepalive"), FaultOptions.parse("--profiles", "dbcp2", "--scenarios",
                "hang", "--settings", "keepalive").plan().stream().map(FaultCase::name).toList());

        FaultOptions back = FaultOptions.fromJson(Json.parse(Json.MAPPER.writeValueAsString(both.toJson())),
                "options.json");
        assertEquals(both.plan(), back.plan());
        // An options.json from before --settings (every kept one) plans the shipped runs.
        FaultOptions old = FaultOptions.fromJson(Json.parse(Json.MAPPER.writeValueAsString(
                both.toJson().without("settings"))), "options.json");
        assertEquals(List.of(PoolSettingsSet.SHIPPED), old.settings);
    }

    @Test
    void badSettingsAreOneLineErrors() {
        assertEquals("--settings takes shipped, recommended, evict-read-only, keepalive (a comma list runs each), "
                + "got 'tuned'",
                assertThrows(UsageException.class, () -> FaultOptions.parse("--settings", "shipped,tuned")).getMessage());
        assertEquals("settings recommended listed twice in --settings", assertThrows(UsageException.class,
                () -> FaultOptions.parse("--settings", "recommended,recommended")).getMessage());
    }

    @Test
    void theSummaryRecordsEachRunsSettingsAndKeepsThemApart(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("options.json"), """
                {"mode": "ansible", "profiles": ["hikari"], "scenarios": ["hang"], "durationSeconds": 20,
                 "faultAtSeconds": 5, "faultSeconds": 3, "warmupSeconds": 0, "poolSize": 10,
                 "poolWaitMillis": 1000, "workload": 8, "settings": ["shipped", "recommended"]}
                """);
        for (String settings : List.of("shipped", "recommended")) {
            Path runDir = FaultsSummarizeTest.run(dir, "hang-hikari-" + settings, FaultsSummarizeTest.DECIDED, 0);
            Files.writeString(runDir.resolve("fault-run.json"), Files.readString(runDir.resolve("fault-run.json"))
                    .replace("\"session\": \"memory\",", "\"session\": \"memory\", \"settings\": \"" + settings + "\","));
        }

        FaultsSummarizeTest.Run r = FaultsSummarizeTest.summarize("--results", dir.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        JsonNode json = Json.read(dir.resolve("faults.json"));
        assertEquals("shipped", json.at("/runs/0/settings").asText());
        assertEquals("recommended", json.at("/runs/1/settings").asText());
        assertEquals("[\"shipped\",\"recommended\"]", json.at("/options/settings").toString());
        String table = Files.readString(dir.resolve("faults.txt"));
        assertTrue(table.contains("hang         hikari/shipped     ") && table.contains("hang         hikari/recommended "),
                table);

        // A record of other settings than the plan's is a problem, not a run of the plan.
        Path wrong = dir.resolve("runs").resolve("hang-hikari-recommended").resolve("fault-run.json");
        Files.writeString(wrong, Files.readString(wrong).replace("\"settings\": \"recommended\"",
                "\"settings\": \"shipped\""));
        FaultsSummarizeTest.Run mixed = FaultsSummarizeTest.summarize("--results", dir.toString());
        assertEquals(1, mixed.status());
        assertTrue(mixed.err().contains("hang/hikari/recommended: run failed: fault-run.json names the settings "
                + "shipped, the plan recommended"), mixed.err());
        // So is an app that read back other settings than it was started with (poolsettings.json).
        Files.writeString(wrong, Files.readString(wrong).replace("\"settings\": \"shipped\"",
                "\"settings\": \"recommended\""));
        Files.writeString(wrong.resolveSibling("poolsettings.json"), "{\"profile\": \"hikari\", \"settings\": \"shipped\"}");
        FaultsSummarizeTest.Run readBack = FaultsSummarizeTest.summarize("--results", dir.toString());
        assertEquals(1, readBack.status());
        assertTrue(readBack.err().contains("hang/hikari/recommended: run failed: the app read back the settings "
                + "shipped, the plan recommended"), readBack.err());
    }
}
