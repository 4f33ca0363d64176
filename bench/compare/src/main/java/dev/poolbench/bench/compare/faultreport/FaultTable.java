package dev.poolbench.bench.compare.faultreport;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.faultfigures.FaultFigures;
import dev.poolbench.bench.compare.faultfigures.FaultOutcome;
import dev.poolbench.bench.compare.faultfigures.StormFigures;
import dev.poolbench.bench.compare.faultplan.FaultOptions;
import dev.poolbench.bench.compare.util.Json;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code faults.txt} (the table printed at the end) and {@code faults.json}. */
public final class FaultTable {

    private FaultTable() {
    }

    /** The header, its first two columns as wide as the widest scenario and profile (with its store). */
    private static String header(int scenarioWidth, int whoWidth) {
        return String.format(Locale.ROOT, "%-" + scenarioWidth + "s %-" + whoWidth + "s %6s %7s %-22s %6s %8s %8s "
                + "%7s %7s %7s %6s %-9s %6s%n", "scenario", "profile", "away s", "1st err", "errors in fault", "after",
                "max ms", ">wait", "1st ok", "90% s", "opened", "pend", "rows", "report");
    }

    static String text(List<FaultOutcome> outcomes, FaultOptions o) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "poolbench faults: %d s runs, fault at %d s for %d s, pool size %d, "
                + "pool wait %d ms%s%s%n%n", o.durationSeconds, o.faultAtSeconds, o.faultSeconds, o.poolSize,
                o.poolWaitMillis, o.workload == null ? "" : ", workload " + o.workload,
                o.postgres() ? ", PostgreSQL" : ""));
        int scenarioWidth = 12;
        int whoWidth = 7;
        for (FaultOutcome r : outcomes) {
            scenarioWidth = Math.max(scenarioWidth, r.scenario().cliName().length());
            whoWidth = Math.max(whoWidth, r.run().who().length());
        }
        String first = "%-" + scenarioWidth + "s %-" + whoWidth + "s ";
        out.append(header(scenarioWidth, whoWidth));
        for (FaultOutcome r : outcomes) {
            FaultFigures f = r.figures();
            if (f == null) {
                out.append(String.format(Locale.ROOT, first + "FAILED: %s%n", r.scenario().cliName(), r.run().who(),
                        r.problems().isEmpty() ? "?" : r.problems().get(0)));
                continue;
            }
            String away = r.faultBegin() == null ? "-" : String.format(Locale.ROOT, "%.1f", r.faultEnd() - r.faultBegin());
            out.append(String.format(Locale.ROOT, first + "%6s %7s %-22s %6d %8s %8s %7s %7s %7s %6s %-9s %6s%n",
                    r.scenario().cliName(), r.run().who(), away, num(f.firstErrorSeconds(), "%.1f"), errors(f),
                    f.errorsAfterReturn(),
                    num(f.longestRequestMillis(), "%.0f"), f.slowerThanPoolWait() == null ? "-" : f.slowerThanPoolWait(),
                    num(f.firstSuccessSeconds(), "%.1f"), f.recoverySeconds() == null ? "never" : num(f.recoverySeconds(), "%.1f"),
                    num(f.connectionsOpened(), "%.0f"), num(f.peakPending(), "%.0f"), f.rowsVerdict(),
                    f.reportExact() == null ? "-" : f.reportExact() ? "exact" : "WRONG"));
            if (r.scenario().storm() && f.storm() != null) {
                out.append("    ").append(storm(f.storm())).append('\n');
            }
            if (f.surge() != null) {
                out.append("    ").append(f.surge().summary()).append('\n');
            }
            for (String p : r.problems()) {
                out.append("    problem: ").append(p).append('\n');
            }
        }
        out.append("""

                profile: with its session store and settings when the runs name them (--session, --settings); away s: how long
                the database (redis-restart: Redis; idle-timeout, idle-drop: the load, paused) was away; 1st err: seconds from the fault's start to
                the end of the first second with an error (fail fast; - = none); errors in fault: error responses (status:
                count, none = no response) from the fault's start to the second of its end; after: errors
                after that; max ms: longest request; >wait: requests slower than the pool wait; 1st ok:
                seconds from the return to the first decided login; 90% s: from the return to the first
                3-s window at >= 90 % of the pre-fault decided logins per second (login_log rows;
                redis-restart: the load's 302/303 answers to POST /login, since the app logs every attempt
                before it saves the session); opened: connections opened from the fault's start to the
                end; pend: peak threads waiting for a connection from the fault on; rows: login_log rows
                added vs decided logins (ok, LOST n: decided without a row, DOUBLED n); report: /report
                check; storm: the pool's connections (active + idle) before the fault and at their peak, the
                load's extra workers, and the page requests' p99 before the jump and during it; max-connections: the
                columns are the loaded replica's, the line under them the new replicas (replicas.json). See docs/faults.md.
                """);
        return out.toString();
    }

    /** A storm run's line: the pool's growth and the jump's p99 against before it. */
    public static String storm(StormFigures s) {
        StormFigures.Jump j = s.jump();
        return String.format(Locale.ROOT, "storm: connections %s before, peak %s; jump %s; p99 %s ms before, %s ms "
                        + "during", num(s.connectionsBeforeFault(), "%.0f"), num(s.peakConnections(), "%.0f"),
                j == null ? "none" : j.workersJoined() + "/" + j.workload() + " workers, " + j.flows() + " flows",
                j == null ? "-" : j.p99BeforeMillis(), j == null ? "-" : j.p99DuringMillis());
    }

    static String errors(FaultFigures f) {
        if (f.errorsByStatus().isEmpty()) {
            return String.valueOf(f.errorsDuringFault());
        }
        return f.errorsDuringFault() + " (" + f.errorsByStatus().entrySet().stream()
                .map(e -> e.getKey() + ":" + e.getValue()).collect(Collectors.joining(" ")) + ")";
    }

    public static String num(Double v, String format) {
        return v == null || v.isNaN() ? "-" : String.format(Locale.ROOT, format, v);
    }

    static ObjectNode json(List<FaultOutcome> outcomes, FaultOptions o, Map<String, String> environment) {
        ObjectNode root = Json.object();
        root.put("schema", 1);
        root.set("options", o.toJson());
        ObjectNode env = root.putObject("environment");
        environment.forEach(env::put);
        ArrayNode runs = root.putArray("runs");
        for (FaultOutcome r : outcomes) {
            ObjectNode n = runs.addObject();
            n.put("scenario", r.scenario().cliName());
            n.put("profile", r.profile());
            n.put("session", r.run().session().label());
            n.put("settings", r.run().settings().label());
            n.put("faultBeginSecond", r.faultBegin());
            n.put("faultEndSecond", r.faultEnd());
            if (r.figures() != null) {
                n.set("figures", r.figures().json());
            }
            ArrayNode problems = n.putArray("problems");
            r.problems().forEach(problems::add);
        }
        return root;
    }
}
