package dev.poolbench.bench.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSampler;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSummary;
import dev.poolbench.sql.DatabaseReset;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * One measured run of a {@link Comparison}, end to end: reset, fresh app JVM (local mode), health,
 * pool settings, warm-up, reset, measured load run under the disturbance sentinel, stop; its record
 * written to run.json and runs.jsonl. Also starts the app and builds the load command for the
 * class-data sharing training ({@link CdsPreparation}).
 */
final class MeasuredRun {

    private final CompareOptions options;
    private final String java;
    private final Path data;
    private final Path dir;
    private final AtomicReference<Process> app;
    private final Runnable appStopper;
    // Read at each use: the shutdown hook closes and clears them.
    private final Supplier<LocalDatabase> database;
    private final Supplier<DbProxy> dbProxy;
    private final OwnProcesses ownProcesses;
    private final String remotePoolMode;
    /** The jar each app build runs, by {@link #buildKey}: the snapshot copy, or its extracted copy with --cds. */
    private final Map<String, Path> appJars;
    /** Class-data sharing per app build (each jar has its own archives); empty without --cds. */
    private final Map<String, ClassDataSharing> cdsByBuild = new HashMap<>();
    private final Path loadLib;
    private Progress progress;

    /** @param appJars the jar of each app build by {@link #buildKey} ("" = the tree's own jar) */
    MeasuredRun(CompareOptions options, String java, Path data, Path dir, AtomicReference<Process> app,
                Runnable stopApp, Supplier<LocalDatabase> database, Supplier<DbProxy> dbProxy,
                OwnProcesses ownProcesses, String remotePoolMode, Map<String, Path> appJars, Path loadLib) {
        this.options = options;
        this.java = java;
        this.data = data;
        this.dir = dir;
        this.app = app;
        this.appStopper = stopApp;
        this.database = database;
        this.dbProxy = dbProxy;
        this.ownProcesses = ownProcesses;
        this.remotePoolMode = remotePoolMode;
        this.appJars = new HashMap<>(appJars);
        this.loadLib = loadLib;
    }

    /** The key of a variant's app build in {@link #appJars}: its name, "" for the tree's own jar. */
    static String buildKey(RunVariant variant) {
        return variant.appName() == null ? "" : variant.appName();
    }

    /** The jar a variant's app build runs. */
    Path appJar(RunVariant variant) {
        return appJars.get(buildKey(variant));
    }

    Path loadLib() {
        return loadLib;
    }

    /** The class-data sharing of a variant's app build, or null (--cds off, or not prepared). */
    ClassDataSharing cds(RunVariant variant) {
        return cdsByBuild.get(buildKey(variant));
    }

    /**
     * From now on the variant's app build and the load JVMs of its runs run with the class-data
     * sharing archives (and jars) of {@code cds}.
     */
    void useCds(RunVariant variant, ClassDataSharing cds) {
        cdsByBuild.put(buildKey(variant), cds);
        appJars.put(buildKey(variant), cds.appJar());
    }

    void progress(Progress progress) {
        this.progress = progress;
    }

    /** The app JVM started last, or null once stopped. */
    Process app() {
        return app.get();
    }

    void stopApp() {
        appStopper.run();
    }

