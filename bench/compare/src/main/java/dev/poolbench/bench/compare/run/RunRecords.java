package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.db.DbDistanceRecord;
import dev.poolbench.bench.compare.launch.PoolSettings;
import dev.poolbench.bench.compare.launch.ThreadsCheck;
import dev.poolbench.bench.compare.outcomes.RunOutcome;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.util.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Builds the runs.jsonl record of one run around the load generator's result.json. */
public final class RunRecords {

    private RunRecords() {
    }

    /** The whole record of a measured run: the load generator's result, the run's outcome, what the site adds. */
    static ObjectNode assemble(RunPlan.Planned planned, RunOutcome outcome, CompareOptions options, RunSite site,
                               Path runDir) throws InterruptedException {
        ObjectNode record = build(planned.round(), planned.profile(), planned.poolSize(), site.poolMode(),
                outcome.result, outcome.settings, outcome.problems, planned.dirName());
        record.put("sequence", planned.sequence());
        record.put("order", options.order);
        record.put("warmupSeconds", options.warmupSeconds);
        record.put("loadExitStatus", outcome.loadExit);
        if (outcome.poolMetrics != null) {
            record.set("poolMetrics", outcome.poolMetrics.json());
        }
        site.addAppFindings(record, planned, runDir, outcome);
        DbDistanceRecord.addToRun(record, options.dbDistance, outcome.proxyCpuSeconds);
        addDisturbance(record, outcome.disturbance);
        if (options.cpus != null) {
            ObjectNode cpus = options.cpus.json();
            cpus.put("appReadBack", outcome.appCpus);
            record.set("cpus", cpus);
        }
        if (outcome.placement != null) {
            record.set("lanePlacement", outcome.placement);
        }
        ObjectNode timingNode = record.putObject("timings");
        outcome.timings.forEach(timingNode::put);
        if (outcome.startedAhead != null) {
            // Its app and load JVMs were started during the previous run's report check.
            timingNode.put("startedAhead", outcome.startedAhead);
        }
        addVersions(record, outcome.settings, site.databaseVersion());
        return record;
    }

    private static void addDisturbance(ObjectNode record, ObjectNode disturbance) {
        if (disturbance != null) {
            record.put("disturbed", disturbance.path("disturbed").asBoolean());
            record.set("disturbance", disturbance);
        }
    }

    private static void addVersions(ObjectNode record, JsonNode settings, String databaseVersion) {
        ObjectNode versions = record.putObject("versions");
        versions.put("appJvm", settings == null ? null : Json.text(settings, "jvm.version"));
        versions.put("loadJvm", System.getProperty("java.version"));
        versions.put("runnerJvm", System.getProperty("java.version"));
        versions.put("database", databaseVersion != null ? databaseVersion
                : settings == null ? null : Json.text(settings, "serverVersion"));
        versions.put("driver", settings == null ? null : Json.text(settings, "driverVersion"));
    }

    /**
     * @param result    result.json of the measured run, or null when the run produced none
     * @param settings  poolsettings.json read from the app, or null
     * @param problems  problems found by the runner (start failure, exit code, ...)
     */
    public static ObjectNode build(int round, String profile, Integer poolSize, String poolMode,
                            JsonNode result, JsonNode settings, List<String> problems, String runDir) {
        ObjectNode r = Json.object();
        r.put("schema", 1);
        r.put("runDir", runDir);
        r.put("profile", profile);
        if (poolSize == null) {
            r.putNull("poolSize");
        } else {
            r.put("poolSize", poolSize);
        }
        r.put("poolMode", poolMode);
        r.put("round", round);
        List<String> all = new ArrayList<>(problems);
        boolean valid = result != null && result.path("valid").asBoolean(false) && problems.isEmpty();
        all.addAll(resultProblems(result));
        // A pool (or session store) not as requested measured something else: flagged, not counted.
        List<String> settingsProblems = settingsProblems(settings);
        boolean flagged = !settingsProblems.isEmpty();
        all.addAll(settingsProblems);
        r.put("valid", valid);
        r.put("flagged", flagged);
        ArrayNode p = r.putArray("problems");
        all.forEach(p::add);
        copyResultFigures(result, r);
        r.set("poolSettings", settings == null ? Json.object().nullNode() : settings.deepCopy());
        if (result != null) {
            r.set("result", result.deepCopy());
        }
        return r;
    }

