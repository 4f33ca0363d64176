package dev.poolbench.bench.compare.variant;

import dev.poolbench.bench.compare.util.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.jar.JarFile;
import java.util.regex.Pattern;

/**
 * {@code --pool-version PROFILE=V1,V2,...}: one pool (or JDBC driver: {@code mysql=9.7.0,26.10.0}, under
 * the reference pool) at several releases, compared as app builds
 * ({@link AppBuild}, the first the reference): a release is a value of the plan like any build.
 * Each release is the tree's own app built by Maven with {@code -Dpool.PROFILE.version=V} (webapp/pom.xml's
 * one property per pool, the root pom's {@code driver.NAME.version} per driver) into {@code .poolbench/pool-versions/PROFILE-V/}, at the
 * start of the comparison; a build newer than the tree's own jar is used again. The app reports
 * the release it loaded, so the record says what ran, whatever was asked.
 *
 * @param profile  the pool profile (or driver) whose release varies
 * @param versions the releases, as given (at least two, distinct)
 * @param root     the repository's root (its build files pin the releases; Maven runs there)
 */
public record PoolRelease(String profile, List<String> versions, Path root) {

    private static final Pattern VERSION = Pattern.compile("[0-9][0-9A-Za-z.\\-]*");
    static final Path BUILDS = Path.of(".poolbench", "pool-versions");
    static final Path TREE_JAR = Path.of("webapp", "target", "poolbench-webapp.jar");

    /** Parses {@code hikari=7.0.2,7.1.0} in the repository around the working directory. */
    public static PoolRelease parse(String value) throws UsageException {
        return parse(value, rootPom(Path.of("").toAbsolutePath()));
    }

    /** The topmost pom.xml from {@code dir} up: the reactor's root, from any of its modules. */
    static Path rootPom(Path dir) {
        Path top = dir.resolve("pom.xml");
        for (Path d = dir.getParent(); d != null && Files.isRegularFile(d.resolve("pom.xml")); d = d.getParent()) {
            top = d.resolve("pom.xml");
        }
        return top;
    }

    /** Parses {@code hikari=7.0.2,7.1.0}; the profile must have a release property in the build files. */
    public static PoolRelease parse(String value, Path rootPom) throws UsageException {
        int eq = value.indexOf('=');
        if (eq <= 0) {
            throw new UsageException("--pool-version takes PROFILE=V1,V2 (e.g. hikari=7.0.2,7.1.0), got '" + value + "'");
        }
        String profile = value.substring(0, eq).trim();
        List<String> versions = new ArrayList<>();
        for (String raw : value.substring(eq + 1).split(",")) {
            String version = raw.trim();
            if (!VERSION.matcher(version).matches() || versions.contains(version)) {
                throw new UsageException("--pool-version " + profile + ": '" + version + "' is not a release "
                        + "(digits first, e.g. 7.1.0) or is given twice");
            }
            versions.add(version);
        }
        if (versions.size() < 2) {
            throw new UsageException("--pool-version compares releases of one pool: give two or more, e.g. "
                    + profile + "=7.0.2,7.1.0");
        }
        checkProfile(profile, rootPom);
        Path root = rootPom.toAbsolutePath().getParent();
        PoolRelease release = new PoolRelease(profile, List.copyOf(versions), root);
        for (AppBuild build : release.builds()) {
            if (!build.name().matches("[a-z][a-z0-9_]{0,15}")) {
                throw new UsageException("--pool-version: '" + build.name() + "' (profile and release) is longer "
                        + "than the 16 characters a build name may have");
            }
        }
        return release;
    }

    private static void checkProfile(String profile, Path rootPom) throws UsageException {
        String pom;
        try {
            pom = buildFiles(rootPom);
        } catch (IOException e) {
            throw new UsageException("--pool-version builds the app from the tree: " + rootPom + " not readable ("
                    + e.getMessage() + "); run it from the repository root");
        }
        if (!pom.contains("<" + property(profile) + ">") && !pom.contains("<" + property(DRIVER + profile) + ">")) {
            List<String> known = Pattern.compile("<(?:pool|driver)\\.([a-z0-9]+)\\.version>").matcher(pom).results()
                    .map(m -> m.group(1)).toList();
            throw new UsageException("--pool-version: no release of '" + profile + "' is pinned in " + rootPom
                    + " or " + POOLS_POM + " (" + property(profile) + "); pools and drivers with a release: "
                    + String.join(", ", known));
        }
    }

