package dev.poolbench.bench.compare.sittings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.report.DuetRankTest;
import dev.poolbench.bench.compare.report.Summary;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./poolbench sittings} on summary.json files built from known numbers. */
class SittingsTest {

    /** A summary.json as compare wrote it before the within-sitting fields: one pair, one block. */
    static ObjectNode oldSummary(String profile, double diff, double low, double high, int n, String word,
                                 String text) {
        ObjectNode root = Json.object();
        ObjectNode block = root.putArray("blocks").addObject();
        block.put("poolSize", 10);
        block.putArray("paired").addObject().put("profile", profile).put("reference", "hikari").put("rounds", n)
                .put("differencePercent", diff).put("ci95LowPercent", low).put("ci95HighPercent", high)
                .put("verdict", word).put("text", text);
        return named(root, profile, profile + " 1.0", "hikari", "HikariCP 7.0.2");
    }

    /** The releases summary.json names (issue 52): profile, its pool's release, ...; one driver for all. */
    static ObjectNode named(ObjectNode root, String... profileAndPool) {
        ObjectNode releases = root.putObject("releases");
        for (int i = 0; i < profileAndPool.length; i += 2) {
            releases.putObject(profileAndPool[i]).put("pool", profileAndPool[i + 1])
                    .put("driver", "mysql-connector-j 9.7.0");
        }
        return root;
    }

    /** The five sittings of dbcp2 against hikari behind the provisional tau (between-sitting.json). */
    static List<Sittings.Sitting> dbcp2(Path dir) throws Exception {
        double[][] figures = {{-4.5, -9.3, 0.7}, {-0.4, -3.3, 2.5}, {-3.1, -4.7, -1.5}, {-1.3, -6.3, 4.0},
            {-2.7, -5.3, 0.0}};
        String[][] words = {{"undecided", "undecided (about 4 duets would settle it)"},
            {"equivalent", "equivalent within ±5 %"}, {"slower", "slower, by less than 5 %"},
            {"equivalent", "equivalent within ±5 %"}, {"undecided", "undecided"}};
        List<Sittings.Sitting> sittings = new ArrayList<>();
        for (int i = 0; i < figures.length; i++) {
            Path file = dir.resolve("2026-11-2" + (i < 3 ? 5 : 7) + "-shared-host-duet-dbcp2-" + (i + 1) + ".json");
            Json.write(file, oldSummary("dbcp2", figures[i][0], figures[i][1], figures[i][2], 3, words[i][0],
                    words[i][1]));
            sittings.add(Sittings.read(file));
        }
        return sittings;
    }

    @Test
    void theFiveDbcp2SittingsOfNovember25And27GiveTheirTau(@TempDir Path dir) throws Exception {
        Sittings.Pair p = Sittings.pairs(dbcp2(dir)).get(0);
        assertEquals("dbcp2 vs hikari @10", p.label());
        assertEquals(5, p.pooled().k());
        assertEquals(1.33, 100 * p.pooled().tau(), 0.005, "Paule-Mandel");
        assertEquals(1.23, 100 * Math.sqrt(p.dlTau2()), 0.005, "DerSimonian-Laird");
        assertEquals(-2.4, Sittings.percent(p.pooled().estimate()), 0.05);
        assertFalse(p.wordsAgree());
        assertEquals("no (undecided 2, equivalent 2, slower 1)", SittingsReport.agree(p));
        // Five sittings whose words disagree, pooled: the 95 % interval [-4.2 .. -0.5] is below 0,
        // the 90 % one inside -5 %: one word for all of them.
        assertEquals("slower, by less than 5 %", p.pooledVerdict());
        assertTrue(SittingsReport.pooledLine(p).startsWith("pooled over 5: -2.4 % [-4.2 .. -0.5]: slower, by less "
                + "than 5 %, tau 1.33 %"), SittingsReport.pooledLine(p));
    }

