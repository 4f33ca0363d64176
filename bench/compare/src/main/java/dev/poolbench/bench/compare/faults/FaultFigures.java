package dev.poolbench.bench.compare.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures of one fault run, computed from what the run recorded. Times are seconds of the
 * load run ("load time", 0 = the first worker started); per-second series use buckets: second
 * k covers (k-1, k]. Pure computation, so every rule is unit-tested.
 */
record FaultFigures(
        /** Responses of 400 and above and no-responses ("none") during the fault, by status. */
        Map<String, Long> errorsByStatus,
        /** All errors during the fault: error responses, or failed checks when statuses are unknown. */
        long errorsDuringFault,
        long errorsAfterReturn,
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
        /** Decided logins (login_log rows) in the seconds wholly inside the fault: must be 0. */
        long decidedInsideFault,
        /**
         * The fault showed in the measurement: errors (for a hang also requests slower than the
         * pool's wait or stalled for half the hang) and no decided login inside it.
         */
        boolean faultSeen,
        /** Per second of the run: decided logins, errors, active and pending connections. */
        List<Point> series) {

    /** Fraction of the pre-fault rate that counts as recovered. */
    static final double RECOVERED = 0.9;
    static final int WINDOW = 3;

    record Point(int second, double decided, double errors, double active, double pending) {
    }

    /** A pool gauge sample at load time {@code t}. */
    record PoolSample(double t, double active, double pending, double openedTotal) {
    }

    record Inputs(Scenario scenario, double faultBegin, double faultEnd, int durationSeconds, int poolWaitMillis,
                  List<Second> load, Map<Integer, Long> decidedPerSecond, List<PoolSample> pool,
                  JsonNode result, long rowsBefore, long rowsAfter) {
    }

    static FaultFigures compute(Inputs in) {
        int faultFirst = (int) Math.floor(in.faultBegin()) + 1;
        int faultLast = (int) Math.floor(in.faultEnd()) + 1;
        boolean statusesKnown = in.load().stream().anyMatch(s -> !s.statuses().isEmpty());

        Map<String, Long> byStatus = new TreeMap<>();
        long during = 0;
        long after = 0;
        for (Second s : in.load()) {
            long errors = statusesKnown ? s.errorResponses() : s.fails();
            if (s.second() >= faultFirst && s.second() <= faultLast) {
                during += errors;
                s.statuses().forEach((status, n) -> {
                    if (Second.isError(status) && n > 0) {
                        byStatus.merge(status, n, Long::sum);
                    }
                });
            } else if (s.second() > faultLast) {
                after += errors;
            }
        }

        int last = in.durationSeconds();
        double[] decided = new double[last + 1];
        in.decidedPerSecond().forEach((k, n) -> {
            if (k >= 1 && k <= last) {
                decided[k] += n;
            }
        });
        double pre = 0;
        int preSeconds = 0;
        // Second 1 is the load's ramp (JVM and connections warming): not part of the baseline.
        for (int k = 2; k < faultFirst && k <= last; k++) {
            pre += decided[k];
            preSeconds++;
        }
        double preMean = preSeconds == 0 ? Double.NaN : pre / preSeconds;

        Double firstSuccess = null;
        int firstSuccessBucket = -1;
        for (int k = faultLast; k <= last; k++) {
            if (decided[k] > 0) {
                firstSuccess = Math.max(0, k - 1 - in.faultEnd());
                firstSuccessBucket = k;
                break;
            }
        }
        Double recovery = null;
        if (!Double.isNaN(preMean) && firstSuccessBucket > 0) {
            // Never before the first success: a window that straddles it is not "back".
            for (int k = firstSuccessBucket; k + WINDOW - 1 <= last; k++) {
                double sum = 0;
                for (int j = k; j < k + WINDOW; j++) {
                    sum += decided[j];
                }
                if (sum / WINDOW >= RECOVERED * preMean) {
                    recovery = Math.max(0, k - 1 - in.faultEnd());
                    break;
                }
            }
        }

        Double openedBefore = null;
        Double openedEnd = null;
        Double peakPending = null;
        for (PoolSample p : in.pool()) {
            if (!Double.isNaN(p.openedTotal())) {
                if (p.t() <= in.faultBegin()) {
                    openedBefore = p.openedTotal();
                }
                openedEnd = p.openedTotal();
            }
            if (p.t() >= in.faultBegin() && !Double.isNaN(p.pending())) {
                peakPending = peakPending == null ? p.pending() : Math.max(peakPending, p.pending());
            }
        }
        Double opened = openedEnd == null ? null : openedEnd - (openedBefore == null ? 0 : openedBefore);

        JsonNode r = in.result();
        Double longest = number(r, "requests.latencyMillis.max");
        JsonNode over = r == null ? null : Json.at(r, "requests.overMillis." + in.poolWaitMillis());
        Long slower = over != null && over.isNumber() ? over.asLong() : null;
        long rowsAdded = in.rowsAfter() - in.rowsBefore();
        JsonNode decidedNode = r == null ? null : Json.at(r, "logins.decided");
        JsonNode noResponseNode = r == null ? null : Json.at(r, "logins.noResponse");
        Long decidedCount = decidedNode != null && decidedNode.isNumber() ? decidedNode.asLong() : null;
        Long noResponse = noResponseNode != null && noResponseNode.isNumber() ? noResponseNode.asLong() : null;
        String verdict = verdict(rowsAdded, decidedCount, noResponse);
        JsonNode performed = r == null ? null : Json.at(r, "reportCheck.performed");
        Boolean report = performed == null || !performed.asBoolean() ? null
                : Json.at(r, "reportCheck.ok").asBoolean();
        boolean valid = r != null && r.path("valid").asBoolean();

        // No login can be decided while the database is away: the seconds lying wholly inside
        // the fault (half a second of margin for the start estimate) must have no row.
        long decidedInside = 0;
        for (int k = 1; k <= last; k++) {
            if (k - 1 >= in.faultBegin() + 0.5 && k <= in.faultEnd() - 0.5) {
                decidedInside += (long) decided[k];
            }
        }
        // A hang need not cause errors inside its window (the held connections only break when
        // it ends, and a statement timeout may be longer than the hang), but then requests stall.
        boolean effect = during > 0 || in.scenario() == Scenario.HANG && (slower != null && slower > 0
                || longest != null && longest >= (in.faultEnd() - in.faultBegin()) * 500);
        boolean seen = effect && decidedInside == 0;

        List<Point> series = new ArrayList<>();
        Map<Integer, Second> loadBySecond = new TreeMap<>();
        in.load().forEach(s -> loadBySecond.put(s.second(), s));
        for (int k = 1; k <= last; k++) {
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
        return new FaultFigures(byStatus, during, after, longest, slower, preMean, firstSuccess, recovery, opened,
                peakPending, rowsAdded, decidedCount, noResponse, verdict, report, valid, decidedInside, seen, series);
    }

    /**
     * Nothing lost: every attempt the app answered with its decision has its row. Nothing
     * doubled: no more rows than decided attempts plus those whose answer never came (the app
     * may have logged those before the connection broke).
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

    boolean rowsConsistent() {
        return "ok".equals(rowsVerdict);
    }

    ObjectNode json() {
        ObjectNode n = Json.object();
        ObjectNode statuses = n.putObject("errorsByStatus");
        errorsByStatus.forEach(statuses::put);
        n.put("errorsDuringFault", errorsDuringFault);
        n.put("errorsAfterReturn", errorsAfterReturn);
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
        return n;
    }

    private static Double number(JsonNode node, String path) {
        double v = node == null ? Double.NaN : Json.number(node, path);
        return Double.isNaN(v) ? null : v;
    }
}
