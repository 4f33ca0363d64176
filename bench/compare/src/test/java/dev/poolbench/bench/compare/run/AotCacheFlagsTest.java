package dev.poolbench.bench.compare.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.poolbench.bench.compare.jvm.ClassDataSharing;
import dev.poolbench.bench.compare.jvm.JdkHome;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.variant.ThreadMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which class-data sharing an app JVM starts with: the AOT cache of its JDK 25+, the runner JDK's archive, or nothing. */
class AotCacheFlagsTest {

    @TempDir
    Path dir;

    private static final JdkHome JDK25 = new JdkHome(Path.of("/opt/jdk-25"), 25, "25.0.1");

    @Test
    void aJdk25AppStartsWithItsAotCacheOnceTrainedAndNeverWithTheRunnersArchive() throws IOException {
        ClassDataSharing cds = new ClassDataSharing(dir);
        RunJvms jvms = new RunJvms(new CompareOptions(), "java", dir, dir, () -> null, () -> null,
                Map.of("", dir.resolve("poolbench-webapp.jar")), dir.resolve("lib"));
        jvms.useCds(RunVariant.DEFAULT, cds);
        RunVariant on25 = new RunVariant(ThreadMode.PLATFORM, JDK25, false, true);

        Files.writeString(cds.appArchive(), "archive of the runner's JDK");
        // Not trained yet: the runner JDK's dynamic archive does not fit JDK 25, so nothing.
        assertEquals(List.of(), jvms.cdsFlags(on25));
        assertEquals(List.of("-XX:SharedArchiveFile=" + cds.appArchive()), jvms.cdsFlags(RunVariant.DEFAULT));

        Files.writeString(cds.aotCache("25.0.1"), "AOT cache of JDK 25");
        assertEquals(List.of("-XX:AOTCache=" + cds.aotCache("25.0.1")), jvms.cdsFlags(on25));
        assertEquals(List.of("-XX:AOTCache=" + cds.aotCache("25.0.1")),
                jvms.cdsFlags(new RunVariant(ThreadMode.VIRTUAL, JDK25, true, true)));
        assertEquals(cds.aotCache("25.0.1"), dir.resolve("app-jdk25.0.1.aot"));
        // An updated JDK 25 looks for its own cache (and is trained one), not the older JDK's.
        assertEquals(List.of(), jvms.cdsFlags(new RunVariant(ThreadMode.PLATFORM,
                new JdkHome(Path.of("/opt/jdk-25.0.2"), 25, "25.0.2"), false, true)));
    }

    @Test
    void withoutClassDataSharingNoFlags() {
        RunJvms jvms = new RunJvms(new CompareOptions(), "java", dir, dir, () -> null, () -> null,
                Map.of("", dir.resolve("poolbench-webapp.jar")), dir.resolve("lib"));
        assertEquals(List.of(), jvms.cdsFlags(new RunVariant(ThreadMode.PLATFORM, JDK25, false, true)));
    }

    @Test
    void oneAotTrainingPerJdk25ReleaseOfThePlanOnPlatformThreads() {
        CompareOptions options = new CompareOptions();
        JdkHome jdk17 = new JdkHome(Path.of("/opt/jdk-17"), 17, "17.0.9");
        options.variants = RunVariant.plan(List.of(ThreadMode.PLATFORM, ThreadMode.VIRTUAL), List.of(jdk17, JDK25),
                new java.util.ArrayList<>());
        List<RunVariant> trainings = CdsPreparation.aotJdksOf(options, RunVariant.DEFAULT);
        assertEquals(1, trainings.size());
        assertEquals(25, trainings.get(0).feature());
        assertEquals(ThreadMode.PLATFORM, trainings.get(0).threads());

        options.variants = List.of(RunVariant.DEFAULT.withApp(null));
        assertEquals(Runtime.version().feature() >= ClassDataSharing.AOT_CACHE_SINCE ? 1 : 0,
                CdsPreparation.aotJdksOf(options, RunVariant.DEFAULT).size());
    }
}
