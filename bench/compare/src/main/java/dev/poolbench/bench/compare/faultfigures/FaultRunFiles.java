package dev.poolbench.bench.compare.faultfigures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.faultlogs.ProgressLog;
import dev.poolbench.bench.compare.faultlogs.Second;
import dev.poolbench.bench.compare.faultplan.FaultCase;
import dev.poolbench.bench.compare.faultplan.FaultOptions;
import dev.poolbench.bench.compare.faultplan.PoolSettingsSet;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.launch.AppProcess;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSampler;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of one fault run from the files in its directory, wherever the run was taken:
 * {@value FaultRunRecord#FILE} (fault window, {@code login_log} counts and rows per second),
 * {@value ProgressLog#FILE} (the load's start), {@code result.json} (the load's per-second
 * statuses, logins, /report check), the pool sampler's {@code poolmetrics.csv} and, for
 * max-connections, {@value SurgeFigures#FILE}. Writes
 * {@code figures.json} and {@code series.csv} beside them. The local runner and
 * {@code faults-summarize} (runs fetched by Ansible) both come through here. Decided logins per
 * second are the login_log rows, except when the session store went away
 * ({@link Scenario#sessionStoreAway}): the app still logs every attempt then, so they are the
 * load's decided answers ({@code perSecond[].loginsDecided}).
 */
public final class FaultRunFiles {

    static final String FIGURES = "figures.json";
    static final String SERIES = "series.csv";
    static final String RESULT = "result.json";

    private FaultRunFiles() {
    }

    /** The run's outcome; a run whose files do not allow figures has null figures and says why. */
    public static FaultOutcome outcome(Path runDir, FaultCase planned, FaultOptions options) throws IOException {
        Scenario scenario = planned.scenario();
        if (!Files.isRegularFile(runDir.resolve(FaultRunRecord.FILE))) {
            return failed(planned, List.of("no " + FaultRunRecord.FILE + " in " + runDir
                    + ": the run did not finish"));
        }
        FaultRunRecord record;
        try {
            record = FaultRunRecord.read(runDir);
        } catch (IllegalArgumentException e) {
            return failed(planned, List.of(e.getMessage()));
        }
        List<String> problems = recordProblems(runDir, planned, record, options);
        List<ProgressLog.Line> lines = ProgressLog.read(runDir.resolve(ProgressLog.FILE));
        if (lines.isEmpty()) {
            problems.add("the load run reported no progress (" + ProgressLog.FILE + " has no line), so the fault "
                    + "cannot be placed in load time; see " + runDir.resolve("load.log"));
            return failed(planned, problems);
        }
        if (record.faultBeginEpochMillis() == null || record.faultEndEpochMillis() == null) {
            problems.add("the fault " + scenario.cliName() + " was not applied or did not end");
            return failed(planned, problems);
        }
        Path resultFile = runDir.resolve(RESULT);
        JsonNode result = Files.isRegularFile(resultFile) ? Json.read(resultFile) : null;
        long loadStart = loadStartEpochMillis(result, lines.get(0));
        JsonNode pause = scenario.pausesLoad() && result != null ? result.get("pause") : null;
        // A pause is the fault: its window is the load's own (whole seconds of load time), not
        // the runner's watch of the server, which is placed from the first progress line.
        double begin = pause != null ? pause.path("atSeconds").asDouble()
                : (record.faultBeginEpochMillis() - loadStart) / 1000.0;
        double end = pause != null ? begin + pause.path("seconds").asDouble()
                : (record.faultEndEpochMillis() - loadStart) / 1000.0;
        if (end > options.durationSeconds - FaultFigures.WINDOW) {
            // A restart on a busy machine can outlast the run (MariaDB's start alone took
            // 30-40 s under a load average of 13 here): recovery cannot be measured then.
            problems.add(String.format(Locale.ROOT, "%s at %.1f s, less than %d s before "
                    + "the run's end at %d s: recovery not measurable; lengthen the duration", scenario.end(), end,
                    FaultFigures.WINDOW, options.durationSeconds));
        }
        List<Second> seconds = Second.fromResult(result);
        if (seconds.isEmpty()) {
            seconds = ProgressLog.seconds(lines);
        }
        Map<Integer, Long> decided = scenario.sessionStoreAway() ? Second.loginsDecided(result)
                : decidedPerSecond(record.rowsPerSecond(), record.timeZone(), loadStart);
        if (decided == null) {
            problems.add("result.json has no perSecond[].loginsDecided (a load generator from before it): the "
                    + "decided logins of a " + scenario.cliName() + " run are unknown");
            return failed(planned, problems);
        }
        List<FaultFigures.PoolSample> pool = record.poolSamplerStartEpochMillis() == null ? List.of()
                : PoolCsv.read(runDir.resolve(PoolMetricsSampler.CSV),
                        (record.poolSamplerStartEpochMillis() - loadStart) / 1000.0);
        SurgeFigures surge = scenario.replicas() ? SurgeFigures.read(runDir) : null;
        if (scenario.replicas() && surge == null) {
            problems.add("no " + SurgeFigures.FILE + " in " + runDir + ": the rolling update left no figures");
        }
        FaultFigures.Inputs inputs = new FaultFigures.Inputs(scenario, begin, end, options.durationSeconds,
                options.poolWaitMillis, seconds, decided, pool, result, record.rowsBefore(), record.rowsAfter(), surge);
        FaultFigures figures = FaultFigures.compute(inputs);
        ObjectNode json = figures.json();
        json.put("faultBeginSecond", begin);
        json.put("faultEndSecond", end);
        json.put("faultDetail", record.faultDetail());
        Json.write(runDir.resolve(FIGURES), json);
        Files.writeString(runDir.resolve(SERIES), seriesCsv(figures));
        return new FaultOutcome(planned, figures, begin, end, List.copyOf(problems));
    }

    /**
     * Second 0 of the load's per-second series: the load's own start instant when its result
     * has it, else estimated from the first progress line. The estimate is only good to about
     * half a second, and worse when a busy machine writes the line late; placed that far off,
     * the fault's seconds took logins decided just before it for logins decided inside it.
     */
    static long loadStartEpochMillis(JsonNode result, ProgressLog.Line firstProgress) {
        JsonNode started = result == null ? null : result.get("startedAtEpochMillis");
        return started != null && started.canConvertToLong() && started.asLong() > 0 ? started.asLong()
                : ProgressLog.startEpochMillis(firstProgress);
    }

    /**
     * What the run's record itself says went wrong: its own problems, another store or other
     * settings (in the record or in the app's read-back), an app on another database server than
     * the options name, a failed load run.
     */
    private static List<String> recordProblems(Path runDir, FaultCase planned, FaultRunRecord record,
                                               FaultOptions options) throws IOException {
        List<String> problems = new ArrayList<>(record.problems());
        if (record.session() != planned.session()) {
            problems.add(FaultRunRecord.FILE + " names the session store " + record.session().label() + ", the plan "
                    + planned.session().label());
        }
        if (record.settings() != planned.settings()) {
            problems.add(FaultRunRecord.FILE + " names the settings " + record.settings().label() + ", the plan "
                    + planned.settings().label());
        }
        // What the app itself read back (an app from before the settings existed says nothing: shipped).
        Path poolSettings = runDir.resolve("poolsettings.json");
        JsonNode appSettings = Files.isRegularFile(poolSettings) ? Json.read(poolSettings) : null;
        String readBack = appSettings == null ? null
                : appSettings.path("settings").asText(PoolSettingsSet.SHIPPED.label());
        if (readBack != null && !readBack.equals(planned.settings().label())) {
            problems.add("the app read back the settings " + readBack + ", the plan " + planned.settings().label());
        }
        // The server the app measured on (Connector/J names MariaDB "MySQL"; "unavailable: ..." when it
        // could not ask): PostgreSQL exactly when the options name it (options.json's database).
        String server = appSettings == null ? null : Json.text(appSettings, "serverVersion");
        if (server != null && !server.startsWith("unavailable") && server.startsWith("PostgreSQL") != options.postgres()) {
            problems.add("the app's database is " + server + ", the options' " + options.database);
        }
        if (record.loadExitCode() != null && record.loadExitCode() == 2) {
            problems.add("load run failed (exit 2): " + AppProcess.tail(runDir.resolve("load.log"), 1).strip());
        }
        return problems;
    }

    public static FaultOutcome failed(FaultCase planned, List<String> problems) {
        return new FaultOutcome(planned, null, null, null, List.copyOf(problems));
    }

    /**
     * Rows per {@code created_at} second (the app's clock in {@code zone}) → load-time buckets;
     * a second's middle decides its bucket.
     */
    static Map<Integer, Long> decidedPerSecond(Map<LocalDateTime, Long> rows, ZoneId zone, long loadStartEpochMillis) {
        Map<Integer, Long> buckets = new LinkedHashMap<>();
        rows.forEach((second, n) -> {
            double t = (second.atZone(zone).toInstant().toEpochMilli() + 500 - loadStartEpochMillis) / 1000.0;
            buckets.merge((int) Math.ceil(t), n, Long::sum);
        });
        return buckets;
    }

    private static String seriesCsv(FaultFigures f) {
        StringBuilder out = new StringBuilder("second,decided_logins,errors,active,pending\n");
        for (FaultFigures.Point p : f.series()) {
            out.append(p.second()).append(',').append(n(p.decided())).append(',').append(n(p.errors())).append(',')
                    .append(n(p.active())).append(',').append(n(p.pending())).append('\n');
        }
        return out.toString();
    }

    private static String n(double v) {
        return Double.isNaN(v) ? "" : v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