    @Test
    void thePooledWordFollowsTheVerdictRuleOnThePooledIntervals() {
        List<Sittings.Estimate> nearZero = new ArrayList<>();
        List<Sittings.Estimate> apart = new ArrayList<>();
        double[] y = {0.004, -0.003, 0.001, -0.002, 0.0};
        for (int i = 0; i < y.length; i++) {
            nearZero.add(new Sittings.Estimate("s" + (i + 1), 3, y[i], 0.01, 2, "undecided", "undecided"));
        }
        apart.add(new Sittings.Estimate("s1", 3, 0.04, 0.01, 2, "faster", "faster"));
        apart.add(new Sittings.Estimate("s2", 3, -0.04, 0.01, 2, "slower", "slower"));
        assertEquals("equivalent", Sittings.pool("a vs b", false, nearZero).pooledVerdict(),
                "undecided one by one, equivalent within ±5 % together");
        assertEquals("undecided", Sittings.pool("a vs b", false, apart).pooledVerdict(),
                "two sittings that contradict each other decide nothing (t with 1 df)");
        assertEquals(null, Sittings.pool("a vs b", false, nearZero.subList(0, 1)).pooledVerdict());
    }

    @Test
    void coverageCountsTheSittingsWhoseIntervalHoldsThePooledEstimate() {
        // Equal standard errors: the weights are equal and the pooled estimate is the mean, 0.
        // Each interval is +-t(0.975, 2) * 0.5 % = +-2.2 %: the three at 0 hold 0, the two at +-5 % do not.
        List<Sittings.Estimate> five = new ArrayList<>();
        double[] y = {0, 0, 0, 0.05, -0.05};
        for (int i = 0; i < y.length; i++) {
            five.add(new Sittings.Estimate("s" + (i + 1), 3, y[i], 0.005, 2, "equivalent", "equivalent"));
        }
        Sittings.Pair p = Sittings.pool("a vs b", false, five);
        assertEquals(0, p.pooled().estimate(), 1e-12);
        assertEquals(3, p.covering());
        assertEquals(0.6, p.coverage(), 1e-12);
        assertEquals("3/5 (60 %)", SittingsReport.fraction(p.covering(), 5));
        // tau^2 solves Q = 4 with v = 2.5e-5: (2 * 0.0025) / (2.5e-5 + tau^2) = 4, tau^2 = 0.00122.
        assertEquals(0.00125 - 0.000025, p.pooled().tau2(), 1e-9);
        assertEquals(1.0, p.coverageWithTau(), 1e-12, "with tau added every interval holds it");
        assertTrue(p.wordsAgree());
        assertEquals("yes", SittingsReport.agree(p));
    }

    @Test
    void aDecidedWordIsCheckedAgainstZeroForAnAaPairAndAgainstThePooledEstimateOtherwise() {
        double margin = Math.log1p(0.05);
        List<Sittings.Estimate> aa = List.of(
                new Sittings.Estimate("s1", 3, -0.03, 0.005, 2, "slower", "slower, by less than 5 %", 0.013, margin),
                new Sittings.Estimate("s2", 3, 0.001, 0.005, 2, "equivalent", "equivalent within ±5 %", 0.013, margin),
                new Sittings.Estimate("s3", 3, 0.01, 0.01, 2, "undecided", "undecided", 0.013, margin));
        Sittings.Pair p = Sittings.pool("hikari_2 vs hikari @10", true, aa);
        assertEquals(0.0, p.truth(), 0);
        assertEquals(2, p.decidedWords(), "undecided is not a claim");
        assertEquals(1, p.wrongWords(), "an A/A called slower is wrong whatever the sittings pool to");
        assertEquals("1 of 2 (truth: 0, A/A)", SittingsReport.wrong(p));
        // A pair at about -2.4 %: slower and "slower, by less than 5 %" and "equivalent" are all true of it.
        List<Sittings.Estimate> dbcp2 = List.of(
                new Sittings.Estimate("s1", 3, -0.03, 0.005, 2, "slower", "slower, by less than 5 %", 0, margin),
                new Sittings.Estimate("s2", 3, -0.02, 0.005, 2, "equivalent", "equivalent within ±5 %", 0, margin),
                new Sittings.Estimate("s3", 3, -0.022, 0.005, 2, "slower", "slower", 0, margin),
                new Sittings.Estimate("s4", 3, -0.025, 0.005, 2, "faster", "faster", 0, margin));
        Sittings.Pair q = Sittings.pool("dbcp2 vs hikari @10", false, dbcp2);
        assertTrue(q.truth() < 0 && q.truth() > -margin, "pooled " + q.truth());
        assertEquals(1, q.wrongWords(), "only 'faster' is false of a pair slower by 2-3 %");
        // nopool at -43 %: "equivalent" and "slower, by less than 5 %" are false of it, "slower" is true.
        List<Sittings.Estimate> nopool = List.of(
                new Sittings.Estimate("s1", 3, -0.56, 0.01, 2, "slower", "slower", 0, margin),
                new Sittings.Estimate("s2", 3, -0.58, 0.01, 2, "equivalent", "equivalent within ±5 %", 0, margin),
                new Sittings.Estimate("s3", 3, -0.57, 0.01, 2, "slower", "slower, by less than 5 %", 0, margin));
        assertEquals(2, Sittings.pool("nopool vs hikari @10", false, nopool).wrongWords());
    }

