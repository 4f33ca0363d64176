package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.launch.ThreadsCheck;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.report.Summary;
import dev.poolbench.bench.compare.run.RunJvms;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.AppBuild;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --app-jar: parsing and refusals, the plan's app-build dimension, and the paired verdict between builds. */
class AppBuildTest {

    @TempDir
    Path dir;

    private Path jar(String name, boolean executable) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (executable) {
            manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "org.example.Main");
        }
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
            j.flush();
        }
        return jar;
    }

    @Test
    void twoJarsAreApp1AndApp2OrTheirOwnNames() throws Exception {
        Path a = jar("a.jar", true);
        Path b = jar("b.jar", true);
        assertEquals(List.of(new AppBuild("app1", a), new AppBuild("app2", b)), AppBuild.parseList(a + "," + b));
        assertEquals(List.of("base", "lean"),
                AppBuild.parseList("base=" + a + ", lean=" + b).stream().map(AppBuild::name).toList());
    }

    @Test
    void badJarsAreRefusedWithTheReason() throws Exception {
        Path a = jar("a.jar", true);
        Path text = Files.writeString(dir.resolve("notes.jar"), "not a zip");
        Path plain = jar("plain.jar", false);
        assertEquals("--app-jar compares builds of the app: give two or more jars, e.g. --app-jar "
                + "base=old.jar,new=webapp/target/poolbench-webapp.jar (got 1)",
                assertThrows(UsageException.class, () -> AppBuild.parseList(a.toString())).getMessage());
        assertEquals("--app-jar: " + dir.resolve("missing.jar") + " does not exist", assertThrows(UsageException.class,
                () -> AppBuild.parseList(a + "," + dir.resolve("missing.jar"))).getMessage());
        assertTrue(assertThrows(UsageException.class, () -> AppBuild.parseList(a + "," + text)).getMessage()
                .startsWith("--app-jar: " + text + " is not a jar ("));
        assertTrue(assertThrows(UsageException.class, () -> AppBuild.parseList(a + "," + plain)).getMessage()
                .contains("is not an executable jar (no Main-Class"));
        assertTrue(assertThrows(UsageException.class, () -> AppBuild.parseList(a + "," + dir)).getMessage()
                .endsWith(" is not a file"));
        assertTrue(assertThrows(UsageException.class, () -> AppBuild.parseList("x=" + a + ",x=" + a)).getMessage()
                .contains("names two builds 'x'"));
        assertTrue(assertThrows(UsageException.class, () -> AppBuild.parseList("Base/1=" + a + "," + a))
                .getMessage().contains("build name 'Base/1'"));
    }

    @Test
    void badInputOnTheCommandLineIsExitStatus2() throws Exception {
        Path a = jar("a.jar", true);
        assertEquals(2, CompareMain.run("compare", "--app-jar", a.toString()));
        assertEquals(2, CompareMain.run("compare", "--app-jar", a + "," + dir.resolve("nope.jar")));
        assertEquals(2, CompareMain.run("compare", "--app-jar", a + "," + a, "--app-url", "http://h:8080",
                "--reset-command", "true"));
    }

    @Test
    void theBuildsAreADimensionOfThePlan() throws Exception {
        Path a = jar("a.jar", true);
        Path b = jar("b.jar", true);
        CompareOptions o = CompareOptions.parse("--profiles", "hikari,dbcp2", "--app-jar", "base=" + a + ",lean=" + b);
        assertEquals(List.of("base", "lean"), o.variants.stream().map(RunVariant::appName).toList());
        assertEquals("base", o.toJson().path("appBuilds").get(0).path("name").asText());
        var runs = RunPlan.of(o.profiles, o.sizes(), o.variants, 2, "interleaved");
        assertEquals(List.of("1-hikari-base", "1-dbcp2-base", "1-hikari-lean", "1-dbcp2-lean",
                "2-hikari-base", "2-dbcp2-base", "2-hikari-lean", "2-dbcp2-lean"),
                runs.stream().map(RunPlan.Planned::dirName).toList());
        assertEquals("hikari size 10 lean round 1/2", Progress.label(runs.get(2), 2));
        // Each build runs its own jar.
        assertEquals(Path.of("/x/lean.jar"), new RunJvms(o, "java", dir, dir, () -> null, () -> null,
                java.util.Map.of("base", Path.of("/x/base.jar"), "lean", Path.of("/x/lean.jar")), dir)
                .appJar(runs.get(2).variant()));
        // Without --app-jar nothing changes: one variant, the tree's jar.
        RunVariant plain = CompareOptions.parse().variants.get(0);
        assertNull(plain.appName());
        assertEquals("", RunJvms.buildKey(plain));
    }

    private static ObjectNode record(String profile, int round, double score, String build) {
        ObjectNode r = Fixtures.record(profile, round, score, true, true);
        ThreadsCheck.addToRecord(r, RunVariant.DEFAULT.withApp(new AppBuild(build, Path.of(build + ".jar"))), "java",
                null);
        return r;
    }

    @Test
    void theSummaryPairsTheBuildsPoolByPool() {
        List<RunRecord> runs = new ArrayList<>();
        double[] base = {1000, 1400, 700};
        for (int round = 1; round <= 3; round++) {
            runs.add(RunRecord.of(record("hikari", round, base[round - 1], "base")));
            runs.add(RunRecord.of(record("dbcp2", round, base[round - 1] * 0.9, "base")));
            runs.add(RunRecord.of(record("hikari", round, base[round - 1] * 1.2, "lean")));
            runs.add(RunRecord.of(record("dbcp2", round, base[round - 1] * 0.9, "lean")));
        }
        ObjectNode env = Json.object();
        env.putObject("options").putArray("appBuilds").addObject().put("name", "base");
        Summary s = Summary.of(runs, env);
        // One block per build (each with its pools' verdict), and the builds against each other per pool.
        assertEquals(2, s.blocks().size());
        assertTrue(s.blocks().get(1).title(true).endsWith("app build lean"), s.blocks().get(1).title(true));
        String text = s.text();
        assertTrue(text.contains("App builds, paired by round against base"), text);
        assertTrue(text.contains("Verdict: hikari @10 (platform threads, JDK " + Runtime.version().feature()
                + "): lean vs base: 1.20x (+20.0 %, 95 % CI [+20.0 .. +20.0] (difference)) over 3 rounds: faster"), text);
        assertTrue(text.contains("Verdict: dbcp2 @10 (platform threads, JDK " + Runtime.version().feature()
                + "): lean vs base: 1.00x (+0.0 %, 90 % CI [+0.0 .. +0.0] (equivalence)) over 3 rounds: equivalent"), text);
        JsonNode json = s.json().path("appBuilds");
        assertEquals(2, json.size());
        assertEquals("hikari", json.get(0).path("profile").asText());
        assertEquals(1.2, json.get(0).path("ratio").asDouble(), 1e-9);
        assertEquals("faster", json.get(0).path("verdict").asText());
        assertEquals("lean", s.json().path("blocks").get(1).path("appBuild").asText());
    }

    @Test
    void withoutBuildsThereIsNoSection() {
        Summary s = Summary.of(Fixtures.runs("hikari", new double[] {1000, 1010}, "dbcp2", new double[] {900, 905}),
                Json.object());
        assertTrue(s.appBuilds().isEmpty());
        assertTrue(!s.text().contains("App builds"));
        assertTrue(s.json().path("appBuilds").isMissingNode());
    }
}
