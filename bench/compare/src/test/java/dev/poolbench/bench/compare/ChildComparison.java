package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.poolbench.bench.compare.util.Workspace;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real comparison in a JVM of its own, from the repository root (embedded MariaDB on a free
 * port, app and load JVMs from the built jars), for the end-to-end tests.
 */
public final class ChildComparison {

    public static final Path ROOT = Path.of("").toAbsolutePath().getParent().getParent();

    /** What it left: its results directory and everything it printed. */
    public record Outcome(Path dir, String output, int exitStatus) {
    }

    private ChildComparison() {
    }

    /** {@code compare ARGS --db-port FREE --results RESULTS}, waited for up to 6 minutes. */
    public static Outcome compare(Path results, String... args) throws Exception {
        for (Path jar : List.of(Workspace.WEBAPP_JAR, Workspace.LOAD_JAR)) {
            if (!Files.isRegularFile(ROOT.resolve(jar))) {
                fail(ROOT.resolve(jar) + " is missing: build the project first (./mvnw -DskipTests package)");
            }
        }
        int dbPort;
        try (ServerSocket s = new ServerSocket(0)) {
            dbPort = s.getLocalPort();
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), CompareMain.class.getName(), "compare"));
        command.addAll(List.of(args));
        command.addAll(List.of("--db-port", String.valueOf(dbPort), "--results", results.toString()));
        Path log = Files.createTempFile("compare", ".log");
        Process compare = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            assertTrue(compare.waitFor(6, TimeUnit.MINUTES), "the comparison did not end");
        } finally {
            compare.destroyForcibly();
        }
        String output = Files.readString(log);
        Files.delete(log);
        return new Outcome(resultsDir(results, output), output, compare.exitValue());
    }

    private static Path resultsDir(Path results, String output) throws IOException {
        try (Stream<Path> dirs = Files.list(results)) {
            return dirs.filter(Files::isDirectory).findFirst().orElseThrow(() -> new AssertionError(output));
        }
    }
}