    @Test
    void coverageAsReportedUsesTheBetweenSittingSdEachSittingIncluded() {
        // Pooled estimate 0 (equal weights); the sittings at +-3 % miss it within-sitting (+-2.2 %)
        // and hold it as reported with a between-sitting sd of 1.33 % (+-sqrt(2.2^2 + 2.6^2) = +-3.4 %).
        double margin = Math.log1p(0.05);
        List<Sittings.Estimate> four = new ArrayList<>();
        double[] y = {0.03, -0.03, 0.03, -0.03};
        for (int i = 0; i < y.length; i++) {
            four.add(new Sittings.Estimate("s" + i, 3, y[i], 0.005, 2, "undecided", "undecided", i < 2 ? 0.0133 : 0,
                    margin));
        }
        Sittings.Pair p = Sittings.pool("a vs b", false, four);
        assertEquals(0, p.pooled().estimate(), 1e-12);
        assertEquals(0, p.covering());
        assertEquals(2, p.coveringAsReported(), "the two that included 1.33 % hold 0, the two within-only do not");
    }

    @Test
    void variantDuetsArePooledByTheirDimensionValue(@TempDir Path dir) throws Exception {
        List<Path> files = new ArrayList<>();
        double[] logs = {-0.06, -0.05};
        for (int i = 0; i < logs.length; i++) {
            ObjectNode root = Json.object();
            root.putArray("blocks");
            root.put("equivalenceMarginPercent", 5.0);
            root.putArray("plants").addObject().put("profile", "hikari").put("poolSize", 10)
                    .put("variant", "platform threads, JDK 17").put("plant", "cpu:100us").put("reference", "none")
                    .put("rounds", 3).put("meanLogRatio", logs[i]).put("seLogRatio", 0.01).put("df", 2)
                    .put("betweenSittingSdLog", 0.0).put("verdict", "slower").put("text", "slower");
            Path file = dir.resolve("s" + i + ".json");
            Json.write(file, named(root, "hikari", "HikariCP 7.0.2"));
            files.add(file);
        }
        List<Sittings.Sitting> sittings = new ArrayList<>();
        for (Path f : files) {
            sittings.add(Sittings.read(f));
        }
        Sittings.Pair p = Sittings.pairs(sittings).get(0);
        assertEquals("hikari plant cpu:100us vs none @10 (platform threads, JDK 17)", p.label());
        assertFalse(p.aa());
        assertEquals(2, p.pooled().k());
        assertEquals(0, p.wrongWords());
    }

