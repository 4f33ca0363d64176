package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.AppBuild;
import dev.poolbench.bench.compare.variant.PoolRelease;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --pool-version: a pool's releases as app builds of the plan, and the one-line refusals. */
class PoolReleaseTest {

    /** The repository's own root pom: the releases the project pins. */
    private static final Path ROOT_POM = Path.of("../../pom.xml");

    @TempDir
    Path dir;

    @Test
    void releasesBecomeAppBuildsNamedByProfileAndRelease() throws Exception {
        PoolRelease release = PoolRelease.parse("hikari=7.0.2, 7.1.0", ROOT_POM);
        assertEquals(List.of("hikari_7_0_2", "hikari_7_1_0"), release.builds().stream().map(AppBuild::name).toList());
        assertEquals(ROOT_POM.toAbsolutePath().getParent().resolve(".poolbench/pool-versions/hikari-7.1.0/poolbench-webapp.jar"),
                release.builds().get(1).jar());
    }

    @Test
    void theComparisonComparesTheBuildsOfThatPoolAlone() throws Exception {
        CompareOptions o = CompareOptions.parse("--pool-version", "hikari=7.0.2,7.1.0");
        assertEquals(List.of("hikari"), o.profiles);
        assertEquals(2, o.variants.size());
        assertTrue(o.variantDuets(), "each release beside the first, in duets");
        assertEquals("hikari=7.0.2,7.1.0", o.toJson().path("poolVersion").asText());
    }

    @Test
    void aDriversReleasesRunUnderTheReferencePool() throws Exception {
        CompareOptions o = CompareOptions.parse("--pool-version", "mysql=9.7.0,26.10.0");
        assertEquals(List.of("hikari"), o.profiles);
        assertEquals(List.of("mysql_9_7_0", "mysql_26_10_0"), o.appBuilds.stream().map(AppBuild::name).toList());
        assertTrue(o.poolRelease.driver());
    }

    @Test
    void badInputIsRefusedInOneLine() throws Exception {
        for (String value : List.of("hikari", "hikari=7.1.0", "hikari=7.1.0,7.1.0", "hikari=7.1.0,latest", "nopool=1,2",
                "hikari=7.0.2,7.1.0.with.a.very.long.qualifier")) {
            UsageException e = assertThrows(UsageException.class, () -> PoolRelease.parse(value, ROOT_POM), value);
            assertTrue(e.getMessage().startsWith("--pool-version") && !e.getMessage().contains("\n"), e.getMessage());
        }
        UsageException e = assertThrows(UsageException.class, () -> PoolRelease.parse("nopool=1,2", ROOT_POM));
        assertTrue(e.getMessage().contains("with a release: hikari, tomcat, dbcp, dbcp2, c3p0, vibur, agroal, ucp, mysql, postgres"),
                e.getMessage());
        Path pom = Files.writeString(dir.resolve("pom.xml"), "<project/>");
        assertThrows(UsageException.class, () -> PoolRelease.parse("hikari=1,2", pom));
        Path jar = Files.writeString(dir.resolve("a.jar"), "");
        e = assertThrows(UsageException.class,
                () -> CompareOptions.parse("--pool-version", "hikari=7.0.2,7.1.0", "--app-jar", jar + "," + jar));
        assertTrue(e.getMessage().contains("give one of them"), e.getMessage());
    }
}
