package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.jvm.JdkHome;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.ThreadMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --threads and --java: parsing, the JDK search, and the plan they make (RunVariant). */
class ThreadsAndJdkOptionsTest {

    @TempDir
    Path jvms;

    /** A JDK home as the search sees one: an executable bin/java and a release file. */
    private Path fakeJdk(String name, String version) throws IOException {
        Path home = Files.createDirectories(jvms.resolve(name));
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }

    @Test
    void threadModes() throws UsageException {
        assertEquals(List.of(ThreadMode.PLATFORM, ThreadMode.VIRTUAL), ThreadMode.parseList("platform, Virtual"));
        assertEquals("--threads must be platform, virtual or both (platform,virtual), got 'green'",
                assertThrows(UsageException.class, () -> ThreadMode.parseList("platform,green")).getMessage());
        assertTrue(assertThrows(UsageException.class, () -> ThreadMode.parseList("virtual,virtual"))
                .getMessage().contains("listed twice"));
        assertThrows(UsageException.class, () -> ThreadMode.parseList(" , "));
        assertFalse(ThreadMode.VIRTUAL.runsOn(17));
        assertTrue(ThreadMode.VIRTUAL.runsOn(21));
        assertTrue(ThreadMode.PLATFORM.runsOn(17));
    }

    @Test
    void featureReleasesAreFoundInTheSearchDirectory() throws Exception {
        Path old = fakeJdk("jdk-old", "1.8.0_402");
        Path newer = fakeJdk("temurin-25", "25.0.3");
        Files.createDirectories(jvms.resolve("not-a-jdk"));
        List<JdkHome> found = JdkHome.parseList("25,8", null, jvms);
        assertEquals(List.of(25, 8), found.stream().map(JdkHome::feature).toList());
        assertEquals(newer.toRealPath(), found.get(0).home());
        assertEquals(old.toRealPath(), found.get(1).home());
        assertEquals(newer.toRealPath().resolve("bin/java").toString(), found.get(0).java());
        // The runner's own JDK is found without any search directory.
        int own = Runtime.version().feature();
        assertEquals(own, JdkHome.parseList(String.valueOf(own), null, jvms.resolve("missing")).get(0).feature());
    }

    @Test
    void javaHomeComesFirst() throws Exception {
        Path a = fakeJdk("a-25", "25.0.1");
        Path b = fakeJdk("b-25", "25.0.3");
        assertEquals(b.toRealPath(), JdkHome.find(25, b.toString(), jvms).home());
        assertEquals(a.toRealPath(), JdkHome.find(25, null, jvms).home());
    }

    @Test
    void aMissingJdkNamesWhatWasSearched() throws Exception {
        fakeJdk("temurin-25", "25.0.3");
        UsageException e = assertThrows(UsageException.class, () -> JdkHome.parseList("21", "/nowhere", jvms));
        assertTrue(e.getMessage().startsWith("--java 21: no JDK 21 found; searched JAVA_HOME=/nowhere, the runner's JDK "),
                e.getMessage());
        assertTrue(e.getMessage().contains(jvms + "/*"), e.getMessage());
        assertTrue(e.getMessage().contains("temurin-25 (25)"), e.getMessage());
        assertTrue(assertThrows(UsageException.class, () -> JdkHome.parseList(jvms.resolve("nope").toString(), null,
                jvms)).getMessage().contains("is not a JDK home"));
        assertTrue(assertThrows(UsageException.class, () -> JdkHome.parseList("25,25", null, jvms))
                .getMessage().contains("twice"));
    }

    @Test
    void virtualThreadsOnAnOldJdkAreLeftOutWithAReason() throws Exception {
        JdkHome j17 = JdkHome.atPath(fakeJdk("j17", "17.0.15"));
        JdkHome j25 = JdkHome.atPath(fakeJdk("j25", "25.0.3"));
        List<String> skipped = new ArrayList<>();
        List<RunVariant> plan = RunVariant.plan(List.of(ThreadMode.PLATFORM, ThreadMode.VIRTUAL), List.of(j17, j25),
                skipped);
        assertEquals(List.of("platform/17", "platform/25", "virtual/25"),
                plan.stream().map(v -> v.threads().label() + "/" + v.feature()).toList());
        assertEquals(List.of("virtual threads on JDK 17: virtual threads need JDK 21 or newer"), skipped);
        var runs = RunPlan.of(List.of("hikari", "dbcp2"), List.of(10), plan, 1, "interleaved");
        assertEquals(List.of("1-hikari-platform-jdk17", "1-dbcp2-platform-jdk17", "1-hikari-platform-jdk25",
                "1-dbcp2-platform-jdk25", "1-hikari-virtual-jdk25", "1-dbcp2-virtual-jdk25"),
                runs.stream().map(RunPlan.Planned::dirName).toList());
        assertEquals("hikari size 10 virtual JDK 25 round 1/1", Progress.label(runs.get(4), 1));
    }

    @Test
    void commandLine() throws Exception {
        CompareOptions o = CompareOptions.parse("--threads", "virtual", "--java", "25");
        assertEquals(1, o.variants.size());
        assertEquals(ThreadMode.VIRTUAL, o.variants.get(0).threads());
        assertTrue(o.appJfr());
        // Single values name nothing in the run directories: nothing varies.
        assertEquals("", o.variants.get(0).dirSuffix());
        assertFalse(CompareOptions.parse("--threads", "platform").appJfr());
        UsageException e = assertThrows(UsageException.class,
                () -> CompareOptions.parse("--threads", "virtual", "--java", "17"));
        assertTrue(e.getMessage().startsWith("nothing to run: virtual threads on JDK 17"), e.getMessage());
        assertTrue(assertThrows(UsageException.class, () -> CompareOptions.parse("--app-url", "http://h:8080",
                "--reset-command", "true", "--threads", "virtual")).getMessage().contains("local mode"));
        UsageException missing = assertThrows(UsageException.class, () -> CompareOptions.parse("--java", "99"));
        assertTrue(missing.getMessage().startsWith("--java 99: no JDK 99 found; searched JAVA_HOME"),
                missing.getMessage());
        assertTrue(missing.getMessage().contains("/usr/lib/jvm/*"), missing.getMessage());
        assertEquals(2, CompareMain.run("compare", "--java", "99"));
        CompareOptions both = CompareOptions.parse("--threads", "platform,virtual", "--java", "17,25");
        assertEquals(3, both.variants.size());
        assertEquals(List.of("virtual threads on JDK 17: virtual threads need JDK 21 or newer"), both.skippedVariants);
        assertEquals(3, both.toJson().get("java").size() + both.toJson().get("skippedVariants").size());
    }
}