    /** Why the load generator's result makes the run invalid: missing, or its own reasons. */
    private static List<String> resultProblems(JsonNode result) {
        List<String> problems = new ArrayList<>();
        if (result == null) {
            problems.add("no result.json");
        } else if (!result.path("valid").asBoolean(false)) {
            JsonNode reasons = result.get("invalidReasons");
            if (reasons != null && reasons.isArray() && !reasons.isEmpty()) {
                reasons.forEach(x -> problems.add("invalid: " + x.asText()));
            } else {
                problems.add("invalid (no reason given)");
            }
        }
        return problems;
    }

    /** What is wrong with the pool and session settings read back from the app; empty when they are as requested. */
    private static List<String> settingsProblems(JsonNode settings) {
        if (settings == null) {
            return List.of("pool settings not read back");
        }
        List<String> problems = new ArrayList<>();
        if (Boolean.FALSE.equals(PoolSettings.matchesRequested(settings))) {
            problems.add("pool settings do not match the requested ones (poolsettings.json)");
        }
        if (Boolean.FALSE.equals(PoolSettings.sessionMatchesRequested(settings))) {
            problems.add("session store settings do not match the requested ones (poolsettings.json session: "
                    + settings.path("session").path("mismatches") + ")");
        }
        return problems;
    }

    /** The result's figures the summary reads, at the record's top level; a run without a result scores 0. */
    private static void copyResultFigures(JsonNode result, ObjectNode r) {
        if (result != null) {
            copy(result, r, "score");
            copy(result, r, "success");
            copy(result, r, "fail");
            copy(result, r, "workload");
            copy(result, r, "durationSeconds");
            JsonNode latency = Json.at(result, "requests.latencyMillis");
            if (latency != null) {
                r.set("latencyMillis", latency.deepCopy());
            }
            JsonNode cpu = Json.at(result, "loadGenerator.cpuMillisPerPassedPage");
            if (cpu != null) {
                r.set("loadCpuMillisPerPassedPage", cpu.deepCopy());
            }
        } else {
            r.put("score", 0);
        }
    }

    private static void copy(JsonNode from, ObjectNode to, String field) {
        JsonNode v = from.get(field);
        if (v != null) {
            to.set(field, v.deepCopy());
        }
    }

    /** The one line a finished run prints: score, latency, fixed cost, distance, threads, flags. */
    static String runLine(JsonNode r) {
        StringBuilder line = new StringBuilder();
        line.append(String.format(Locale.ROOT, "%-16s %s score %s success %s fail %s",
                Json.text(r, "runDir"), r.path("valid").asBoolean() ? "valid  " : "INVALID",
                Json.text(r, "score"), Json.text(r, "success"), Json.text(r, "fail")));
        double p99 = Json.number(r, "latencyMillis.p99");
        if (!Double.isNaN(p99)) {
            line.append(String.format(Locale.ROOT, " p99 %.0f ms", p99));
        }
        double fixed = Json.number(r, "timings.fixedCostMillis");
        line.append(String.format(Locale.ROOT, " | fixed cost %.1f s", fixed / 1000));
        line.append(DbDistanceRecord.runLinePart(r));
        line.append(ThreadsCheck.runLinePart(r));
        if (r.path("flagged").asBoolean()) {
            line.append(" | FLAGGED");
        }
        if (r.path("disturbed").asBoolean()) {
            line.append(" | DISTURBED");
        }
        if (r.path("problems").size() > 0) {
            line.append(" | ").append(r.path("problems").get(0).asText());
        }
        return line.toString();
    }
}
