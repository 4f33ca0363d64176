package dev.poolbench.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.poolbench.bench.load.testserver.IsuconTestServer;
import dev.poolbench.bench.load.testserver.IsuconTestServer.Defect;
import dev.poolbench.bench.load.testserver.TestData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-second series, the login decisions and the latency-threshold counts of result.json,
 * checked against what the in-memory app itself counted it sent.
 */
class SeriesAgainstTestServerTest {
    /** Seconds of each run: a series of at least two seconds, each second's totals checked. */
    private static final int SECONDS = 2;
    private static final TestData TEST_DATA = new TestData(30);

    @TempDir
    static Path tmp;
    static Path data;

    @BeforeAll
    static void setUp() throws IOException {
        System.setProperty("poolbench.htmlReport", "false");
        System.setProperty("poolbench.settleMillis", "200");
        System.setProperty("poolbench.graceSeconds", "3");
        data = TEST_DATA.write(tmp.resolve("data"));
    }

    @AfterAll
    static void tearDown() {
        System.clearProperty("poolbench.requestTimeoutMillis");
        System.clearProperty("poolbench.latencyThresholdsMillis");
    }

    static JsonNode run(IsuconTestServer server, String name, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", "--base-url", server.baseUrl(), "--data", data.toString(),
                "--duration", String.valueOf(SECONDS), "--seed", "7", "--quiet", "--out",
                tmp.resolve(name).toString()));
        args.addAll(List.of(extra));
        if (!args.contains("--workload")) {
            args.addAll(List.of("--workload", "2"));
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try (PrintStream o = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exit = LoadMain.execute(args.toArray(String[]::new), o, e);
        }
        assertTrue(exit == 0 || exit == 1, "exit " + exit + ": " + err.toString(StandardCharsets.UTF_8));
        return new ObjectMapper().readTree(tmp.resolve(name).resolve("result.json").toFile());
    }

    private static long sum(JsonNode series, String field) {
        long n = 0;
        for (JsonNode s : series) {
            n += s.path(field).asLong();
        }
        return n;
    }

    private static long sumStatus(JsonNode series, String status) {
        long n = 0;
        for (JsonNode s : series) {
            n += s.path("statuses").path(status).asLong();
        }
        return n;
    }

    /** Totals of the series equal the run totals; seconds are 1..n without gaps. */
    private static void assertSeriesAddsUp(JsonNode r) {
        JsonNode series = r.path("perSecond");
        assertTrue(series.size() >= SECONDS, "at least the " + SECONDS + " s of the run: " + series);
        for (int i = 0; i < series.size(); i++) {
            assertEquals(i + 1, series.get(i).path("second").asInt());
        }
        assertEquals(r.path("loadGenerator").path("passedPages").asLong(), sum(series, "passedPages"));
        assertEquals(r.path("fail").asLong(), sum(series, "fails"));
        assertEquals(r.path("requests").path("count").asLong(), sum(series, "requests"));
        assertEquals(r.path("requests").path("ko").asLong(), sum(series, "ko"));
        assertEquals(r.path("logins").path("decided").asLong(), sum(series, "loginsDecided"),
                "each decided login in the second its answer came");
        long statuses = 0;
        for (JsonNode s : series) {
            for (JsonNode n : s.path("statuses")) {
                statuses += n.asLong();
            }
        }
        assertEquals(r.path("requests").path("count").asLong(), statuses, "every request has one status or none");
        long max = 0;
        for (JsonNode s : series) {
            max = Math.max(max, s.path("maxLatencyMillis").asLong());
        }
        assertEquals(r.path("requests").path("latencyMillis").path("max").asLong(), max);
    }

    @Test
    void a503ToSomeLoginsIsCountedAsErrorStatusAndInTheSeries() throws IOException {
        try (IsuconTestServer server = new IsuconTestServer(TEST_DATA.users, TEST_DATA.failures)) {
            server.setDefect(Defect.LOGIN_503);
            JsonNode r = run(server, "login503");
            assertTrue(server.login503.get() > 0, "the server answered no 503");
            JsonNode logins = r.path("logins");
            assertEquals(server.login503.get(), logins.path("errorStatus").asLong(), logins.toString());
            assertEquals(server.loginRedirects.get(), logins.path("decided").asLong(), logins.toString());
            assertEquals(0, logins.path("noResponse").asLong(), logins.toString());
            assertEquals(server.login503.get(), sumStatus(r.path("perSecond"), "503"));
            assertEquals(0, sumStatus(r.path("perSecond"), "none"));
            assertSeriesAddsUp(r);
            assertTrue(r.path("fail").asLong() >= server.login503.get(), "each 503 is a failed page");
        }
    }

    @Test
    void unansweredLoginsAreCountedAsNoResponseAndOverTheThreshold() throws IOException {
        System.setProperty("poolbench.requestTimeoutMillis", "600");
        System.setProperty("poolbench.latencyThresholdsMillis", "500,60000");
        try (IsuconTestServer server = new IsuconTestServer(TEST_DATA.users, TEST_DATA.failures)) {
            server.setDefect(Defect.LOGIN_SLOW);
            server.hangMillis = 1_200;
            JsonNode r = run(server, "loginSlow");
            int slow = server.loginSlow.get();
            assertTrue(slow > 0, "the server held no login");
            JsonNode logins = r.path("logins");
            assertEquals(slow, logins.path("noResponse").asLong(), logins.toString());
            assertEquals(server.loginPosts.get() - slow, logins.path("decided").asLong(), logins.toString());
            assertEquals(0, logins.path("errorStatus").asLong(), logins.toString());
            assertEquals(slow, sumStatus(r.path("perSecond"), "none"));
            JsonNode over = r.path("requests").path("overMillis");
            assertTrue(over.path("500").asLong() >= slow, over.toString());
            assertEquals(0, over.path("60000").asLong(), over.toString());
            assertSeriesAddsUp(r);
        } finally {
            System.clearProperty("poolbench.requestTimeoutMillis");
            System.clearProperty("poolbench.latencyThresholdsMillis");
        }
    }

    @Test
    void mergeSumsTheSeriesAndTheLogins() throws IOException {
        try (IsuconTestServer server = new IsuconTestServer(TEST_DATA.users, TEST_DATA.failures)) {
            server.setDefect(Defect.LOGIN_503);
            JsonNode a = run(server, "m1", "--partition", "1/2", "--no-report-check");
            JsonNode b = run(server, "m2", "--partition", "2/2", "--no-report-check");
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            try (PrintStream o = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
                 PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
                LoadMain.execute(new String[] {"merge", "--base-url", server.baseUrl(), "--quiet",
                        "--out", tmp.resolve("merged").toString(),
                        tmp.resolve("m1/result.json").toString(), tmp.resolve("m2/result.json").toString()}, o, e);
            }
            JsonNode m = new ObjectMapper().readTree(tmp.resolve("merged/result.json").toFile());
            for (String k : new String[] {"decided", "noResponse", "errorStatus"}) {
                assertEquals(a.path("logins").path(k).asLong() + b.path("logins").path(k).asLong(),
                        m.path("logins").path(k).asLong(), k);
            }
            assertEquals(server.login503.get(), m.path("logins").path("errorStatus").asLong());
            for (String k : new String[] {"1000", "5000", "10000"}) {
                assertEquals(a.path("requests").path("overMillis").path(k).asLong()
                        + b.path("requests").path("overMillis").path(k).asLong(),
                        m.path("requests").path("overMillis").path(k).asLong(), k);
            }
            JsonNode series = m.path("perSecond");
            assertEquals(Math.max(a.path("perSecond").size(), b.path("perSecond").size()), series.size());
            for (String f : new String[] {"passedPages", "fails", "requests", "ko", "loginsDecided"}) {
                assertEquals(sum(a.path("perSecond"), f) + sum(b.path("perSecond"), f), sum(series, f), f);
            }
            assertEquals(sumStatus(a.path("perSecond"), "503") + sumStatus(b.path("perSecond"), "503"),
                    sumStatus(series, "503"));
            assertEquals(server.login503.get(), sumStatus(series, "503"));
            // Latency percentiles from the sum of both hosts' histograms, not the worst host's.
            org.HdrHistogram.Histogram both = new org.HdrHistogram.Histogram(3);
            both.add(dev.poolbench.bench.load.score.LatencyHistogram.decode(
                    a.path("requests").path("latencyMillis").path("histogram").asText()));
            both.add(dev.poolbench.bench.load.score.LatencyHistogram.decode(
                    b.path("requests").path("latencyMillis").path("histogram").asText()));
            JsonNode lat = m.path("requests").path("latencyMillis");
            assertEquals(a.path("requests").path("count").asLong() + b.path("requests").path("count").asLong(),
                    both.getTotalCount());
            assertEquals(both.getValueAtPercentile(99), lat.path("p99").asLong());
            assertEquals(both.getValueAtPercentile(50), lat.path("p50").asLong());
            assertEquals(both.getMaxValue(), lat.path("max").asLong());
        }
    }
}