    /** One run into runs/DIRNAME, its record written to run.json and runs.jsonl and shown. */
    ObjectNode record(RunPlan.Planned planned, String dirName, String rerunOf, Path loadJar)
            throws IOException, InterruptedException {
        Path runDir = dir.resolve("runs").resolve(dirName);
        ObjectNode record = runOne(planned, loadJar, runDir, rerunOf == null ? "" : " (re-run)");
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

    /** One planned run, end to end; never throws for a failure of the run itself. */
    private ObjectNode runOne(RunPlan.Planned planned, Path loadJar, Path runDir, String labelSuffix)
            throws IOException, InterruptedException {
        Files.createDirectories(runDir);
        ClassDataSharing cds = cds(planned.variant());
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
        Measure m = new Measure();
        Instant measureFrom = null;
        Instant measureTo = null;
        try {
            if (options.remote()) {
                progress.phase("reset", 0);
                timings.put("resetMillis", timed(() -> reset(runDir)));
            } else {
                // The reset runs while the app JVM boots: the app touches no table before it is
                // ready, and this saves the reset's time from the fixed cost of every run.
                progress.phase("start + reset", 0);
                int appPort = FreePort.next();
                int managementPort = FreePort.next();
                appUrl = URI.create("http://127.0.0.1:" + appPort);
                managementUrl = URI.create("http://127.0.0.1:" + managementPort);
                long t = System.nanoTime();
                // The class archives are the runner JDK's: an app on another JDK starts without one.
                startApp(planned.appProfile(), planned.poolSize(), planned.variant(), runDir, appPort, managementPort,
                        cds == null || !planned.variant().onRunnerJdk() ? List.of()
                                : ClassDataSharing.use(cds.appArchive(planned.appProfile())));
                appCpus = ProcFs.allowedCpus(app.get().pid());
                timings.put("resetMillis", timed(() -> reset(runDir)));
                progress.phase("start", 0);
                AppProcess.awaitReady(app.get(), runDir.resolve("app.log"),
                        managementUrl.resolve("/actuator/health"), appUrl.resolve("/"), AppProcess.HEALTH_TIMEOUT);
                timings.put("appStartMillis", (System.nanoTime() - t) / 1_000_000);
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
            progress.phase(warmup ? "warm-up" : "measure", warmup ? options.warmupSeconds : options.durationSeconds);
            long loadStart = System.nanoTime();
            URI metricsUrl = managementUrl.resolve("/actuator/prometheus");
            if (!warmup) {
                m.begin(metricsUrl, runDir);
            }
            exit = LoadProcess.run(loadCommand(cds, loadJar, appUrl, runDir, options.durationSeconds,
                    planned.dirName(), CdsPreparation.loadFlags(cds), true), runDir.resolve("load.log"),
                    (left, success, fail) -> {
                        if (m.sentinel != null) {
                            m.sentinel.loadProgress(left);
                        }
                        progress.live(left, success, fail);
                    },
                    warmup ? () -> {
                        timings.put("warmupMillis", (System.nanoTime() - loadStart) / 1_000_000);
                        progress.phase("reset", 0);
                        timings.put("warmupResetMillis", timed(() -> reset(runDir)));
                        progress.phase("measure", options.durationSeconds);
                        m.begin(metricsUrl, runDir);
                    } : null);
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
            problems.add(e.getMessage().lines().findFirst().orElse(e.toString()));
            progress.message("run " + planned.dirName() + " failed: " + e.getMessage());
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
            progress.phase("stop", 0);
            long t = System.nanoTime();
            stopApp();
            if (!options.remote()) {
                timings.put("stopMillis", (System.nanoTime() - t) / 1_000_000);
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
        ObjectNode versions = record.putObject("versions");
        versions.put("appJvm", settings == null ? null : Json.text(settings, "jvm.version"));
        versions.put("loadJvm", System.getProperty("java.version"));
        versions.put("runnerJvm", System.getProperty("java.version"));
        versions.put("database", database.get() != null ? database.get().version()
                : settings == null ? null : Json.text(settings, "serverVersion"));
        versions.put("driver", settings == null ? null : Json.text(settings, "driverVersion"));
        return record;
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

    /** Starts the app JVM on the variant's JDK and thread mode (JFR on when the plan has virtual threads). */
    void startApp(String profile, Integer poolSize, RunVariant variant, Path runDir, int appPort, int managementPort,
                  List<String> extraFlags) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(variant.java(java));
        command.addAll(JvmOptionsTemplate.render(options.jvmOptions, templateValues(options, runDir.toAbsolutePath())));
        command.addAll(extraFlags);
        if (options.appJfr()) {
            Path jfc = dir.resolve(AppJfr.SETTINGS_FILE);
            command.addAll(AppJfr.flags(Files.isRegularFile(jfc) ? jfc : AppJfr.writeSettings(dir), runDir));
        }
        command.add("-jar");
        command.add(appJar(variant).toString());
        command.add("--spring.profiles.active=" + profile);
        Map<String, String> env = new LinkedHashMap<>();
        env.put("ISU4_DB_HOST", "127.0.0.1");
        // Through the distance proxy when there is one (the reset goes to the database directly).
        LocalDatabase db = database.get();
        DbProxy proxy = dbProxy.get();
        env.put("ISU4_DB_PORT", String.valueOf(proxy != null ? proxy.port() : db.port()));
        env.put("ISU4_DB_USER", db.user());
        env.put("ISU4_DB_PASSWORD", db.password());
        env.put("ISU4_DB_NAME", LocalDatabase.DATABASE);
        env.put("POOLBENCH_POOL_MODE", options.poolMode);
        if (poolSize != null) {
            env.put("POOLBENCH_POOL_SIZE", String.valueOf(poolSize));
        }
        env.put("POOLBENCH_THREADS", variant.threads().label());
        env.put("SERVER_PORT", String.valueOf(appPort));
        env.put("POOLBENCH_MANAGEMENT_PORT", String.valueOf(managementPort));
        Files.writeString(runDir.resolve("app-command.txt"), String.join(" ", command) + "\n"
                + env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).reduce((a, b) -> a + "\n" + b)
                .orElse("") + "\n");
        if (options.cpus != null) {
            command = options.cpus.wrap("app", command);
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(runDir.resolve("app.log").toFile());
        builder.environment().putAll(env);
        app.set(builder.start());
    }

    static Map<String, String> templateValues(CompareOptions options, Path logDir) {
        return Map.of("heap", options.heap, "gc", options.gc, "log_dir", logDir.toString());
    }

    /**
     * @param cds      the class-data sharing whose copy of the load jars runs, or null (the jars as built)
     * @param measured a measured run (with the in-JVM warm-up when there is one, the report
     *                 check); otherwise a plain unscored run (the class-data-sharing training)
     */
    List<String> loadCommand(ClassDataSharing cds, Path loadJar, URI appUrl, Path outDir, int seconds, String label,
                             List<String> extraFlags, boolean measured) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(Comparison.LOAD_JVM_OPTIONS);
        command.addAll(extraFlags);
        if (!measured || !options.gatlingReport) {
            // Gatling's HTML report costs seconds of fixed cost per run; off unless asked for.
            command.add("-Dpoolbench.htmlReport=false");
        }
        if (measured && options.warmupSeconds > 0) {
            // The warm-up runs in the measured run's JVM (out/warmup); it waits on stdin for the reset.
            command.add("-Dpoolbench.warmup=" + options.warmupSeconds);
            command.add("-Dpoolbench.awaitMeasure=true");
        }
        command.add("-cp");
        command.add(cds != null ? cds.loadClassPath() : loadJar + File.pathSeparator + loadLib + File.separator + "*");
        command.add(Comparison.LOAD_MAIN);
        command.add("run");
        command.add("--base-url=" + appUrl);
        command.add("--data=" + data.toAbsolutePath());
        if (options.workload != null) {
            command.add("--workload=" + options.workload);
        }
        command.add("--duration=" + seconds);
        command.add("--out=" + outDir.toAbsolutePath());
        // The same load seed for every run: each pool faces the same random draws (as far as
        // the server's timing lets the flows line up).
        command.add("--seed=" + options.seed);
        command.add("--label=" + label);
        if (!measured) {
            command.add("--no-report-check");
        }
        return options.cpus == null ? command : options.cpus.wrap("load", command);
    }

    private void reset(Path runDir) {
        LocalDatabase db = database.get();
        if (db != null) {
            db.reset();
        } else if (options.resetCommand != null) {
            try {
                Process p = new ProcessBuilder("bash", "-c", options.resetCommand).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(runDir.resolve("reset.log").toFile()))
                        .start();
                if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                    throw new IllegalStateException("--reset-command failed (see " + runDir.resolve("reset.log") + ")");
                }
            } catch (IOException e) {
                throw new IllegalStateException("--reset-command could not run: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted during reset");
            }
        } else {
            new DatabaseReset(options.resetJdbcUrl, options.dbUser == null ? "root" : options.dbUser,
                    options.dbPassword == null ? "" : options.dbPassword).reset();
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
