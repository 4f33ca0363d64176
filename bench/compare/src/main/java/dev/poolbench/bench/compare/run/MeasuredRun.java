package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSampler;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSummary;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import dev.poolbench.bench.compare.db.DbDistanceRecord;
import dev.poolbench.bench.compare.db.DbProxy;
import dev.poolbench.bench.compare.db.LocalDatabase;
import dev.poolbench.bench.compare.jvm.AppJfr;
import dev.poolbench.bench.compare.machine.DisturbanceSentinel;
import dev.poolbench.bench.compare.machine.OwnProcesses;
import dev.poolbench.bench.compare.machine.ProcFs;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.util.Json;

/**
 * One measured run of a {@link Comparison}, end to end: its app JVM and load JVM (started ahead
 * during the previous run's report check when possible, {@link RunPipeline}), reset, health,
 * pool settings, warm-up, reset, measured load run under the disturbance sentinel, report check;
 * the app is stopped in the background. Its record is written to run.json and runs.jsonl.
 */
final class MeasuredRun {

    private final CompareOptions options;
    private final String java;
    private final Path dir;
    private final AtomicReference<Process> app;
    private final Runnable appStopper;
    // Read at each use: the shutdown hook closes and clears them.
    private final Supplier<LocalDatabase> database;
    private final Supplier<DbProxy> dbProxy;
    private final OwnProcesses ownProcesses;
    private final String remotePoolMode;
    private final RunJvms jvms;
    private final RunPipeline pipeline;
    private Progress progress;

    MeasuredRun(CompareOptions options, String java, Path dir, AtomicReference<Process> app, Runnable stopApp,
                Supplier<LocalDatabase> database, Supplier<DbProxy> dbProxy, OwnProcesses ownProcesses,
                String remotePoolMode, RunJvms jvms, RunPipeline pipeline) {
        this.options = options;
        this.java = java;
        this.dir = dir;
        this.app = app;
        this.appStopper = stopApp;
        this.database = database;
        this.dbProxy = dbProxy;
        this.ownProcesses = ownProcesses;
        this.remotePoolMode = remotePoolMode;
        this.jvms = jvms;
        this.pipeline = pipeline;
    }

    RunJvms jvms() {
        return jvms;
    }

    void progress(Progress progress) {
        this.progress = progress;
    }

    /** The app JVM of the current run, or null once stopped. */
    Process app() {
        return app.get();
    }

    /** Starts an app JVM as the current one (the class-data sharing training). */
    void startApp(String profile, Integer poolSize, RunVariant variant, Path runDir, int appPort, int managementPort,
                  List<String> extraFlags) throws IOException {
        app.set(jvms.startApp(profile, poolSize, variant, runDir, appPort, managementPort, extraFlags));
    }

    void stopApp() {
        appStopper.run();
    }

