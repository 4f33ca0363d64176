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
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
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
        Path log = Files.createTempFile("compare", ".log");
        int status = run("compare", results, log, environment -> { }, args);
        String output = Files.readString(log);
        Files.delete(log);
        return new Outcome(resultsDir(results, output), output, status);
    }

    /**
     * The runner's {@code COMMAND ARGS --db-port FREE --results RESULTS} (compare, faults) in a
     * JVM of its own, its environment changed by {@code environment}, everything it printed in
     * {@code log}; waited for up to 6 minutes. Except for faults, with a settle of 1 s
     * ({@link #shortSettle}).
     *
     * @return its exit status
     */
    public static int run(String command, Path results, Path log, Consumer<Map<String, String>> environment,
                          String... args) throws Exception {
        for (Path jar : List.of(Workspace.WEBAPP_JAR, Workspace.LOAD_JAR)) {
            if (!Files.isRegularFile(ROOT.resolve(jar))) {
                fail(ROOT.resolve(jar) + " is missing: build the project first (./mvnw -DskipTests package)");
            }
        }
        int dbPort;
        try (ServerSocket s = new ServerSocket(0)) {
            dbPort = s.getLocalPort();
        }
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), CompareMain.class.getName(), command));
        line.addAll(List.of(args));
        line.addAll(List.of("--db-port", String.valueOf(dbPort), "--results", results.toString()));
        ProcessBuilder builder = new ProcessBuilder(line).directory(ROOT.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        if (!command.equals("faults")) {
            // A fault run keeps the 5 s: requests held during the fault may still end then, and
            // its check counts login_log rows.
            shortSettle(builder.environment());
        }
        environment.accept(builder.environment());
        Process child = builder.start();
        try {
            assertTrue(child.waitFor(6, TimeUnit.MINUTES), "the " + command + " run did not end");
        } finally {
            child.destroyForcibly();
        }
        return child.exitValue();
    }

    /**
     * The load JVMs' settle before GET /report: 1 s instead of the original benchmarker's 5 s
     * (poolbench.settleMillis, read by every JVM the comparison starts through
     * JAVA_TOOL_OPTIONS). The report check itself is the same: every answered request is in
     * the database when the load ends, and a flow cut off at the deadline is flagged
     * incomplete, not expected in the report.
     */
    public static void shortSettle(Map<String, String> environment) {
        String settle = "-Dpoolbench.settleMillis=1000";
        environment.merge("JAVA_TOOL_OPTIONS", settle, (before, added) -> before + " " + added);
    }

    private static Path resultsDir(Path results, String output) throws IOException {
        try (Stream<Path> dirs = Files.list(results)) {
            return dirs.filter(Files::isDirectory).findFirst().orElseThrow(() -> new AssertionError(output));
        }
    }
}
