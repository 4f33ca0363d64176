package dev.poolbench.bench.compare.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.CompareConverters;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.report.DuetRankTest;
import dev.poolbench.bench.compare.report.Summarizer;
import dev.poolbench.bench.compare.report.Summary;
import dev.poolbench.bench.compare.stats.Spread;
import dev.poolbench.bench.compare.util.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** Which between-sitting sd a comparison's intervals include, and the summary saying so. */
class BetweenSittingTest {

    private static List<RunRecord> duets(double... ratios) {
        List<RunRecord> runs = new ArrayList<>();
        for (int round = 1; round <= ratios.length; round++) {
            runs.addAll(DuetRankTest.duet("dbcp2", round, ratios[round - 1], 1));
        }
        return runs;
    }

    private static ObjectNode environment(Double explicit) {
        ObjectNode env = Json.object();
        ObjectNode options = env.putObject("options").put("reference", "hikari").put("duet", true).put("mode", "local");
        if (explicit != null) {
            options.put(BetweenSitting.OPTION_KEY, explicit);
        }
        return env;
    }

    @Test
    void theDesignPicksTheStoredSd() {
        JsonNode stored = BetweenSitting.stored().path("designs");
        BetweenSitting shared = BetweenSitting.of("shared-host-duet", null);
        assertEquals(stored.path("shared-host-duet").path("sdPercent").asDouble(), shared.sdPercent(), 1e-12);
        assertTrue(shared.source().startsWith("measured on "), shared.source());
        assertEquals(0, BetweenSitting.of("solo", null).sdLog(), "solo: to be measured, so none yet");
        assertTrue(BetweenSitting.of("solo", null).line().contains("within-sitting only"));
        assertEquals("isolated-duet", BetweenSitting.design(true, true));
        assertEquals("shared-host-duet", BetweenSitting.design(true, false));
        assertEquals("solo", BetweenSitting.design(false, false));
    }

    @Test
    void aRemoteDesignBorrowsTheLocalTermAndItsVerdictSaysProvisional() {
        assertEquals("remote-shared-host-duet", BetweenSitting.design(true, false, true));
        assertEquals("solo", BetweenSitting.design(false, false, false));
        BetweenSitting local = BetweenSitting.of("shared-host-duet", null);
        BetweenSitting remote = BetweenSitting.of("remote-shared-host-duet", null);
        assertEquals(local.sdLog(), remote.sdLog(), 1e-15);
        assertTrue(remote.provisional() && !local.provisional());
        assertTrue(remote.line().startsWith("Provisional verdict: "), remote.line());
        assertTrue(remote.source().startsWith("not measured for remote shared host duet comparisons: borrowed from "
                + "the local shared host duet's, measured on "), remote.source());
        BetweenSitting solo = BetweenSitting.of("remote-solo", null);
        assertEquals(0, solo.sdLog(), "no local solo term to borrow: within-sitting only, nothing provisional");
        assertTrue(!solo.provisional() && solo.line().contains("not measured yet for remote solo"), solo.line());

        ObjectNode env = environment(null);
        ((ObjectNode) env.get("options")).put("mode", "remote");
        env.putObject("remote").putArray("lanes").add(Json.object().put("appUrl", "http://10.0.0.2:8080"))
                .add(Json.object().put("appUrl", "http://10.0.0.3:8080"));
        assertEquals("remote-isolated-duet", BetweenSitting.of(env, duets(1.0)).design(), "two app hosts");
        ((ObjectNode) env.path("remote").path("lanes").get(1)).put("appUrl", "http://10.0.0.2:8082");
        assertEquals("remote-shared-host-duet", BetweenSitting.of(env, duets(1.0)).design(), "one app host");
    }

    @Test
    void anExplicitSdWinsAndZeroTurnsTheTermOff() {
        assertEquals(0.015, BetweenSitting.of("solo", 1.5).sdLog(), 1e-15);
        BetweenSitting off = BetweenSitting.of("shared-host-duet", 0.0);
        assertEquals(0, off.sdLog());
        assertTrue(off.line().contains("within-sitting only (between-sitting sd 0, given with --between-sitting-sd)"),
                off.line());
        assertThrows(IllegalArgumentException.class, () -> BetweenSitting.of("solo", -1.0));
        assertEquals(0.0, new CompareConverters.SdPercent().convert("0"));
        assertEquals(1.5, new CompareConverters.SdPercent().convert("1.5%"));
        assertThrows(TypeConversionException.class, () -> new CompareConverters.SdPercent().convert("-2%"));
    }