    @Test
    void aPairInOneSittingIsListedNotPooled() {
        Sittings.Pair p = Sittings.pool("a vs b", false,
                List.of(new Sittings.Estimate("s1", 3, 0.01, 0.005, 2, "equivalent", "equivalent")));
        assertNull(p.pooled());
        assertTrue(Double.isNaN(p.coverage()));
        assertEquals("not pooled: fewer than 2 sittings with an interval", SittingsReport.pooledLine(p));
    }

    @Test
    void summaryJsonKeepsTheWithinSittingFiguresAndSittingsReadsThemBack(@TempDir Path dir) throws Exception {
        List<RunRecord> runs = new ArrayList<>();
        double[] ratios = {0.97, 0.98, 0.965};
        for (int round = 1; round <= 3; round++) {
            runs.addAll(DuetRankTest.duet("dbcp2", round, ratios[round - 1], 1));
        }
        ObjectNode environment = Json.object();
        environment.putObject("options").put("reference", "hikari").put("duet", true).put("mode", "local")
                .put("betweenSittingSdPercent", 1.5);
        Summary summary = Summary.of(runs, environment);
        Path file = dir.resolve("summary.json");
        Json.write(file, summary.json());
        JsonNode read = Json.read(file);
        JsonNode entry = read.path("blocks").get(0).path("paired").get(0);
        PairedTest.Result result = summary.blocks().get(0).paired().get(0).result();
        assertEquals(result.spread().meanLog(), entry.path("meanLogRatio").asDouble(), 1e-15);
        assertEquals(result.spread().seLog(), entry.path("seLogRatio").asDouble(), 1e-15);
        assertEquals(2, entry.path("df").asInt());
        assertEquals(0.015, entry.path("betweenSittingSdLog").asDouble(), 1e-15);
        assertEquals(result.spread().withinLowPercent(), entry.path("ci95WithinLowPercent").asDouble(), 1e-12);
        assertTrue(entry.path("ci95LowPercent").asDouble() < entry.path("ci95WithinLowPercent").asDouble(),
                "the reported interval includes the between-sitting sd");
        assertEquals(1.5, read.path("betweenSitting").path("sdPercent").asDouble(), 1e-12);
        assertEquals("shared-host-duet", read.path("betweenSitting").path("design").asText());
        Sittings.Estimate e = Sittings.estimate("s", entry);
        assertEquals(result.spread().seLog(), e.se(), 1e-15, "the within-sitting se, not the widened one");
        assertEquals(Math.log((0.97 * 0.98 * 0.965)) / 3, e.y(), 1e-12);
        assertTrue(summary.text().contains("include the between-sitting sd 1.50 % (shared host duet), given with "
                + "--between-sitting-sd"), summary.text());
        assertTrue(summary.text().contains("(within-sitting only ["), summary.text());
    }

    @Test
    void theCommandWritesTextJsonAndPicture(@TempDir Path dir) throws Exception {
        List<Path> files = dbcp2(dir).stream().map(Sittings.Sitting::source).toList();
        Path out = dir.resolve("out");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        assertEquals(0, SittingsReport.write(files, out, new PrintStream(bytes, true, StandardCharsets.UTF_8)));
        String text = Files.readString(out.resolve("sittings.txt"));
        assertTrue(text.contains("dbcp2 vs hikari @10 | 5 | -2.4 % ["), text);
        assertTrue(text.contains("| 1.33 % | "), text);
        JsonNode json = Json.read(out.resolve("sittings.json"));
        JsonNode pair = json.path("pairs").get(0);
        assertEquals(1.33, pair.path("pooled").path("tauPercent").asDouble(), 0.005);
        assertEquals(pair.path("coverage").asDouble() * 5, countCovering(pair), 1e-9);
        assertTrue(Files.size(out.resolve("sittings.png")) > 1000);
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("Written: "));
    }

    private static int countCovering(JsonNode pair) {
        int n = 0;
        for (JsonNode s : pair.path("sittings")) {
            n += s.path("coversPooled").asBoolean() ? 1 : 0;
        }
        return n;
    }
}
