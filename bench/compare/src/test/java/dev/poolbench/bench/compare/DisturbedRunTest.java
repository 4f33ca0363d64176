package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.Workspace;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sentinel end to end: a real comparison (embedded MariaDB, the app JVM, the Gatling load
 * JVM; one hikari run of 8 s) in its own JVM, and a CPU hog, another JVM spinning, started by this
 * test once the measured load runs (its first progress line: started with the measured phase, the
 * hog took the load JVM's start from 1-3 s to 11 s). The hog is no process of the comparison, so
 * the run must come out disturbed with the hog named among the top other processes.
 */
class DisturbedRunTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent().getParent();

    @Test
    void aCpuHogDuringTheMeasuredRunIsFlaggedAndNamed(@TempDir Path results) throws Exception {
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
                "--profiles", "hikari", "--runs", "1", "--duration", "8", "--warmup", "0",
                "--db-port", String.valueOf(dbPort), "--results", results.toString());
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true);
        ChildComparison.shortSettle(builder.environment());
        Process compare = builder.start();
        Process hog = null;
        List<String> output = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(compare.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                output.add(line);
                System.out.println("compare> " + line);
                if (hog == null && line.contains("| measure ") && line.contains("s left")) {
                    hog = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                            "-Xmx32m", "-cp", System.getProperty("java.class.path"), CpuHog.class.getName())
                            .redirectErrorStream(true).redirectOutput(results.resolve("hog.log").toFile()).start();
                }
                if (hog != null && line.contains("| report-check")) {
                    hog.destroyForcibly();
                }
            }
            assertTrue(compare.waitFor(5, TimeUnit.MINUTES), "the comparison did not end");
        } finally {
            compare.destroy();
            if (hog != null) {
                hog.destroyForcibly();
            }
        }
        assertNotNull(hog, "the measured phase never started:\n" + String.join("\n", output));
        String text = String.join("\n", output);
        assertEquals(0, compare.exitValue(), text);

        Path dir;
        try (var dirs = Files.list(results)) {
            dir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        JsonNode record = Json.parse(Files.readAllLines(dir.resolve("runs.jsonl")).get(0));
        JsonNode d = record.path("disturbance");
        assertTrue(record.path("disturbed").asBoolean(), d.toString());
        JsonNode named = null;
        for (JsonNode p : d.path("topOthers")) {
            if (p.path("pid").asLong() == hog.pid()) {
                named = p;
            }
        }
        assertNotNull(named, "hog pid " + hog.pid() + " not among the top others: " + d + "; hog output: "
                + Files.readString(results.resolve("hog.log")));
        assertEquals("java", named.path("name").asText());
        assertTrue(named.path("command").asText().endsWith(" " + CpuHog.class.getName()), named.toString());
        // busy threads for most of the window of about 8 s
        assertTrue(named.path("cpuSeconds").asDouble() >= 2, named.toString());
        assertTrue(d.path("otherPercent").asDouble() > 10, d.toString());
        // the hog's reason, wherever it stands: the VM's own CPU steal can come first on a busy host
        boolean hogReason = false;
        for (JsonNode reason : d.path("reasons")) {
            hogReason |= reason.asText().startsWith("other processes used")
                    && reason.asText().contains("java[" + hog.pid() + "]");
        }
        assertTrue(hogReason, d.path("reasons").toString());
        assertTrue(text.lines().anyMatch(l -> l.contains("WARNING: run 1-hikari was disturbed: ")
                && l.contains("other processes used")), text);
        assertTrue(text.contains("| DISTURBED"), text);
        assertTrue(text.contains("Disturbance: 1 of 1 runs disturbed"), text);
        // the measured window, not the load JVM's start-up: about the 8 s asked for
        assertTrue(d.path("windowSeconds").asDouble() < 20, d.toString());
        assertTrue(d.path("samples").asInt() >= 5, d.toString());
    }

    /**
     * The hog: a separate JVM with sixteen busy threads, so that it takes a large share of the
     * CPUs even on a machine that is busy already (the scheduler shares by thread). Ends by
     * itself after five minutes (a busy machine can take a minute to start the load JVM) in case the test dies without stopping it.
     */
    public static final class CpuHog {
        public static void main(String[] args) throws InterruptedException {
            for (int i = 0; i < 16; i++) {
                Thread t = new Thread(() -> {
                    long x = 0;
                    while (true) {
                        x += Long.numberOfTrailingZeros(x ^ System.nanoTime());
                    }
                });
                t.setDaemon(true);
                t.start();
            }
            Thread.sleep(300_000);
        }
    }
}
