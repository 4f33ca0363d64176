package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.Workspace;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The head start end to end (a real comparison of two short runs in its own JVM: embedded
 * MariaDB, app JVMs, load JVMs): the second run's JVMs start during the first run's report
 * check, and no JVM of the comparison outlives it, at its normal end or after Ctrl-C (SIGTERM)
 * in the middle of the head start.
 */
class PipelinedRunsTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent().getParent();

    @Test
    void theSecondRunStartsAheadAndNothingIsLeftRunning(@TempDir Path results) throws Exception {
        List<String> output = compare(results, false);
        String text = String.join("\n", output);
        Path dir = resultsDir(results);
        List<String> lines = Files.readAllLines(dir.resolve("runs.jsonl"));
        assertEquals(2, lines.size(), text);
        JsonNode first = Json.parse(lines.get(0));
        JsonNode second = Json.parse(lines.get(1));
        assertFalse(first.path("timings").path("startedAhead").asBoolean(), first.toString());
        assertTrue(second.path("timings").path("startedAhead").asBoolean(), second.toString());
        // Its app booted during the first run's report check: this run waited for a part at most.
        assertTrue(second.path("timings").path("appStartWaitMillis").asLong()
                < second.path("timings").path("appStartMillis").asLong(), second.toString());
        assertTrue(second.path("valid").asBoolean(), second.toString());
        assertTrue(Files.isRegularFile(dir.resolve("runs/1-dbcp2/app.log")), "the app log of the run started ahead");
        assertEquals(List.of(), processesOf(results), "JVMs of the comparison still running after its end");
    }

    @Test
    void ctrlCDuringTheHeadStartLeavesNoJvmBehind(@TempDir Path results) throws Exception {
        List<String> output = compare(results, true);
        String text = String.join("\n", output);
        assertTrue(text.contains("poolbench compare: interrupted"), text);
        assertTrue(Files.isRegularFile(resultsDir(results).resolve("runs/1-dbcp2/app.log")),
                "the second run's app had been started ahead: " + text);
        assertEquals(List.of(), processesOf(results), "JVMs of the comparison still running after Ctrl-C:\n" + text);
    }

    /**
     * Runs hikari then dbcp2, 4 s each; with {@code interrupt}, sends SIGTERM (what Ctrl-C's
     * shutdown hook sees) as soon as the second run's app JVM has been started ahead.
     */
    private static List<String> compare(Path results, boolean interrupt) throws Exception {
        for (Path jar : List.of(Workspace.WEBAPP_JAR, Workspace.LOAD_JAR)) {
            if (!Files.isRegularFile(ROOT.resolve(jar))) {
                fail(ROOT.resolve(jar) + " is missing: build the project first (./mvnw -DskipTests package)");
            }
        }
        int dbPort;
        try (ServerSocket s = new ServerSocket(0)) {
            dbPort = s.getLocalPort();
        }
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CompareMain.class.getName(), "compare",
                "--profiles", "hikari,dbcp2", "--solo", "--runs", "1", "--duration", "4", "--warmup", "0", "--cds", "off",
                "--db-port", String.valueOf(dbPort), "--results", results.toString());
        Process compare = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true).start();
        if (interrupt) {
            Thread stopper = new Thread(() -> {
                try {
                    while (compare.isAlive()) {
                        Thread.sleep(50);
                        try (Stream<Path> dirs = Files.list(results)) {
                            if (dirs.anyMatch(d -> Files.isRegularFile(d.resolve("runs/1-dbcp2/app.log")))) {
                                // Process.destroy would close the pipe we read from, too.
                                compare.toHandle().destroy();
                                return;
                            }
                        }
                    }
                } catch (InterruptedException | IOException e) {
                    // the test ends
                }
            }, "sigterm-when-started-ahead");
            stopper.setDaemon(true);
            stopper.start();
        }
        List<String> output = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(compare.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                output.add(line);
                System.out.println("compare> " + line);
            }
            assertTrue(compare.waitFor(5, TimeUnit.MINUTES), "the comparison did not end");
        } finally {
            compare.destroyForcibly();
        }
        return output;
    }

    private static Path resultsDir(Path results) throws IOException {
        try (Stream<Path> dirs = Files.list(results)) {
            return dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    /** Processes whose command line names the results directory (app and load JVMs write there). */
    private static List<String> processesOf(Path results) {
        String marker = results.toString();
        List<String> found = new ArrayList<>();
        ProcessHandle.allProcesses().forEach(p -> {
            try {
                String cmdline = Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline"))
                        .replace('\0', ' ');
                if (cmdline.contains(marker)) {
                    found.add(p.pid() + " " + cmdline.substring(0, Math.min(200, cmdline.length())));
                }
            } catch (IOException | RuntimeException e) {
                // gone, or not ours to read
            }
        });
        return found;
    }
}
