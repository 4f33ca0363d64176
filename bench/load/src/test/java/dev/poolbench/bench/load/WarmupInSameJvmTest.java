package dev.poolbench.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.poolbench.bench.load.testserver.IsuconTestServer;
import dev.poolbench.bench.load.testserver.TestData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The warm-up in the measured run's JVM ({@code -Dpoolbench.warmup}, {@code -Dpoolbench.awaitMeasure}):
 * the comparison runner resets the database between the two on the {@code warmup-done} line.
 */
class WarmupInSameJvmTest {
    private static final TestData TEST_DATA = new TestData(30);

    @TempDir
    static Path tmp;
    static Path data;
    private final InputStream stdin = System.in;

    @BeforeAll
    static void setUp() throws IOException {
        System.setProperty("poolbench.htmlReport", "false");
        System.setProperty("poolbench.graceSeconds", "3");
        data = TEST_DATA.write(tmp.resolve("data"));
    }

    @AfterEach
    void restore() {
        System.setIn(stdin);
        System.clearProperty("poolbench.warmup");
        System.clearProperty("poolbench.awaitMeasure");
    }

    @Test
    void theWarmUpRunsFirstThenWaitsForTheRunnerThenTheMeasuredRunFollows() throws IOException {
        Path out = tmp.resolve("both");
        AtomicInteger reads = new AtomicInteger();
        AtomicBoolean warmupResultBeforeRead = new AtomicBoolean();
        byte[] line = "measure\n".getBytes(StandardCharsets.UTF_8);
        // Stands in for the runner: what it sees when asked for the line is what the runner's reset sees.
        System.setIn(new InputStream() {
            private int pos;

            @Override
            public int read() {
                if (pos == 0) {
                    reads.incrementAndGet();
                    warmupResultBeforeRead.set(Files.isRegularFile(out.resolve("warmup").resolve("result.json"))
                            && !Files.exists(out.resolve("result.json")));
                }
                return pos < line.length ? line[pos++] : -1;
            }
        });
        System.setProperty("poolbench.warmup", "2");
        System.setProperty("poolbench.awaitMeasure", "true");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int exit;
        try (IsuconTestServer server = new IsuconTestServer(TEST_DATA.users, TEST_DATA.failures);
             PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            exit = LoadMain.execute(new String[] {"run", "--base-url", server.baseUrl(), "--data", data.toString(),
                    "--duration", "3", "--workload", "2", "--quiet", "--no-report-check", "--out", out.toString()}, o, e);
        }
        assertEquals(0, exit, stderr.toString(StandardCharsets.UTF_8));
        assertTrue(stdout.toString(StandardCharsets.UTF_8).lines().anyMatch(RunCommand.WARMUP_DONE::equals),
                "warmup-done printed: " + stdout);
        assertEquals(1, reads.get(), "one line read from stdin");
        assertTrue(warmupResultBeforeRead.get(), "the warm-up had finished and the measured run not begun when it waited");
        ObjectMapper json = new ObjectMapper();
        JsonNode warm = json.readTree(out.resolve("warmup").resolve("result.json").toFile());
        JsonNode measured = json.readTree(out.resolve("result.json").toFile());
        assertTrue(warm.path("success").asLong() > 0, "the warm-up served pages: " + warm);
        assertTrue(measured.path("success").asLong() > 0, "the measured run served pages: " + measured);
        // Gatling stops logback at the end of each run; had it stayed so, the measured run (the
        // second in this JVM) would have built a logging event for every debug line of Gatling and Netty.
        assertFalse(LoggerFactory.getLogger("io.netty.channel").isDebugEnabled(),
                "logback.xml (WARN) is in force again after the Gatling runs");
        assertFalse(LoggerFactory.getLogger("io.gatling.http.engine").isInfoEnabled(),
                "logback.xml (WARN) is in force again after the Gatling runs");
    }

    @Test
    void startedAheadItWaitsForTheRunnerBeforeItsFirstRequestAndSaysWhenTheLoadIsOver() throws IOException {
        Path out = tmp.resolve("ahead");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        AtomicInteger requestsBeforeStart = new AtomicInteger(-1);
        AtomicBoolean readyBeforeStart = new AtomicBoolean();
        byte[] lines = "start\nmeasure\n".getBytes(StandardCharsets.UTF_8);
        System.setProperty("poolbench.warmup", "1");
        System.setProperty("poolbench.awaitMeasure", "true");
        System.setProperty("poolbench.awaitStart", "true");
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int exit;
        try (IsuconTestServer server = new IsuconTestServer(TEST_DATA.users, TEST_DATA.failures);
             PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            // Stands in for the runner, which resets the database and waits for the app before "start".
            System.setIn(new InputStream() {
                private int pos;

                @Override
                public int read() {
                    if (pos == 0) {
                        requestsBeforeStart.set(server.indexOk.get() + server.indexFailed.get());
                        readyBeforeStart.set(stdout.toString(StandardCharsets.UTF_8).lines()
                                .anyMatch(RunCommand.READY::equals));
                    }
                    return pos < lines.length ? lines[pos++] : -1;
                }
            });
            exit = LoadMain.execute(new String[] {"run", "--base-url", server.baseUrl(), "--data", data.toString(),
                    "--duration", "2", "--workload", "1", "--quiet", "--no-report-check", "--out", out.toString()}, o, e);
        } finally {
            System.clearProperty("poolbench.awaitStart");
        }
        assertEquals(0, exit, stderr.toString(StandardCharsets.UTF_8));
        assertTrue(readyBeforeStart.get(), "ready printed before it waited: " + stdout);
        assertEquals(0, requestsBeforeStart.get(), "no request before the runner's start line");
        List<String> printed = stdout.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(1, printed.stream().filter(RunCommand.LOAD_DONE::equals).count(),
                "load-done once, for the measured run only: " + printed);
        assertTrue(printed.indexOf(RunCommand.WARMUP_DONE) < printed.indexOf(RunCommand.LOAD_DONE)
                && printed.indexOf(RunCommand.LOAD_DONE) < printed.size() - 1, "ready, warm-up, load-done, score: " + printed);
        assertTrue(printed.get(printed.size() - 1).startsWith("type:score"), "the score line stays last: " + printed);
    }

    @Test
    void aRunnerThatGoesAwayDuringTheWarmUpGetsNoMeasuredRun() throws IOException {
        Path out = tmp.resolve("gone");
        System.setIn(new ByteArrayInputStream(new byte[0]));
        System.setProperty("poolbench.warmup", "1");
        System.setProperty("poolbench.awaitMeasure", "true");
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int exit;
        try (IsuconTestServer server = new IsuconTestServer(TEST_DATA.users, TEST_DATA.failures);
             PrintStream o = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            exit = LoadMain.execute(new String[] {"run", "--base-url", server.baseUrl(), "--data", data.toString(),
                    "--duration", "2", "--workload", "1", "--quiet", "--no-report-check", "--out", out.toString()}, o, e);
        }
        assertEquals(LoadMain.EXIT_USAGE, exit);
        assertTrue(stderr.toString(StandardCharsets.UTF_8).contains("stdin closed after the warm-up"), stderr.toString());
        assertFalse(Files.exists(out.resolve("result.json")), "no measured result");
    }
}
