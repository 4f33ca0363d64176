package dev.poolbench.bench.compare.jvm;

import dev.poolbench.bench.compare.util.UsageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code --java 17,25}: the JDKs the app JVM runs on. A value is a feature release (found among
 * JAVA_HOME, the runner's own JDK and the JDKs under /usr/lib/jvm, in that order) or the path of
 * a JDK home. The version comes from the home's {@code release} file, so a path is checked too.
 * Only the app JVM moves: the load generator and the runner stay on the runner's JDK, so the
 * load is the same whatever JDK the app runs on.
 *
 * @param feature the feature release (17, 25), from {@code JAVA_VERSION} of the release file
 */
public record JdkHome(Path home, int feature, String version) {

    static final Path DEFAULT_SEARCH_DIR = Path.of("/usr/lib/jvm");
    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"?([0-9][^\"\\s]*)\"?");

    /** The java launcher of this JDK. */
    public String java() {
        return home.resolve("bin").resolve("java").toString();
    }

    /** Short name for labels and run directories: {@code jdk25}. */
    String label() {
        return "jdk" + feature;
    }

    /** The JDK the runner itself runs on (the default for the app). */
    public static JdkHome runner() {
        Path home = Path.of(System.getProperty("java.home"));
        try {
            // Real paths on both sides, so /usr/lib/jvm/java-1.17.0-openjdk-amd64 (a link) is the runner's JDK.
            home = home.toRealPath();
        } catch (IOException e) {
            // keep the path as given
        }
        return new JdkHome(home, Runtime.version().feature(), System.getProperty("java.version"));
    }

    /** Parses {@code --java} with JAVA_HOME from the environment and /usr/lib/jvm. */
    public static List<JdkHome> parseList(String value) throws UsageException {
        return parseList(value, System.getenv("JAVA_HOME"), DEFAULT_SEARCH_DIR);
    }

    /** @param javaHome JAVA_HOME, or null; @param searchDir the directory of installed JDKs */
    public static List<JdkHome> parseList(String value, String javaHome, Path searchDir) throws UsageException {
        List<JdkHome> list = new ArrayList<>();
        for (String raw : value.split(",")) {
            String v = raw.trim();
            if (v.isEmpty()) {
                continue;
            }
            JdkHome jdk = v.matches("[0-9]+") ? find(Integer.parseInt(v), javaHome, searchDir) : atPath(Path.of(v));
            for (JdkHome other : list) {
                if (other.feature == jdk.feature) {
                    throw new UsageException("--java lists JDK " + jdk.feature + " twice (" + other.home + ", "
                            + jdk.home + "); one JDK per feature release");
                }
            }
            list.add(jdk);
        }
        if (list.isEmpty()) {
            throw new UsageException("--java is empty; give feature releases such as 17,25 or JDK paths");
        }
        return List.copyOf(list);
    }

    /** The JDK at {@code home}, which must hold bin/java and a release file. */
    public static JdkHome atPath(Path home) throws UsageException {
        JdkHome jdk = read(home);
        if (jdk == null) {
            throw new UsageException("--java " + home + " is not a JDK home (needs bin/java and a release file "
                    + "with JAVA_VERSION)");
        }
        return jdk;
    }

    /** The first JDK of feature release {@code feature}: JAVA_HOME, the runner's JDK, then searchDir. */
    public static JdkHome find(int feature, String javaHome, Path searchDir) throws UsageException {
        Map<String, JdkHome> searched = new LinkedHashMap<>();
        List<String> where = new ArrayList<>();
        if (javaHome != null && !javaHome.isBlank()) {
            where.add("JAVA_HOME=" + javaHome);
            searched.put("JAVA_HOME", read(Path.of(javaHome)));
        } else {
            where.add("JAVA_HOME (unset)");
        }
        JdkHome runner = runner();
        where.add("the runner's JDK " + runner.home);
        searched.put("runner", runner);
        where.add(searchDir + "/*");
        if (Files.isDirectory(searchDir)) {
            try (Stream<Path> dirs = Files.list(searchDir)) {
                for (Path dir : dirs.sorted().toList()) {
                    searched.put(dir.toString(), read(dir));
                }
            } catch (IOException e) {
                where.add("(" + searchDir + " unreadable: " + e.getMessage() + ")");
            }
        }
        for (JdkHome jdk : searched.values()) {
            if (jdk != null && jdk.feature == feature) {
                return jdk;
            }
        }
        List<String> found = searched.values().stream().filter(Objects::nonNull)
                .map(j -> j.home + " (" + j.feature + ")").distinct().toList();
        throw new UsageException("--java " + feature + ": no JDK " + feature + " found; searched "
                + String.join(", ", where) + "; found " + (found.isEmpty() ? "none" : String.join(", ", found))
                + ". Install one, or give its home: --java /path/to/jdk");
    }

    /** The JDK at {@code home}, or null when it is none (no launcher or no readable release file). */
    static JdkHome read(Path home) {
        Path release = home.resolve("release");
        if (!Files.isExecutable(home.resolve("bin").resolve("java")) || !Files.isRegularFile(release)) {
            return null;
        }
        try {
            Matcher m = JAVA_VERSION.matcher(Files.readString(release, StandardCharsets.UTF_8));
            if (!m.find()) {
                return null;
            }
            String version = m.group(1);
            // "1.8.0_402" is feature 8; "17.0.15" is 17; "25" is 25.
            String[] parts = version.split("[._+-]");
            int feature = parts[0].equals("1") && parts.length > 1 ? Integer.parseInt(parts[1])
                    : Integer.parseInt(parts[0]);
            return new JdkHome(home.toRealPath(), feature, version);
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }
}