    @Test
    void untilDecidedStopsForAPairNoRoundCanSettle() {
        List<RunRecord> runs = duets(0.990, 1.000, 1.005);
        List<Integer> sizes = java.util.Collections.singletonList(runs.get(0).poolSize());
        List<String> said = new ArrayList<>();
        String open = new DecidedRule(List.of("hikari", "dbcp2"), sizes, "hikari", 5, 0.03, said::add).apply(runs);
        assertEquals("0 of 1 pairs are decided; 1 cannot be by more rounds (the between-sitting sd stays)", open);
        assertEquals("1 pair is decided",
                new DecidedRule(List.of("hikari", "dbcp2"), sizes, "hikari", 5, 0, said::add).apply(runs));
    }

    @Test
    void summarizeTakesTheSdGivenToIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        StringBuilder jsonl = new StringBuilder();
        duets(0.990, 1.000, 1.005).forEach(r -> jsonl.append(Json.line(r.json())).append('\n'));
        java.nio.file.Files.writeString(dir.resolve("runs.jsonl"), jsonl);
        Json.write(dir.resolve("environment.json"), environment(null));
        java.io.PrintStream quiet = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
        Summarizer.summarize(dir, 0.0, quiet);
        assertEquals(0, Json.read(dir.resolve("summary.json")).path("betweenSitting").path("sdPercent").asDouble());
        assertTrue(!Json.read(dir.resolve("environment.json")).path("options").has(BetweenSitting.OPTION_KEY),
                "environment.json stays as the comparison wrote it");
        Summarizer.summarize(dir, quiet);
        assertEquals(BetweenSitting.of("shared-host-duet", null).sdPercent(),
                Json.read(dir.resolve("summary.json")).path("betweenSitting").path("sdPercent").asDouble(), 1e-12);
    }

    /** A remote duet (bench.yml on the VMs): summary.txt, summary.json and report.html all say provisional. */
    @Test
    void aRemoteDuetsFilesSayProvisional(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        StringBuilder jsonl = new StringBuilder();
        duets(0.990, 1.000, 1.005).forEach(r -> jsonl.append(Json.line(r.json())).append('\n'));
        java.nio.file.Files.writeString(dir.resolve("runs.jsonl"), jsonl);
        ObjectNode env = environment(null);
        ((ObjectNode) env.get("options")).put("mode", "remote");
        Json.write(dir.resolve("environment.json"), env);
        Summarizer.summarize(dir, new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        JsonNode between = Json.read(dir.resolve("summary.json")).path("betweenSitting");
        assertEquals("remote-shared-host-duet", between.path("design").asText());
        assertTrue(between.path("provisional").asBoolean(), between.toString());
        for (String file : List.of("summary.txt", "report.html")) {
            assertTrue(java.nio.file.Files.readString(dir.resolve(file)).contains("Provisional verdict: "), file);
        }
    }

    @Test
    void theSummaryVerdictUsesTheHonestInterval() {
        // Three duets about -1 %, tight: equivalent within the sitting; with a between-sitting sd of
        // 3 % the 90 % interval reaches past -5 %, so the verdict is open.
        List<RunRecord> runs = duets(0.990, 1.000, 1.005);
        Summary within = Summary.of(runs, environment(0.0));
        Summary honest = Summary.of(runs, environment(3.0));
        assertEquals("equivalent", within.blocks().get(0).paired().get(0).result().word().label());
        assertEquals("undecided", honest.blocks().get(0).paired().get(0).result().word().label());
        assertTrue(honest.text().contains("include the between-sitting sd 3.00 %"), honest.text());
        assertTrue(within.text().contains("Intervals: within-sitting only"), within.text());
        // Without an explicit sd, a local duet takes the stored shared-host term at its own difference.
        Summary stored = Summary.of(runs, environment(null));
        Spread spread = stored.blocks().get(0).paired().get(0).result().spread();
        assertEquals(BetweenSitting.of("shared-host-duet", null).sd().at(spread.meanLog()), spread.betweenSdLog(), 1e-15);
    }
}
