package dev.poolbench.bench.compare.sittings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

/** {@code ./poolbench sittings} pools a pair only over sittings of the same releases (issue 52). */
class SittingsReleasesTest {

    private static final String OLD = "commons-dbcp2 2.14.0 vs HikariCP 7.0.2 on mysql-connector-j 9.7.0";
    private static final String NEW = "commons-dbcp2 2.14.0 vs HikariCP 7.1.0 on mysql-connector-j 9.7.0";

    /** A sitting of dbcp2 against hikari (and hikari's A/A) at {@code log}, run with the given HikariCP. */
    private static Path sitting(Path dir, String name, double log, String hikari) throws Exception {
        ObjectNode root = Json.object();
        ArrayNode paired = root.putArray("blocks").addObject().put("poolSize", 10).putArray("paired");
        for (String profile : new String[] {"dbcp2", "hikari_2"}) {
            paired.addObject().put("profile", profile).put("reference", "hikari")
                    .put("rounds", 3).put("meanLogRatio", log).put("seLogRatio", 0.01).put("df", 2)
                    .put("verdict", "undecided").put("text", "undecided");
        }
        Path file = dir.resolve(name + ".json");
        Json.write(file, SittingsTest.named(root, "dbcp2", "commons-dbcp2 2.14.0", "hikari", hikari));
        return file;
    }

    private static List<Sittings.Sitting> read(Path... files) throws Exception {
        List<Sittings.Sitting> sittings = new ArrayList<>();
        for (Path f : files) {
            sittings.add(Sittings.read(f));
        }
        return sittings;
    }

    @Test
    void sittingsOfOneReleasePoolAndSayWhichOne(@TempDir Path dir) throws Exception {
        List<Sittings.Pair> pairs = Sittings.pairs(read(sitting(dir, "a", -0.02, "HikariCP 7.0.2"),
                sitting(dir, "b", -0.03, "HikariCP 7.0.2")));
        assertEquals("dbcp2 vs hikari @10", pairs.get(0).label(), "the label is the pair's, as before");
        assertEquals(OLD, pairs.get(0).releases());
        assertEquals(2, pairs.get(0).pooled().k());
        assertEquals("HikariCP 7.0.2 on mysql-connector-j 9.7.0", pairs.get(1).releases(),
                "an A/A's hikari_2 is the hikari profile");
    }

    @Test
    void twoReleasesOfAPairAreRefusedInOneLineNamingThePairTheFilesAndTheReleases(@TempDir Path dir)
            throws Exception {
        Path a = sitting(dir, "a", -0.02, "HikariCP 7.0.2");
        Path b = sitting(dir, "b", -0.05, "HikariCP 7.1.0");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sittings.pairs(read(a, b)));
        assertEquals("dbcp2 vs hikari @10: refusing to pool different releases: " + OLD + " (" + a + "); " + NEW
                + " (" + b + "); --by-release pools each release apart", e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertThrows(IllegalArgumentException.class,
                () -> SittingsReport.write(List.of(a, b), dir.resolve("out"),
                        new PrintStream(new ByteArrayOutputStream())));
        assertFalse(Files.exists(dir.resolve("out")), "nothing written");
    }

    @Test
    void byReleaseEachReleaseIsPooledApartAndLabelledWithIt(@TempDir Path dir) throws Exception {
        List<Path> files = List.of(sitting(dir, "a", -0.02, "HikariCP 7.0.2"),
                sitting(dir, "b", -0.05, "HikariCP 7.1.0"), sitting(dir, "c", -0.03, "HikariCP 7.0.2"),
                sitting(dir, "d", -0.06, "HikariCP 7.1.0"));
        List<Sittings.Pair> pairs = Sittings.pairs(read(files.toArray(Path[]::new)), true);
        List<String> labels = pairs.stream().map(Sittings.Pair::label).toList();
        assertEquals(List.of("dbcp2 vs hikari @10 [" + OLD + "]",
                "hikari_2 vs hikari @10 [HikariCP 7.0.2 on mysql-connector-j 9.7.0]",
                "dbcp2 vs hikari @10 [" + NEW + "]",
                "hikari_2 vs hikari @10 [HikariCP 7.1.0 on mysql-connector-j 9.7.0]"), labels);
        assertEquals(List.of("a", "c"), pairs.get(0).estimates().stream().map(Sittings.Estimate::sitting).toList());
        assertEquals(-2.47, Sittings.percent(pairs.get(0).pooled().estimate()), 0.01);
        assertEquals(-5.35, Sittings.percent(pairs.get(2).pooled().estimate()), 0.01);
        Path out = dir.resolve("out");
        assertEquals(0, SittingsReport.write(files, out, true, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8)));
        String text = Files.readString(out.resolve("sittings.txt"));
        assertTrue(text.contains("each release of a pair's pool and driver pooled apart (--by-release)"), text);
        assertTrue(text.contains("dbcp2 vs hikari @10 [" + NEW + "] | 2 | "), text);
        JsonNode json = Json.read(out.resolve("sittings.json"));
        assertEquals(NEW, json.path("pairs").get(2).path("releases").asText());
    }

    @Test
    void aSittingThatNamesNoReleasesIsPooledWithNoneButListedAlone(@TempDir Path dir) throws Exception {
        Path named = sitting(dir, "a", -0.02, "HikariCP 7.0.2");
        ObjectNode bare = (ObjectNode) Json.read(sitting(dir, "b", -0.03, "HikariCP 7.0.2"));
        bare.remove("releases");
        Path unnamed = dir.resolve("b.json");
        Json.write(unnamed, bare);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Sittings.pairs(read(named, unnamed)));
        assertTrue(e.getMessage().startsWith("dbcp2 vs hikari @10: cannot pool " + unnamed + ": no releases"),
                e.getMessage());
        Sittings.Pair apart = Sittings.pairs(read(named, unnamed), true).get(2);
        assertEquals("dbcp2 vs hikari @10 [releases not recorded]", apart.label(), "--by-release lists it apart");
        assertEquals(null, apart.pooled());
        assertThrows(IllegalArgumentException.class, () -> Sittings.pairs(read(unnamed, unnamed), true),
                "two that name none are not one release");
        Sittings.Pair alone = Sittings.pairs(read(unnamed)).get(0);
        assertEquals(null, alone.releases());
        assertEquals(null, alone.pooled(), "one sitting is listed, not pooled: nothing to check");
    }

    @Test
    void aResultsDirectoryWhoseSummaryNamesNoReleasesHasItsEnvironmentsOnes(@TempDir Path dir) throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        ObjectNode summary = (ObjectNode) Json.read(sitting(dir, "a", -0.02, "HikariCP 7.0.2"));
        ObjectNode environment = Json.object();
        environment.set("releases", summary.remove("releases"));
        Json.write(results.resolve("summary.json"), summary);
        Json.write(results.resolve("environment.json"), environment);
        assertEquals("HikariCP 7.0.2", Sittings.read(results).releases().path("hikari").path("pool").asText());
    }
}
