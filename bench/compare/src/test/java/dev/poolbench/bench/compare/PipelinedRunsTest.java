package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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
 * The head start end to end, interrupted (a real comparison of two short solo runs in its own JVM:
 * embedded MariaDB, app JVMs, load JVMs): Ctrl-C (SIGTERM) in the middle of the head start, once
 * the second run's JVMs have been started during the first run's report check, leaves no JVM of
 * the comparison behind. The head start at a comparison's normal end (the later runs' JVMs started
 * ahead, valid, nothing left running) is checked on the test command's quick comparison, whose
 * duets run it the same way (tests/check_quick_compare.py).
 */
class PipelinedRunsTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent().getParent();

    @Test
    void ctrlCDuringTheHeadStartLeavesNoJvmBehind(@TempDir Path results) throws Exception {
        List<String> output = compare(results);
        String text = String.join("\n", output);
        assertTrue(text.contains("poolbench compare: interrupted"), text);
        assertTrue(Files.isRegularFile(resultsDir(results).resolve("runs/1-dbcp2/app.log")),
                "the second run's app had been started ahead: " + text);
        assertEquals(List.of(), processesOf(results), "JVMs of the comparison still running after Ctrl-C:\n" + text);
    }

    /**
     * Runs hikari then dbcp2, 4 s each, and sends SIGTERM (what Ctrl-C's shutdown hook sees) as
     * soon as the second run's app JVM has been started ahead.
     */
    private static List<String> compare(Path results) throws Exception {
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
                "--profiles", "hikari,dbcp2", "--solo", "--runs", "1", "--duration", "4", "--warmup", "0",
                "--db-port", String.valueOf(dbPort), "--results", results.toString());
        Process compare = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true).start();
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