    /** Where the pools' releases are pinned (the drivers': the root pom). */
    static final Path POOLS_POM = Path.of("webapp", "pom.xml");

    /** The pools' build file, then the root pom: every {@code pool.*} and {@code driver.*} release property. */
    private static String buildFiles(Path rootPom) throws IOException {
        Path pools = rootPom.toAbsolutePath().getParent().resolve(POOLS_POM);
        return (Files.isRegularFile(pools) ? Files.readString(pools) : "") + Files.readString(rootPom);
    }

    private static final String DRIVER = "driver:";

    /** {@code pool.hikari.version}, or {@code driver.mysql.version} for {@code driver:mysql}. */
    static String property(String name) {
        return name.startsWith(DRIVER) ? "driver." + name.substring(DRIVER.length()) + ".version"
                : "pool." + name + ".version";
    }

    /** Whether the release that varies is a JDBC driver's (run under the reference pool, hikari). */
    public boolean driver() {
        return isDriver(profile, root.resolve("pom.xml"));
    }

    private static boolean isDriver(String name, Path rootPom) {
        try {
            return buildFiles(rootPom).contains("<" + property(DRIVER + name) + ">");
        } catch (IOException e) {
            return false;
        }
    }

    /** The Maven property that sets this release. */
    String releaseProperty() {
        return driver() ? property(DRIVER + profile) : property(profile);
    }

    /** The app builds, one per release, named {@code hikari_7_1_0}, in the order given. */
    public List<AppBuild> builds() {
        return versions.stream().map(v -> new AppBuild(
                (profile + "_" + v).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_"), jar(v))).toList();
    }

    private Path jar(String version) {
        return root.resolve(BUILDS).resolve(profile + "-" + version).resolve("poolbench-webapp.jar");
    }

    /**
     * Builds each release's jar that is missing or older than the tree's own, and checks that it
     * holds that release; progress and failures in one line each.
     */
    public void build(Consumer<String> progress) throws IOException, InterruptedException, UsageException {
        for (String version : versions) {
            Path jar = jar(version);
            Path treeJar = root.resolve(TREE_JAR);
            if (Files.isRegularFile(jar) && Files.isRegularFile(treeJar)
                    && Files.getLastModifiedTime(jar).compareTo(Files.getLastModifiedTime(treeJar)) >= 0) {
                progress.accept("--pool-version: " + profile + " " + version + " built before: " + jar);
                continue;
            }
            Path dir = jar.getParent().toAbsolutePath();
            Files.createDirectories(dir);
            Path log = dir.resolve("build.log");
            progress.accept("--pool-version: building the app with " + profile + " " + version
                    + " (./mvnw, about 20-60 s; log " + log + ") ...");
            Process maven = new ProcessBuilder(root.resolve("mvnw").toString(), "-B", "-q", "-pl", "webapp", "-am",
                    "-Dmaven.test.skip=true", "package", "-D" + releaseProperty() + "=" + version,
                    "-Dpoolbench.webapp.build.directory=" + dir)
                    .directory(root.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (maven.waitFor() != 0 || !Files.isRegularFile(jar)) {
                throw new UsageException("--pool-version: building the app with " + profile + " " + version
                        + " failed (is it a release on Maven Central? does the app compile against it?): " + log);
            }
            checkHolds(jar, version);
        }
    }

    /** The built jar must carry a library of that release, or the property did not reach the pool. */
    private void checkHolds(Path jar, String version) throws IOException, UsageException {
        try (JarFile file = new JarFile(jar.toFile())) {
            boolean holds = file.stream().anyMatch(e -> e.getName().startsWith("BOOT-INF/lib/")
                    && e.getName().endsWith("-" + version + ".jar"));
            if (!holds) {
                throw new UsageException("--pool-version: " + jar + " holds no library of release " + version
                        + " (" + releaseProperty() + " does not reach the library?)");
            }
        }
    }
}
