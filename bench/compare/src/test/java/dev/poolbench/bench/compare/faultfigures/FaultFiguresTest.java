package dev.poolbench.bench.compare.faultfigures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.faultlogs.ProgressLog;
import dev.poolbench.bench.compare.faultlogs.Second;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.faultreport.FaultTable;
import dev.poolbench.bench.compare.util.Json;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultFiguresTest {

    /** 20 s run, fault from 5.3 to 8.6 s: buckets 6..9 are "during"; 10 decided logins/s before. */
    private static FaultFigures.Inputs inputs(Scenario scenario, Map<Integer, Long> decided, List<Second> load,
                                              List<FaultFigures.PoolSample> pool, JsonNode result) {
        return new FaultFigures.Inputs(scenario, 5.3, 8.6, 20, 1000, load, decided, pool, result, 100, 100 + 150, null);
    }

    private static Map<Integer, Long> decided(long... perSecond) {
        Map<Integer, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < perSecond.length; i++) {
            m.put(i + 1, perSecond[i]);
        }
        return m;
    }

    private static JsonNode result(String extra) {
        return Json.parse("{\"valid\": true, \"requests\": {\"latencyMillis\": {\"max\": 2400}, \"overMillis\": {\"1000\": 7}},"
                + " \"reportCheck\": {\"performed\": true, \"ok\": true}" + extra + "}");
    }

    /**
     * storm: logins go on through the fault, so what must show is the load's jump; the pool's
     * connections before the fault and at their peak come from the gauges (active + idle).
     */
    @Test
    void aStormIsSeenByItsJumpAndTheGrowthByTheGauges() {
        List<Second> load = new ArrayList<>();
        for (int k = 1; k <= 20; k++) {
            load.add(new Second(k, 20, 0, 40, 0, Map.of("200", 40L), 100));
        }
        Map<Integer, Long> decided = decided(3, 10, 10, 10, 10, 12, 14, 14, 14, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10);
        List<FaultFigures.PoolSample> pool = List.of(new FaultFigures.PoolSample(4.5, 3, 0, 6, 5),
                new FaultFigures.PoolSample(6.5, 20, 9, 30, 2), new FaultFigures.PoolSample(7.5, 12, 0, 31, 19),
                new FaultFigures.PoolSample(19.5, 1, 0, 31, 30));
        String jump = ", \"jump\": {\"atSeconds\": 6, \"seconds\": 2, \"workload\": 24, \"workersJoined\": 24, "
                + "\"flows\": 80, \"pageLatencyBeforeMillis\": {\"count\": 900, \"p50\": 4, \"p99\": 30, \"max\": 60}, "
                + "\"pageLatencyDuringMillis\": {\"count\": 700, \"p50\": 9, \"p99\": 420, \"max\": 900}}";
        FaultFigures f = FaultFigures.compute(inputs(Scenario.STORM, decided, load, pool,
                result(", \"logins\": {\"decided\": 150}" + jump)));
        assertTrue(f.faultSeen(), "the jump ran, though logins were decided inside the fault");
        assertTrue(f.decidedInsideFault() > 0);
        assertEquals(8.0, f.storm().connectionsBeforeFault(), 1e-9);
        assertEquals(31.0, f.storm().peakConnections(), 1e-9, "20 active + 2 idle, then 12 + 19 = 31, then 31");
        assertEquals(25.0, f.connectionsOpened(), 1e-9, "31 seen at the end, 6 before the fault");
        assertEquals(30, f.storm().jump().p99BeforeMillis());
        assertEquals(420, f.storm().jump().p99DuringMillis());
        JsonNode json = f.json();
        assertEquals(420, json.at("/jump/p99DuringMillis").asLong(), json.toString());
        assertEquals(31.0, json.path("peakConnections").asDouble(), json.toString());
        assertTrue(FaultTable.storm(f.storm()).contains("p99 30 ms before, 420 ms during"), FaultTable.storm(f.storm()));

        String halfJump = jump.replace("\"workersJoined\": 24", "\"workersJoined\": 10");
        FaultFigures notRun = FaultFigures.compute(inputs(Scenario.STORM, decided, load, pool,
                result(", \"logins\": {\"decided\": 150}" + halfJump)));
        assertFalse(notRun.faultSeen(), "10 of 24 extra workers: the jump did not run as asked");
        assertFalse(FaultFigures.compute(inputs(Scenario.STORM, decided, load, pool, result(""))).faultSeen(),
                "no jump in result.json");
        assertNull(FaultFigures.compute(inputs(Scenario.RESTART, decided, load, pool, result(""))).storm().jump());
    }

    /**
     * idle-timeout: the load pauses from 5 s to 9 s (its own whole seconds); nothing is decided
     * inside, and the errors of the dead connections lent out when the load comes back fall in
     * second 10, after the fault; the connections the pool opened from the pause's start on are
     * the ones it replaced.
     */
    @Test
    void aPauseIsSeenByNoLoginInsideItAndItsErrorsComeAfterIt() {
        List<Second> load = new ArrayList<>();
        for (int k = 1; k <= 20; k++) {
            Map<String, Long> statuses = new LinkedHashMap<>();
            if (k <= 6 || k >= 10) {
                statuses.put("200", 30L);
            }
            if (k == 10) {
                statuses.put("500", 3L);
            }
            load.add(new Second(k, 20, 0, statuses.values().stream().mapToLong(Long::longValue).sum(), 0, statuses, 100));
        }
        // After the 20-s run's end: a late request's 50-ms timeout, the load's own cut.
        load.add(new Second(21, 0, 1, 1, 1, Map.of("none", 1L), 50));
        Map<Integer, Long> decided = decided(3, 10, 10, 10, 10, 1, 0, 0, 0, 7, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10);
        List<FaultFigures.PoolSample> pool = List.of(new FaultFigures.PoolSample(4.5, 3, 0, 10),
                new FaultFigures.PoolSample(9.5, 10, 0, 20), new FaultFigures.PoolSample(19.5, 2, 0, 20));
        FaultFigures f = FaultFigures.compute(new FaultFigures.Inputs(Scenario.IDLE_TIMEOUT, 5.0, 9.0, 20, 1000, load,
                decided, pool, result(", \"logins\": {\"decided\": 147, \"errorStatus\": 3}"), 100, 250, null));
        assertTrue(f.faultSeen(), "no login decided inside the pause");
        assertEquals(0, f.errorsDuringFault());
        assertEquals(3, f.errorsAfterReturn(), "second 10 = (9 s, 10 s]: after the pause; second 21 past the run");
        assertEquals(0.0, f.firstSuccessSeconds(), 1e-9);
        assertEquals(10.0, f.connectionsOpened(), 1e-9, "20 at the end, 10 before the pause");

        Map<Integer, Long> during = decided(3, 10, 10, 10, 10, 1, 4, 0, 0, 7, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10);
        assertFalse(FaultFigures.compute(new FaultFigures.Inputs(Scenario.IDLE_TIMEOUT, 5.0, 9.0, 20, 1000, load,
                during, pool, result(""), 100, 250, null)).faultSeen(), "logins decided in second 7: the load did not pause");
    }

    /**
     * The flows in flight at a pause's start end first: on the fleet (idle-drop, PostgreSQL) the
     * load still sent requests in the pause's first two seconds and a login was decided in the
     * second; the pause holds from the start of the load's last busy second, at most from its middle.
     */
    @Test
    void aPauseHoldsOnceTheFlowsInFlightHaveEnded() {
        List<Second> load = new ArrayList<>();
        for (int k = 1; k <= 40; k++) {
            long requests = k <= 12 || k > 20 ? 30 : 0;
            load.add(new Second(k, 20, 0, requests, 0, requests > 0 ? Map.of("200", requests) : Map.of(), 100));
        }
        assertEquals(11.0, FaultFigures.pauseHeld(load, 10.0, 20.0, 11), 1e-9, "seconds 11 and 12 still busy");
        long[] perSecond = new long[40];
        Arrays.fill(perSecond, 10);
        for (int k = 13; k <= 20; k++) {
            perSecond[k - 1] = 0;
        }
        perSecond[11] = 1;
        Map<Integer, Long> decided = decided(perSecond);
        FaultFigures f = FaultFigures.compute(new FaultFigures.Inputs(Scenario.IDLE_DROP, 10.0, 20.0, 40, 5000, load,
                decided, List.of(), result(""), 100, 500, null));
        assertTrue(f.faultSeen(), "the login of second 12 is a flow's in flight");
        assertEquals(0, f.decidedInsideFault());
        // A load that never pauses: busy through the pause, so it holds from the middle and the logins there count.
        List<Second> busy = new ArrayList<>();
        for (int k = 1; k <= 40; k++) {
            busy.add(new Second(k, 20, 0, 30, 0, Map.of("200", 30L), 100));
        }
        assertEquals(15.0, FaultFigures.pauseHeld(busy, 10.0, 20.0, 11), 1e-9);
        long[] steady = new long[40];
        Arrays.fill(steady, 10);
        assertFalse(FaultFigures.compute(new FaultFigures.Inputs(Scenario.IDLE_DROP, 10.0, 20.0, 40, 5000, busy,
                decided(steady), List.of(), result(""), 100, 500, null)).faultSeen(), "logins all through the pause");
    }

    @Test
    void errorsByStatusDuringTheFaultAndRecoveryTimes() {
        List<Second> load = new ArrayList<>();
        for (int k = 1; k <= 20; k++) {
            Map<String, Long> statuses = new LinkedHashMap<>();
            statuses.put("200", 30L);
            if (k >= 6 && k <= 9) {
                statuses.put("500", 4L);
                statuses.put("none", 1L);
            }
            if (k == 12) {
                statuses.put("503", 2L);
            }
            load.add(new Second(k, 20, 0, 40, 0, statuses, 100));
        }
        // 10/s before, 0 during, 2 in second 10, then 5, 9, 10, 10 ...
        Map<Integer, Long> decided = decided(3, 10, 10, 10, 10, 0, 0, 0, 0, 2, 5, 9, 10, 10, 10, 10, 10, 10, 10, 10);
        List<FaultFigures.PoolSample> pool = List.of(new FaultFigures.PoolSample(4.5, 3, 0, 10),
                new FaultFigures.PoolSample(7.5, 10, 5, 12), new FaultFigures.PoolSample(19.5, 2, 0, 25));
        FaultFigures f = FaultFigures.compute(inputs(Scenario.UNREACHABLE, decided, load, pool,
                result(", \"logins\": {\"decided\": 148, \"noResponse\": 4, \"errorStatus\": 20}")));

        assertEquals(Map.of("500", 16L, "none", 4L), f.errorsByStatus());
        assertEquals(20, f.errorsDuringFault());
        assertEquals(2, f.errorsAfterReturn());
        // The fault began at 5.3 s; second 6 (5..6 s) has the first errors: by 0.7 s after it.
        assertEquals(0.7, f.firstErrorSeconds(), 1e-9);
        assertEquals(10.0, f.preFaultPerSecond(), 1e-9);
        // Second 10 (9..10 s) has the first decided login: 0.4 s after the return at 8.6 s.
        assertEquals(0.4, f.firstSuccessSeconds(), 1e-9);
        // Windows from second 10: (2+5+9)/3, (5+9+10)/3 = 8 < 9, (9+10+10)/3 = 9.67 >= 9 → from second 12.
        assertEquals(2.4, f.recoverySeconds(), 1e-9);
        assertEquals(15.0, f.connectionsOpened(), 1e-9);
        assertEquals(5.0, f.peakPending(), 1e-9);
        assertEquals(2400.0, f.longestRequestMillis(), 1e-9);
        assertEquals(7L, f.slowerThanPoolWait());
        assertEquals(150, f.rowsAdded());
        assertEquals("ok", f.rowsVerdict());
        assertTrue(f.reportExact());
        assertTrue(f.faultSeen());
        assertEquals(20, f.series().size());
        assertEquals(5.0, f.series().get(7).pending(), 1e-9);
        assertEquals(5.0, f.series().get(7).errors(), 1e-9);
    }

    @Test
    void neverRecoveredAndNoSuccessAreNull() {
        Map<Integer, Long> decided = decided(3, 10, 10, 10, 10, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0);
        FaultFigures f = FaultFigures.compute(inputs(Scenario.RESTART, decided, List.of(), List.of(), result("")));
        assertEquals(2.4, f.firstSuccessSeconds(), 1e-9);
        assertNull(f.recoverySeconds());
        assertEquals("n/a", f.rowsVerdict());
        assertFalse(f.faultSeen(), "no load seconds: no error counted");
        assertNull(f.firstErrorSeconds(), "no error during the fault: no time to the first one");
        assertNull(f.connectionsOpened());
    }

    @Test
    void withoutStatusesTheFailedChecksCount() {
        List<Second> load = List.of(new Second(5, 50, 0, -1, -1, Map.of(), -1),
                new Second(7, 10, 6, -1, -1, Map.of(), -1), new Second(11, 50, 1, -1, -1, Map.of(), -1));
        FaultFigures f = FaultFigures.compute(inputs(Scenario.UNREACHABLE, decided(1, 1, 1, 1), load, List.of(),
                result("")));
        assertEquals(6, f.errorsDuringFault());
        assertEquals(1, f.errorsAfterReturn());
        assertTrue(f.errorsByStatus().isEmpty());
    }

    @Test
    void aHangIsSeenByAStalledRequestEvenWithoutErrors() {
        // Fault of 3.3 s: a request of at least 1.65 s shows it, or one slower than the pool's wait.
        FaultFigures f = FaultFigures.compute(inputs(Scenario.HANG, decided(1, 1), List.of(), List.of(), result("")));
        assertTrue(f.faultSeen());
        FaultFigures slowOnly = FaultFigures.compute(inputs(Scenario.HANG, decided(1, 1), List.of(), List.of(),
                Json.parse("{\"requests\": {\"latencyMillis\": {\"max\": 1200}, \"overMillis\": {\"1000\": 2}}}")));
        assertTrue(slowOnly.faultSeen());
        FaultFigures nothing = FaultFigures.compute(inputs(Scenario.HANG, decided(1, 1), List.of(), List.of(),
                Json.parse("{\"requests\": {\"latencyMillis\": {\"max\": 900}, \"overMillis\": {\"1000\": 0}}}")));
        assertFalse(nothing.faultSeen());
    }

    @Test
    void aLoginDecidedWhileTheDatabaseWasAwayMeansTheFaultWasNotSeen() {
        // Fault 5.3-8.6 s: only second 7 ((6, 7]) lies wholly inside it with half a second of margin.
        Map<Integer, Long> decided = decided(3, 10, 10, 10, 10, 0, 4, 0, 0, 10, 10, 10);
        List<Second> load = List.of(new Second(7, 0, 0, 5, 5, Map.of("503", 5L), 1000));
        FaultFigures f = FaultFigures.compute(inputs(Scenario.UNREACHABLE, decided, load, List.of(), result("")));
        assertEquals(4, f.decidedInsideFault());
        assertFalse(f.faultSeen());
        decided.put(7, 0L);
        decided.put(6, 3L); // (5, 6] straddles the start: not counted
        decided.put(9, 3L); // (8, 9] straddles the end: not counted
        FaultFigures g = FaultFigures.compute(inputs(Scenario.UNREACHABLE, decided, load, List.of(), result("")));
        assertEquals(0, g.decidedInsideFault());
        assertTrue(g.faultSeen());
    }

    @Test
    void withRedisAwayAnErrorStatusMayHaveItsRowButADecidedLoginMust() {
        // 150 rows: 100 decided, 30 answered 503 after their row was written, 20 no response.
        JsonNode logins = result(", \"logins\": {\"decided\": 100, \"noResponse\": 20, \"errorStatus\": 30}");
        Map<Integer, Long> decided = decided(3, 10, 10, 10, 10, 0, 0, 0, 0, 2, 5, 9, 10, 10, 10, 10, 10, 10, 10, 10);
        FaultFigures redis = FaultFigures.compute(inputs(Scenario.REDIS_RESTART, decided, List.of(), List.of(), logins));
        assertEquals("ok", redis.rowsVerdict());
        assertTrue(redis.faultSeen(), "a request of 2.4 s in a 3.3-s fault: stalled");
        FaultFigures database = FaultFigures.compute(inputs(Scenario.RESTART, decided, List.of(), List.of(), logins));
        assertEquals("ok", database.rowsVerdict(), "with the database away a 503 may have its row too: "
                + "a commit whose acknowledgement was lost");
        JsonNode extraRow = result(", \"logins\": {\"decided\": 100, \"noResponse\": 5, \"errorStatus\": 30}");
        assertEquals("DOUBLED 15", FaultFigures.compute(inputs(Scenario.RESTART, decided, List.of(), List.of(),
                extraRow)).rowsVerdict(), "more rows than attempts that could have been logged");
        // Fewer rows than decided logins: a login decided without its row, whatever went away.
        JsonNode tooMany = result(", \"logins\": {\"decided\": 160, \"noResponse\": 0, \"errorStatus\": 30}");
        assertEquals("LOST 10", FaultFigures.compute(inputs(Scenario.REDIS_RESTART, decided, List.of(), List.of(),
                tooMany)).rowsVerdict());
    }

    @Test
    void rowsVerdictNamesLostAndDoubled() {
        assertEquals("ok", FaultFigures.verdict(10, 10L, 0L));
        assertEquals("ok", FaultFigures.verdict(12, 10L, 2L));
        assertEquals("LOST 3", FaultFigures.verdict(7, 10L, 2L));
        assertEquals("DOUBLED 1", FaultFigures.verdict(13, 10L, 2L));
        assertEquals("n/a", FaultFigures.verdict(13, null, null));
    }

    @Test
    void loginLogSecondsLandInTheirLoadBuckets() {
        LocalDateTime second = LocalDateTime.of(2026, 11, 23, 14, 0, 10);
        // The app's clock on another host: its zone, not the reader's, places the rows.
        ZoneId appZone = ZoneId.of("+09:00");
        long epoch = second.atZone(appZone).toInstant().toEpochMilli();
        // Load started 0.2 s into that second: its middle (0.3 s after the start) is in bucket 1.
        Map<Integer, Long> buckets = FaultRunFiles.decidedPerSecond(Map.of(second, 4L, second.plusSeconds(5), 6L),
                appZone, epoch + 200);
        assertEquals(Map.of(1, 4L, 6, 6L), buckets);
        assertEquals(Map.of(1 + 9 * 3600, 4L, 6 + 9 * 3600, 6L), FaultRunFiles.decidedPerSecond(
                Map.of(second, 4L, second.plusSeconds(5), 6L), ZoneId.of("Z"), epoch + 200));
    }

    @Test
    void theLoadsOwnStartPlacesTheFaultAndTheProgressLineOnlyWithoutIt() {
        // The first progress line (elapsed 0) written 0.86 s after the load's start, as on a busy machine.
        ProgressLog.Line first = new ProgressLog.Line(0, 1_000_860, 0, 144, 0);
        JsonNode result = Json.parse("{\"startedAtEpochMillis\": 1000000}");
        assertEquals(1_000_000, FaultRunFiles.loadStartEpochMillis(result, first));
        assertEquals(1_000_360, FaultRunFiles.loadStartEpochMillis(null, first));
        assertEquals(1_000_360, FaultRunFiles.loadStartEpochMillis(Json.parse("{\"score\": 1}"), first));
    }
}
