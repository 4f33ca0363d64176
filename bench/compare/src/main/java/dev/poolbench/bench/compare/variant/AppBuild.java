package dev.poolbench.bench.compare.variant;

import dev.poolbench.bench.compare.util.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;

/**
 * {@code --app-jar A.jar,B.jar}: builds of the web app compared with each other, pool by pool.
 * An entry is {@code PATH} or {@code NAME=PATH}; unnamed builds are {@code app1}, {@code app2}, ...
 * in the order given, and the first is the one the others are compared with. Each must be an
 * executable jar ({@code Main-Class} in its manifest), as {@code webapp/target/poolbench-webapp.jar}.
 *
 * @param name label of the build in run directories, tables and verdicts
 * @param jar  the jar as given (the runner runs a copy of it, see {@code run.Comparison})
 */
public record AppBuild(String name, Path jar) {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,15}");

    /** Parses {@code --app-jar}: at least two builds, each an existing executable jar, distinct names. */
    public static List<AppBuild> parseList(String value) throws UsageException {
        List<AppBuild> builds = new ArrayList<>();
        for (String raw : value.split(",")) {
            String entry = raw.trim();
            if (entry.isEmpty()) {
                continue;
            }
            int eq = entry.indexOf('=');
            String name = eq < 0 ? "app" + (builds.size() + 1) : entry.substring(0, eq).trim();
            Path jar = Path.of(eq < 0 ? entry : entry.substring(eq + 1).trim());
            if (!NAME.matcher(name).matches()) {
                throw new UsageException("--app-jar: build name '" + name + "' must be 1-16 lower-case letters, "
                        + "digits or _, starting with a letter (it names run directories)");
            }
            for (AppBuild other : builds) {
                if (other.name.equals(name)) {
                    throw new UsageException("--app-jar names two builds '" + name + "'");
                }
            }
            checkJar(jar);
            builds.add(new AppBuild(name, jar));
        }
        if (builds.size() < 2) {
            throw new UsageException("--app-jar compares builds of the app: give two or more jars, e.g. "
                    + "--app-jar base=old.jar,new=webapp/target/poolbench-webapp.jar (got " + builds.size() + ")");
        }
        return List.copyOf(builds);
    }

    private static void checkJar(Path jar) throws UsageException {
        if (!Files.exists(jar)) {
            throw new UsageException("--app-jar: " + jar + " does not exist");
        }
        if (!Files.isRegularFile(jar)) {
            throw new UsageException("--app-jar: " + jar + " is not a file");
        }
        String mainClass;
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            mainClass = manifest == null ? null : manifest.getMainAttributes().getValue("Main-Class");
        } catch (IOException | SecurityException e) {
            throw new UsageException("--app-jar: " + jar + " is not a jar (" + e.getMessage() + ")");
        }
        if (mainClass == null) {
            throw new UsageException("--app-jar: " + jar + " is not an executable jar (no Main-Class in its "
                    + "manifest); give the app's fat jar, as webapp/target/poolbench-webapp.jar");
        }
    }
}