    /**
     * One run into runs/DIRNAME, its record written to run.json and runs.jsonl and shown.
     *
     * @param next the run that will follow this one, when already known: its JVMs start during
     *             this run's report check; null for none
     */
    ObjectNode record(RunPlan.Planned planned, String dirName, String rerunOf, Path loadJar, RunPlan.Planned next)
            throws IOException, InterruptedException {
        Path runDir = dir.resolve("runs").resolve(dirName);
        ObjectNode record = runOne(planned, dirName, loadJar, runDir, rerunOf == null ? "" : " (re-run)", next);
        record.put("runDir", dirName);
        if (rerunOf != null) {
            record.put("rerunOf", rerunOf);
        }
        Json.write(runDir.resolve("run.json"), record);
        Files.writeString(dir.resolve("runs.jsonl"), Json.line(record) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        progress.message(RunRecords.runLine(record));
        return record;
    }

    /** Starts the app JVM and the load JVM of a local run (now, or ahead of it). */
    private RunPipeline.Prepared prepare(RunPlan.Planned planned, String dirName, Path loadJar) throws IOException {
        Path runDir = Files.createDirectories(dir.resolve("runs").resolve(dirName));
        AppLaunch launch = AppLaunch.start((d, appPort, managementPort) -> jvms.startApp(planned, d, appPort,
                managementPort), runDir);
        try {
            return new RunPipeline.Prepared(dirName, launch, LoadProcess.start(jvms.measuredLoadCommand(planned.variant(), loadJar,
                    launch.appUrl(), runDir, planned.dirName(), true)));
        } catch (IOException | RuntimeException e) {
            AppProcess.stop(launch.process());
            throw e;
        }
    }

    /** One planned run, end to end; never throws for a failure of the run itself. */
    private ObjectNode runOne(RunPlan.Planned planned, String dirName, Path loadJar, Path runDir, String labelSuffix,
                              RunPlan.Planned next) throws IOException, InterruptedException {
        Files.createDirectories(runDir);
        progress.runStarted(progress.nextIndex(), Progress.label(planned, Math.max(options.runs, planned.round()))
                + labelSuffix);
        long runStart = System.nanoTime();
        Map<String, Long> timings = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        JsonNode settings = null;
        JsonNode result = null;
        int exit = -1;
        PoolMetricsSampler poolSampler = null;
        PoolMetricsSummary poolMetrics = null;
        double proxyCpuSeconds = Double.NaN;
        DisturbanceSentinel sentinel = null;
        ObjectNode disturbance = null;
        URI appUrl = options.appUrl;
        URI managementUrl = options.managementUrl;
        String appCpus = null;
        Boolean startedAhead = null;
        Measure m = new Measure();
        Instant measureFrom = null;
        Instant measureTo = null;
        RunPipeline.Prepared prepared = null;
        try {
            LoadProcess.Started load = null;
            if (options.remote()) {
                progress.phase("reset", 0);
                timings.put("resetMillis", timed(() -> reset(runDir)));
            } else {
                // Both JVMs start (unless the previous run started them ahead) while the database
                // is reset: the app touches no table before it serves, the load JVM waits for a line.
                progress.phase("start + reset", 0);
                prepared = pipeline.take(dirName);
                startedAhead = prepared != null;
                if (prepared == null) {
                    prepared = prepare(planned, dirName, loadJar);
                }
                AppLaunch launch = prepared.app();
                app.set(launch.process());
                load = prepared.load();
                appUrl = launch.appUrl();
                managementUrl = launch.managementUrl();
                appCpus = ProcFs.allowedCpus(launch.process().pid());
                timings.put("resetMillis", timed(() -> reset(runDir)));
                if (options.warmupSeconds > 0) {
                    // The spare for the next reset is refilled during the warm-up, which is not measured.
                    database.get().refillSpareInBackground();
                }
                progress.phase("start", 0);
                long ready = launch.awaitReady();
                timings.put("appStartMillis", (ready - launch.startNanos()) / 1_000_000);
                // What this run waited for; the rest was hidden behind the previous run's report check.
                timings.put("appStartWaitMillis", Math.max(0, ready - runStart) / 1_000_000);
            }

            settings = AppProcess.getJson(managementUrl.resolve("/actuator/poolsettings"));
            Json.write(runDir.resolve("poolsettings.json"), settings);
            String profileThere = PoolSettings.profile(settings);
            if (profileThere != null && !profileThere.equals(planned.appProfile())) {
                problems.add("app runs profile " + profileThere + ", expected " + planned.appProfile());
            }
            if (!options.remote()) {
                problems.addAll(ThreadsCheck.problems(settings, planned.variant()));
            }

            // One load JVM per run: its warm-up (unscored, in the same JVM, so the measured
            // window starts on a JIT-compiled load generator), then on its "warmup-done" the
            // database reset and the samplers, then the measured run.
            boolean warmup = options.warmupSeconds > 0;
            URI metricsUrl = managementUrl.resolve("/actuator/prometheus");
            long[] startSent = {System.nanoTime()};
            long readWaitFrom = System.nanoTime();
            if (options.remote()) {
                // No head start there: the load JVM starts now and runs at once.
                load = LoadProcess.start(jvms.measuredLoadCommand(planned.variant(), loadJar, appUrl, runDir, planned.dirName(), false));
                if (!warmup) {
                    m.begin(metricsUrl, runDir);
                }
            }
            exit = LoadProcess.run(load, runDir.resolve("load.log"), (left, success, fail) -> {
                if (m.sentinel != null) {
                    m.sentinel.loadProgress(left);
                }
                progress.live(left, success, fail);
            }, new LoadProcess.Hooks() {
                @Override
                public void beforeStart() {
                    // The load JVM has read its data: what it still had to do before "ready" was waited for.
                    timings.put("loadReadyWaitMillis", (System.nanoTime() - readWaitFrom) / 1_000_000);
                    progress.phase(warmup ? "warm-up" : "measure", warmup ? options.warmupSeconds : options.durationSeconds);
                    if (!warmup) {
                        awaitPreviousApp(timings);
                        m.begin(metricsUrl, runDir);
                    }
                    startSent[0] = System.nanoTime();
                }

                @Override
                public void betweenWarmupAndMeasure() {
                    timings.put("warmupMillis", (System.nanoTime() - startSent[0]) / 1_000_000);
                    progress.phase("reset", 0);
                    timings.put("warmupResetMillis", timed(() -> reset(runDir)));
                    // The previous run's app stopped during the warm-up.
                    awaitPreviousApp(timings);
                    progress.phase("measure", options.durationSeconds);
                    m.begin(metricsUrl, runDir);
                }

                @Override
                public void loadDone() {
                    LocalDatabase db = database.get();
                    if (db != null) {
                        // The measured window is over: the spare for the next reset is refilled now.
                        db.refillSpareInBackground();
                    }
                    if (next != null && !options.remote()) {
                        pipeline.prepareAhead(next, (planned, name) -> prepare(planned, name, loadJar));
                    }
                }
            });
            poolSampler = m.poolSampler;
            sentinel = m.sentinel;
            if (sentinel == null) {
                throw new IllegalStateException("load run failed (exit " + exit + ") before its measured part: "
                        + lastLine(runDir.resolve("load.log")));
            }
            long t = m.startNanos;
            double proxyCpuStart = m.proxyCpuStart;
            measureFrom = m.from;
            measureTo = Instant.now();
            proxyCpuSeconds = dbProxy.get() == null ? Double.NaN : dbProxy.get().cpuSeconds() - proxyCpuStart;
            sentinel.loadPhases(t, System.nanoTime(), timings);
            disturbance = stopSentinel(sentinel, runDir);
            long measureMillis = (System.nanoTime() - t) / 1_000_000;
            timings.put("measureMillis", measureMillis);
            timings.put("measureOverheadMillis", Math.max(0, measureMillis - options.durationSeconds * 1_000L));
            if (exit == 2) {
                problems.add("load run failed (exit 2): " + lastLine(runDir.resolve("load.log")));
            }
        } catch (RuntimeException | IOException e) {
            problems.add(String.valueOf(e.getMessage()).lines().findFirst().orElse(e.toString()));
            progress.message("run " + planned.dirName() + " failed: " + e.getMessage());
            if (prepared != null) {
                prepared.load().discard();
            }
        } finally {
            // Started by the warm-up's end even when the run failed after it.
            poolSampler = poolSampler != null ? poolSampler : m.poolSampler;
            sentinel = sentinel != null ? sentinel : m.sentinel;
            if (poolSampler != null) {
                poolMetrics = poolSampler.stop();
            }
            if (sentinel != null && disturbance == null) {
                disturbance = stopSentinel(sentinel, runDir);
            }
            if (options.remote()) {
                stopApp();
            } else {
                // Stopped in the background: the next run resets the database meanwhile.
                pipeline.retire(app.getAndSet(null));
            }
        }
        Path resultFile = runDir.resolve("result.json");
        if (Files.isRegularFile(resultFile)) {
            result = Json.read(resultFile);
        }
        long total = (System.nanoTime() - runStart) / 1_000_000;
        timings.put("totalMillis", total);
        timings.put("fixedCostMillis", total - timings.getOrDefault("warmupMillis", 0L)
                - options.durationSeconds * 1_000L);
        progress.runFinished();

        ObjectNode record = RunRecords.build(planned.round(), planned.profile(), planned.poolSize(),
                options.remote() ? remotePoolMode : options.poolMode, result, settings, problems, planned.dirName());
        record.put("sequence", planned.sequence());
        record.put("order", options.order);
        record.put("warmupSeconds", options.warmupSeconds);
        record.put("loadExitStatus", exit);
        if (poolMetrics != null) {
            record.set("poolMetrics", poolMetrics.json());
        }
        if (!options.remote()) {
            if (options.appJfr()) {
                // Its recording is dumped when the app exits.
                pipeline.awaitRetired();
            }
            // The app has stopped: its recording (if any) was dumped on exit.
            ThreadsCheck.addToRecord(record, planned.variant(), java, options.appJfr() && measureTo != null
                    ? AppJfr.read(runDir, measureFrom, measureTo) : null);
        }
        DbDistanceRecord.addToRun(record, options.dbDistance, proxyCpuSeconds);
        if (disturbance != null) {
            record.put("disturbed", disturbance.path("disturbed").asBoolean());
            record.set("disturbance", disturbance);
            if (disturbance.path("disturbed").asBoolean()) {
                progress.message("WARNING: run " + runDir.getFileName() + " was disturbed: "
                        + DisturbanceSentinel.reasons(disturbance));
            }
        }
        if (options.cpus != null) {
            ObjectNode cpus = options.cpus.json();
            cpus.put("appReadBack", appCpus);
            record.set("cpus", cpus);
        }
        ObjectNode timingNode = record.putObject("timings");
        timings.forEach(timingNode::put);
        if (startedAhead != null) {
            // Its app and load JVMs were started during the previous run's report check.
            timingNode.put("startedAhead", startedAhead);
        }
        ObjectNode versions = record.putObject("versions");
        versions.put("appJvm", settings == null ? null : Json.text(settings, "jvm.version"));
        versions.put("loadJvm", System.getProperty("java.version"));
        versions.put("runnerJvm", System.getProperty("java.version"));
        versions.put("database", database.get() != null ? database.get().version()
                : settings == null ? null : Json.text(settings, "serverVersion"));
        versions.put("driver", settings == null ? null : Json.text(settings, "driverVersion"));
        return record;
    }

    /** The previous run's app stops in the background; it must be gone before a measured window begins. */
    private void awaitPreviousApp(Map<String, Long> timings) {
        try {
            timings.put("previousAppStopWaitMillis", pipeline.awaitRetired());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the previous app stopped");
        }
    }

    /** The measured window's samplers, started when the measured load begins (after the warm-up). */
    private final class Measure {
        volatile PoolMetricsSampler poolSampler;
        volatile DisturbanceSentinel sentinel;
        volatile long startNanos;
        volatile double proxyCpuStart = Double.NaN;
        volatile Instant from;

        void begin(URI metricsUrl, Path runDir) {
            // Pool behaviour during the measured run: scrapes :mgmt/actuator/prometheus once a second.
            poolSampler = PoolMetricsSampler.start(metricsUrl, runDir);
            sentinel = DisturbanceSentinel.start(ownProcesses);
            DbProxy proxy = dbProxy.get();
            proxyCpuStart = proxy == null ? Double.NaN : proxy.cpuSeconds();
            startNanos = System.nanoTime();
            from = Instant.now();
        }
    }

    private ObjectNode stopSentinel(DisturbanceSentinel sentinel, Path runDir) {
        Path resultFile = runDir.resolve("result.json");
        JsonNode result = null;
        try {
            result = Files.isRegularFile(resultFile) ? Json.read(resultFile) : null;
        } catch (IOException | RuntimeException e) {
            // no load generator figure for this run
        }
        return sentinel.stop(options.remote() ? null : runDir.resolve("gc.log"), result, options.disturbanceThresholds);
    }

    private void reset(Path runDir) {
        LocalDatabase db = database.get();
        if (db != null) {
            db.swapReset();
        } else {
            RemoteReset.reset(options, runDir);
        }
    }

    private static long timed(Runnable action) {
        long t = System.nanoTime();
        action.run();
        return (System.nanoTime() - t) / 1_000_000;
    }

    private static String lastLine(Path log) {
        return AppProcess.tail(log, 1).strip();
    }
}
