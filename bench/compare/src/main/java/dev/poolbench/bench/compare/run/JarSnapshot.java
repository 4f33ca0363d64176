package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.util.Workspace;
import dev.poolbench.bench.compare.variant.AppBuild;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Copies of the jars a comparison runs, under {@code .poolbench/jars-*}: a rebuild during a
 * long comparison must not change (or break) the app between runs. Their checksums go into
 * environment.json; the copies are deleted at the end.
 */
final class JarSnapshot implements AutoCloseable {

    private volatile Path dir;
    private final Path loadJar;
    private final Map<String, Path> appJars = new LinkedHashMap<>();

    private JarSnapshot(Path dir, Path loadJar) {
        this.dir = dir;
        this.loadJar = loadJar;
    }

    /** The load jar, and the app jars unless the app runs elsewhere. */
    static JarSnapshot take(CompareOptions options, ComparisonEnvironment environment) throws IOException {
        Files.createDirectories(Workspace.STATE);
        Path dir = Files.createTempDirectory(Workspace.STATE.toAbsolutePath(), "jars-");
        JarSnapshot snapshot = new JarSnapshot(dir, Files.copy(Workspace.LOAD_JAR, dir.resolve("poolbench-load.jar")));
        environment.jvms().put("loadJarSha256", sha256(snapshot.loadJar));
        if (options.remote()) {
            return snapshot;
        }
        if (options.appBuilds == null) {
            Path webappJar = Files.copy(Workspace.WEBAPP_JAR, dir.resolve("poolbench-webapp.jar"));
            snapshot.appJars.put("", webappJar);
            environment.json().put("webappJarSha256", sha256(webappJar));
            return snapshot;
        }
        // --app-jar: each build from its own copy, named after the build.
        ArrayNode builds = environment.json().putArray("appBuilds");
        for (AppBuild build : options.appBuilds) {
            // Each in its own folder under the jar's usual name: Boot's extract (class-data
            // sharing) names what it writes after the jar it extracts.
            Path copy = Files.copy(build.jar(), Files.createDirectories(dir.resolve("app-" + build.name()))
                    .resolve(Workspace.WEBAPP_JAR.getFileName()));
            snapshot.appJars.put(build.name(), copy);
            builds.addObject().put("name", build.name()).put("jar", build.jar().toAbsolutePath().toString())
                    .put("sha256", sha256(copy));
        }
        return snapshot;
    }

    Path loadJar() {
        return loadJar;
    }

    /** The load generator's libraries, where the build put them (they do not change with a rebuild of our code). */
    Path loadLib() {
        return Workspace.LOAD_JAR.toAbsolutePath().resolveSibling("lib");
    }

    /** The app jar of each build: "" for the tree's own jar, else the build's name. */
    Map<String, Path> appJars() {
        return appJars;
    }

    @Override
    public void close() {
        Path d = dir;
        dir = null;
        if (d == null) {
            return;
        }
        try (var files = Files.walk(d)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            // left behind under .poolbench/: harmless
        }
    }

    private static String sha256(Path file) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (var in = Files.newInputStream(file)) {
                byte[] buffer = new byte[1 << 16];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    digest.update(buffer, 0, n);
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
