package dev.poolbench.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.load.testserver.IsuconTestServer;
import dev.poolbench.bench.load.testserver.IsuconTestServer.Defect;
import dev.poolbench.bench.load.testserver.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load behaves like the original ISUCON4 benchmarker (isucon/isucon4 qualifier/benchmarker,
 * worker/*.go) where docs/spec/bench.md says so: each test shows one behaviour against the in-memory app.
 */
class FidelityAgainstTestServerTest {
    private static final TestData TEST_DATA = new TestData(30);

    @TempDir
    static Path tmp;

    @BeforeAll
    static void setUp() throws IOException {
        System.setProperty("poolbench.htmlReport", "false");
        System.setProperty("poolbench.settleMillis", "200");
        System.setProperty("poolbench.graceSeconds", "3");
        SeriesAgainstTestServerTest.data = TEST_DATA.write(tmp.resolve("data"));
        SeriesAgainstTestServerTest.tmp = tmp;
    }

    @AfterEach
    void clear() {
        System.clearProperty("poolbench.requestTimeoutMillis");
    }

    private static IsuconTestServer server(Defect d) throws IOException {
        IsuconTestServer s = new IsuconTestServer(TEST_DATA.users, TEST_DATA.failures);
        s.setDefect(d);
        return s;
    }

    private static long reasonsContaining(JsonNode r, String text) {
        long n = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = r.path("failReasons").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().contains(text)) {
                n += e.getValue().asLong();
            }
        }
        return n;
    }

    /** login_scenario.go: {@code if err != nil { return err }} after the top page, before the POST. */
    @Test
    void aFailedIndexSkipsThePost() throws IOException {
        try (IsuconTestServer server = server(Defect.INDEX_500)) {
            JsonNode r = SeriesAgainstTestServerTest.run(server, "index500");
            assertTrue(server.indexFailed.get() > 0, "no GET / failed");
            assertTrue(reasonsContaining(r, "GET / answered 500") >= server.indexFailed.get(), r.path("failReasons").toString());
            assertTrue(server.loginPosts.get() <= server.indexOk.get(),
                    server.loginPosts + " POST /login for " + server.indexOk + " good GET / (" + server.indexFailed + " failed)");
        }
    }

    /** A redirect hop that gets no answer fails its page, like any other request. */
    @Test
    void anUnansweredRedirectHopIsAFail() throws IOException {
        System.setProperty("poolbench.requestTimeoutMillis", "600");
        try (IsuconTestServer server = server(Defect.MYPAGE_SLOW)) {
            server.hangMillis = 1_200;
            JsonNode r = SeriesAgainstTestServerTest.run(server, "mypageSlow");
            assertTrue(server.mypageSlow.get() > 0, "no GET /mypage was held");
            assertTrue(reasonsContaining(r, "GET /mypage: no response") >= server.mypageSlow.get(),
                    server.mypageSlow + " held, " + r.path("failReasons"));
        } finally {
            // The other tests of this class need the normal timeout (the held logins below wait 2 s).
            System.clearProperty("poolbench.requestTimeoutMillis");
        }
    }

    /** main.go waits 5 s after the workers stopped before it asks for /report. */
    @Test
    void theReportIsAskedFiveSecondsAfterTheLoad() throws IOException {
        System.clearProperty("poolbench.settleMillis");
        try (IsuconTestServer server = server(Defect.NONE)) {
            SeriesAgainstTestServerTest.run(server, "settle", "--duration", "2");
            long waited = server.reportMillis - server.lastLoadRequestMillis;
            assertTrue(waited >= 4_900, "GET /report " + waited + " ms after the last request of the load");
        } finally {
            System.setProperty("poolbench.settleMillis", "200");
        }
    }

    /**
     * work.go Timeout(): at the deadline every new request gets a 50 ms timeout, and a flow that
     * ends after the deadline has its ip and user flagged incomplete.
     */
    @Test
    void afterTheDeadlineRequestsGet50MillisAndStraddlingFlowsAreIncomplete() throws IOException {
        System.clearProperty("poolbench.requestTimeoutMillis");
        try (IsuconTestServer server = server(Defect.NONE)) {
            server.delayAllMillis = 150;
            // The deadline is at 4 s of the load; the server's clock starts at its first request
            // of the load (the runner's probe before Gatling does not count), which comes later, so "4.3 s after the first request" is always past the deadline.
            // Every POST /login is answered then, the first one of each worker included: each
            // worker is pinned in its first login across the deadline, and its redirect hop is
            // sent late, gets 50 ms against the server's 150 ms, and fails. No chance involved,
            // however late the first request comes on a busy machine (holding only the logins
            // from 2 s on left a worker unpinned when the first request came over a second late:
            // its next login would have started after the deadline).
            server.holdLoginsFromMillis = 0;
            server.holdLoginsUntilMillis = 4_300;
            JsonNode r = SeriesAgainstTestServerTest.run(server, "late", "--no-report-check", "--workload", "6",
                    "--duration", "4");
            JsonNode e = r.path("expectations");
            assertEquals(6, e.path("incompleteUsers").size(), "one straddling flow per worker: " + e);
            assertEquals(6, e.path("incompleteIps").size(), "one straddling flow per worker: " + e);
            assertTrue(reasonsContaining(r, "no response") >= 6, "each worker's late hop waited more than 50 ms: "
                    + r.path("failReasons"));
            assertTrue(r.path("elapsedMillis").asLong() < 4_000 + 1_500,
                    "the straddling flows ended quickly: " + r.path("elapsedMillis"));
        }
    }
}
