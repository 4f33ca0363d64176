package dev.poolbench.bench.compare.faultfigures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.faultlogs.Second;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.util.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The figures of one fault run, computed from what the run recorded. Times are seconds of the
 * load run ("load time", 0 = the first worker started); per-second series use buckets: second
 * k covers (k-1, k]. Decided logins per second are login_log rows, or the load's decided answers
 * when the session store went away (chosen by {@link FaultRunFiles}). Pure computation, so every
 * rule is unit-tested.
 */
public record FaultFigures(
        /** Responses of 400 and above and no-responses ("none") during the fault, by status. */
        Map<String, Long> errorsByStatus,
        /** All errors during the fault: error responses, or failed checks when statuses are unknown. */
        long errorsDuringFault,
        long errorsAfterReturn,
        /**
         * From the fault's start to the end of the first second with an error (1-s resolution, so
         * an upper bound): how fast the pool fails; null = no error during the fault.
         */
        Double firstErrorSeconds,
        Double longestRequestMillis,
        /** Requests slower than the pool's wait (threads held past their pool's contract). */
        Long slowerThanPoolWait,
        double preFaultPerSecond,
        /** From the database's return to the first second with a decided login; null = none. */
        Double firstSuccessSeconds,
        /** From the return to the first 3-s window averaging >= 90 % of the pre-fault rate. */
        Double recoverySeconds,
        Double connectionsOpened,
        Double peakPending,
        long rowsAdded,
        Long decided,
        Long noResponse,
        String rowsVerdict,
        Boolean reportExact,
        boolean valid,
        /** Decided logins in the seconds wholly inside the fault: must be 0. */
        long decidedInsideFault,
        /**
         * The fault showed in the measurement: errors (for a hang or a Redis restart also requests
         * slower than the pool's wait or stalled for half the fault) and no decided login inside it.
         */
        boolean faultSeen,
        /** Per second of the run: decided logins, errors, active and pending connections. */
        List<Point> series,
        /** The pool's connections before the fault and at their peak, and the load's jump (storm). */
        StormFigures storm,
        /** The replicas and the server's refusals (max-connections); null for the other scenarios. */
        SurgeFigures surge) {

    /** Fraction of the pre-fault rate that counts as recovered. */
    static final double RECOVERED = 0.9;
    static final int WINDOW = 3;

    public record Point(int second, double decided, double errors, double active, double pending) {
    }

    /** A pool gauge sample at load time {@code t}; idle NaN when not read. */
    public record PoolSample(double t, double active, double pending, double openedTotal, double idle) {

        PoolSample(double t, double active, double pending, double openedTotal) {
            this(t, active, pending, openedTotal, Double.NaN);
        }
    }

    /** @param surge max-connections' {@code replicas.json}; null for the other scenarios, or when it is missing */
    record Inputs(Scenario scenario, double faultBegin, double faultEnd, int durationSeconds, int poolWaitMillis,
                  List<Second> load, Map<Integer, Long> decidedPerSecond, List<PoolSample> pool,
                  JsonNode result, long rowsBefore, long rowsAfter, SurgeFigures surge) {
    }

    /**
     * Errors by status during the fault, the error counts during it and after the return, and the
     * first second bucket inside the fault with an error (-1: none).
     */
    private record FaultErrors(Map<String, Long> byStatus, long during, long after, int firstSecond) {
    }

    /** Connections the pool opened from the fault on, and its most waiting threads from then. */
    private record PoolChange(Double opened, Double peakPending) {
    }

    static FaultFigures compute(Inputs in) {
        int faultFirst = (int) Math.floor(in.faultBegin()) + 1;
        // A load's pause ends on a whole second of load time: the second after it is the load's
        // return, whose errors (dead connections lent out) come after the fault.
        int faultLast = in.scenario().pausesLoad() ? (int) Math.ceil(in.faultEnd())
                : (int) Math.floor(in.faultEnd()) + 1;
        boolean statusesKnown = in.load().stream().anyMatch(s -> !s.statuses().isEmpty());
        // A pause's errors after it are its figure: those past the run's end are left out there, the
        // load's own cut (a request sent after the deadline gets 50 ms), not the pool's.
        int lastCounted = in.scenario().pausesLoad() ? in.durationSeconds() : Integer.MAX_VALUE;
        FaultErrors errors = errors(in.load(), faultFirst, faultLast, lastCounted, statusesKnown);

        int last = in.durationSeconds();
        double[] decided = decidedPerSecond(in.decidedPerSecond(), last);
        double preMean = preFaultMean(decided, faultFirst);
        int firstSuccessBucket = firstDecidedSecond(decided, faultLast);
        Double firstSuccess = firstSuccessBucket < 0 ? null : secondsAfterReturn(firstSuccessBucket, in.faultEnd());
        Double recovery = Double.isNaN(preMean) || firstSuccessBucket <= 0 ? null
                : recoverySeconds(decided, preMean, firstSuccessBucket, in.faultEnd());
        PoolChange pool = poolChange(in.pool(), in.faultBegin());

        JsonNode r = in.result();
        Double longest = number(r, "requests.latencyMillis.max");
        Long slower = count(r, "requests.overMillis." + in.poolWaitMillis());
        long rowsAdded = in.rowsAfter() - in.rowsBefore();
        Long decidedCount = count(r, "logins.decided");
        Long noResponse = count(r, "logins.noResponse");
        // An attempt answered with an error status may have its row too: with the session store
        // away the app logs the attempt, then fails to save its session; with the database going
        // away a commit can succeed while its acknowledgement is lost (an in-doubt commit: the
        // app answers 503 for an attempt it logged, seen as DOUBLED 1 in docs/faults.md's sittings).
        Long undetermined = sum(noResponse, count(r, "logins.errorStatus"));
        String verdict = verdict(rowsAdded, decidedCount, undetermined);
        Boolean report = reportExact(r);
        boolean valid = r != null && r.path("valid").asBoolean();

        long decidedInside = decidedInsideFault(decided, in.scenario().pausesLoad()
                ? pauseHeld(in.load(), in.faultBegin(), in.faultEnd(), faultFirst) : in.faultBegin(), in.faultEnd());
        // A hang need not cause errors inside its window (the held connections only break when
        // it ends, and a statement timeout may be longer than the hang), but then requests stall;
        // so may a Redis client that holds its commands until it reconnects.
        boolean effect = errors.during() > 0 || in.scenario().mayStall() && (slower != null && slower > 0
                || longest != null && longest >= (in.faultEnd() - in.faultBegin()) * 500);
        StormFigures storm = StormFigures.compute(in.pool(), in.faultBegin(), r);
        // Nothing goes away in a storm: logins go on, and what must show is the load's jump. A
        // pause shows as no login decided inside it (the server's closing of the idle sessions is
        // checked by the fault itself, which fails the run otherwise). In a rolling update the
        // loaded replica goes on too: the server must have refused a new replica's connections.
        boolean seen = in.scenario().storm() ? storm.jump() != null && storm.jump().ran()
                : in.scenario().pausesLoad() ? decidedInside == 0
                : in.scenario().replicas() ? in.surge() != null && in.surge().refused() > 0
                : effect && decidedInside == 0;

        List<Point> series = series(in, decided, statusesKnown);
        Double firstError = errors.firstSecond() < 0 ? null : Math.max(0, errors.firstSecond() - in.faultBegin());
        return new FaultFigures(errors.byStatus(), errors.during(), errors.after(), firstError, longest, slower, preMean,
                firstSuccess, recovery, pool.opened(), pool.peakPending(), rowsAdded, decidedCount, noResponse,
                verdict, report, valid, decidedInside, seen, series, storm, in.surge());
    }

    /**
     * Error responses per status inside the fault's seconds, and the errors inside and after
     * them; without statuses (an older load generator) failed checks count as the errors.
     */
    private static FaultErrors errors(List<Second> load, int faultFirst, int faultLast, int lastCounted,
                                      boolean statusesKnown) {
        Map<String, Long> byStatus = new TreeMap<>();
        long during = 0;
        long after = 0;
        int first = -1;
        for (Second s : load) {
            long errors = statusesKnown ? s.errorResponses() : s.fails();
            if (s.second() >= faultFirst && s.second() <= faultLast) {
                during += errors;
                if (errors > 0 && (first < 0 || s.second() < first)) {
                    first = s.second();
                }
                s.statuses().forEach((status, n) -> {
                    if (Second.isError(status) && n > 0) {
                        byStatus.merge(status, n, Long::sum);
                    }
                });
            } else if (s.second() > faultLast && s.second() <= lastCounted) {
                after += errors;
            }
        }
        return new FaultErrors(byStatus, during, after, first);
    }

    /** Decided logins per second bucket 1..last (index 0 unused); seconds outside the run are dropped. */
    private static double[] decidedPerSecond(Map<Integer, Long> perSecond, int last) {
        double[] decided = new double[last + 1];
        perSecond.forEach((k, n) -> {
            if (k >= 1 && k <= last) {
                decided[k] += n;
            }
        });
        return decided;
    }

    /** Mean decided logins per second before the fault; NaN when no second is left for a baseline. */
    private static double preFaultMean(double[] decided, int faultFirst) {
        int last = decided.length - 1;
        double pre = 0;
        int preSeconds = 0;
        // Second 1 is the load's ramp (JVM and connections warming): not part of the baseline.
        for (int k = 2; k < faultFirst && k <= last; k++) {
            pre += decided[k];
            preSeconds++;
        }
        return preSeconds == 0 ? Double.NaN : pre / preSeconds;
    }

    /** The first second from the fault's last on with a decided login; -1 when none. */
    private static int firstDecidedSecond(double[] decided, int faultLast) {
        for (int k = faultLast; k < decided.length; k++) {
            if (decided[k] > 0) {
                return k;
            }
        }
        return -1;
    }

    /** Seconds from the database's return to the start of second bucket {@code k}, never negative. */
    private static double secondsAfterReturn(int k, double faultEnd) {
        return Math.max(0, k - 1 - faultEnd);
    }

    /**
     * From the return to the first {@link #WINDOW}-second window averaging at least
     * {@link #RECOVERED} of the pre-fault rate; null when the run ends before one.
     */
    private static Double recoverySeconds(double[] decided, double preMean, int firstSuccessBucket, double faultEnd) {
        int last = decided.length - 1;
        // Never before the first success: a window that straddles it is not "back".
        for (int k = firstSuccessBucket; k + WINDOW - 1 <= last; k++) {
            double sum = 0;
            for (int j = k; j < k + WINDOW; j++) {
                sum += decided[j];
            }
            if (sum / WINDOW >= RECOVERED * preMean) {
                return secondsAfterReturn(k, faultEnd);
            }
        }
        return null;
    }

    /**
     * Connections opened since the last gauge sample before the fault (all of them when none was
     * taken before it), and the peak of waiting threads from the fault on.
     */
    private static PoolChange poolChange(List<PoolSample> pool, double faultBegin) {
        Double openedBefore = null;
        Double openedEnd = null;
        Double peakPending = null;
        for (PoolSample p : pool) {
            if (!Double.isNaN(p.openedTotal())) {
                if (p.t() <= faultBegin) {
                    openedBefore = p.openedTotal();
                }
                openedEnd = p.openedTotal();
            }
            if (p.t() >= faultBegin && !Double.isNaN(p.pending())) {
                peakPending = peakPending == null ? p.pending() : Math.max(peakPending, p.pending());
            }
        }
        Double opened = openedEnd == null ? null : openedEnd - (openedBefore == null ? 0 : openedBefore);
        return new PoolChange(opened, peakPending);
    }

    /** Whether the load generator's report matched the database; null when it did not check. */
    private static Boolean reportExact(JsonNode result) {
        JsonNode performed = result == null ? null : Json.at(result, "reportCheck.performed");
        return performed == null || !performed.asBoolean() ? null
                : Json.at(result, "reportCheck.ok").asBoolean();
    }

    /**
     * No login can be decided while the database is away: the decided logins in the seconds
     * lying wholly inside the fault (half a second of margin for the start estimate) must be 0.
     */
    /**
     * Where a pause holds for the logins decided inside it: each worker ends the flow it is in
     * (on the fleet such a flow ran 2 s past the pause's start), so from the start of the last
     * second, counted from the pause's first, in which the load still sent requests; at most from
     * the pause's middle, so that a load that does not pause at all is still caught.
     */
    static double pauseHeld(List<Second> load, double begin, double end, int faultFirst) {
        Set<Integer> busy = new HashSet<>();
        load.stream().filter(s -> s.requests() > 0).forEach(s -> busy.add(s.second()));
        int quiet = faultFirst;
        while (busy.contains(quiet)) {
            quiet++;
        }
        return Math.min(Math.max(begin, quiet - 2), (begin + end) / 2);
    }

    private static long decidedInsideFault(double[] decided, double faultBegin, double faultEnd) {
        long inside = 0;
        for (int k = 1; k < decided.length; k++) {
            if (k - 1 >= faultBegin + 0.5 && k <= faultEnd - 0.5) {
                inside += (long) decided[k];
            }
        }
        return inside;
    }

    /** The chart's series: per second of the run its decided logins, errors and pool gauges. */
    private static List<Point> series(Inputs in, double[] decided, boolean statusesKnown) {
        List<Point> series = new ArrayList<>();
        Map<Integer, Second> loadBySecond = new TreeMap<>();
        in.load().forEach(s -> loadBySecond.put(s.second(), s));
        for (int k = 1; k < decided.length; k++) {
            Second s = loadBySecond.get(k);
            double errors = s == null ? Double.NaN : statusesKnown ? s.errorResponses() : s.fails();
            double active = Double.NaN;
            double pending = Double.NaN;
            for (PoolSample p : in.pool()) {
                // The gauge sample taken during second k (the sampler runs once a second).
                if (p.t() > k - 1 && p.t() <= k) {
                    active = p.active();
                    pending = p.pending();
                }
            }
            series.add(new Point(k, decided[k], errors, active, pending));
        }
        return series;
    }

    private static Long sum(Long a, Long b) {
        // Long.valueOf keeps the conditional's type Long: with a bare a + b it would be long and
        // unbox a null b.
        return a == null ? b : b == null ? a : Long.valueOf(a + b);
    }

    /**
     * Nothing lost: every attempt the app answered with its decision has its row. Nothing
     * doubled: no more rows than decided attempts plus those whose answer never came (the app
     * may have logged those before the connection broke) and those answered with an error status
     * after their row was written (an in-doubt commit; with the session store away, a failed save).
     */
    static String verdict(long rows, Long decided, Long noResponse) {
        if (decided == null) {
            return "n/a";
        }
        if (rows < decided) {
            return "LOST " + (decided - rows);
        }
        long ceiling = decided + (noResponse == null ? 0 : noResponse);
        if (rows > ceiling) {
            return "DOUBLED " + (rows - ceiling);
        }
        return "ok";
    }

    public boolean rowsConsistent() {
        return "ok".equals(rowsVerdict);
    }

    public ObjectNode json() {
        ObjectNode n = Json.object();
        ObjectNode statuses = n.putObject("errorsByStatus");
        errorsByStatus.forEach(statuses::put);
        n.put("errorsDuringFault", errorsDuringFault);
        n.put("errorsAfterReturn", errorsAfterReturn);
        n.put("firstErrorSeconds", firstErrorSeconds);
        n.put("longestRequestMillis", longestRequestMillis);
        n.put("slowerThanPoolWait", slowerThanPoolWait);
        n.put("preFaultDecidedPerSecond", Double.isNaN(preFaultPerSecond) ? null : preFaultPerSecond);
        n.put("firstSuccessSeconds", firstSuccessSeconds);
        n.put("recoverySeconds", recoverySeconds);
        n.put("connectionsOpened", connectionsOpened);
        n.put("peakPending", peakPending);
        ObjectNode rows = n.putObject("loginLog");
        rows.put("rowsAdded", rowsAdded);
        rows.put("decided", decided);
        rows.put("noResponse", noResponse);
        rows.put("verdict", rowsVerdict);
        n.put("reportExact", reportExact);
        n.put("valid", valid);
        n.put("decidedInsideFault", decidedInsideFault);
        n.put("faultSeen", faultSeen);
        if (storm != null) {
            storm.json(n);
        }
        if (surge != null) {
            surge.json(n);
        }
        return n;
    }

    private static Double number(JsonNode node, String path) {
        double v = node == null ? Double.NaN : Json.number(node, path);
        return Double.isNaN(v) ? null : v;
    }

    /** The whole number at {@code path}; null when the result or the number is missing. */
    private static Long count(JsonNode node, String path) {
        JsonNode v = node == null ? null : Json.at(node, path);
        return v != null && v.isNumber() ? v.asLong() : null;
    }
}
