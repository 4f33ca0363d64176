package dev.poolbench.bench.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSampler;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSummary;
import dev.poolbench.sql.DatabaseReset;
import dev.poolbench.sql.SchemaVariant;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code compare}: the whole comparison. Local mode: data, embedded MariaDB, then per planned
 * run reset → fresh app JVM → health → pool settings → warm-up → reset → measured run → stop.
 * Remote mode: the same rounds against an app that runs elsewhere, reset by a command or JDBC.
 * Ends with the summary (see {@link Summarizer}); the exit status is its verdict.
 */
public final class Comparison {

    public static final Path WEBAPP_JAR = Path.of("webapp", "target", "poolbench-webapp.jar");
    public static final Path LOAD_JAR = Path.of("bench", "load", "target", "poolbench-load.jar");
    public static final Path STATE = Path.of(".poolbench");
    public static final String LOAD_MAIN = "dev.poolbench.bench.load.LoadMain";
    public static final List<String> LOAD_JVM_OPTIONS = List.of(
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");

    private final CompareOptions options;
    private final PrintStream out = System.out;
    private final AtomicReference<Process> app = new AtomicReference<>();
    private volatile LocalDatabase database;
    private volatile DbProxy dbProxy;
    private volatile boolean interrupted;
    private Progress progress;
    private Path snapshot;
    private String remotePoolMode;
    private Integer remoteSize;
    private Path webappJar;
    private Path loadLib;
    private ClassDataSharing cds;
    /** Our own processes: their CPU is the measured work, anything else disturbs it (another part adds a proxy here). */
    final OwnProcesses ownProcesses = OwnProcesses.ofComparison(app::get, LoadProcess.CURRENT::get);

    Comparison(CompareOptions options) {
        this.options = options;
    }

    int run() throws Exception {
        long startNanos = System.nanoTime();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        checkBuilt(LOAD_JAR.toAbsolutePath(), "bench/load");
        if (!options.remote()) {
            checkBuilt(WEBAPP_JAR.toAbsolutePath(), "webapp");
            // Render once up front: a broken template stops the comparison before anything starts.
            JvmOptionsTemplate.render(options.jvmOptions, templateValues(Path.of("/tmp")));
        }
        Path dir = resultsDir();
        Path runsDir = Files.createDirectories(dir.resolve("runs"));
        out.println("poolbench compare: results in " + dir);

        ObjectNode environment = Json.object();
        environment.put("schema", 1);
        environment.put("startedAt", DateTimeFormatter.ISO_INSTANT.format(Instant.now()));
        environment.set("options", options.toJson());
        environment.set("host", HostFacts.collect());
        ObjectNode jvms = environment.putObject("jvm");
        jvms.set("runner", HostFacts.runnerJvm());
        jvms.put("app", java + " (same JVM as the runner; version read back per run)");
        jvms.put("load", java);
        ArrayNode loadOptions = jvms.putArray("loadOptions");
        LOAD_JVM_OPTIONS.forEach(loadOptions::add);
        jvms.put("loadHeap", "JVM default (no -Xmx)");
        environment.put("gitCommit", HostFacts.gitCommit());
        Json.write(dir.resolve("environment.json"), environment);

        Runtime.getRuntime().addShutdownHook(new Thread(this::shutdown, "poolbench-shutdown"));
        // Run from copies of the jars: a rebuild during a long comparison must not change (or
        // break) the app between runs. Their checksums go into environment.json.
        Files.createDirectories(STATE);
        snapshot = Files.createTempDirectory(STATE.toAbsolutePath(), "jars-");
        Path loadJar = Files.copy(LOAD_JAR, snapshot.resolve("poolbench-load.jar"));
        loadLib = LOAD_JAR.toAbsolutePath().resolveSibling("lib");
        jvms.put("loadJarSha256", sha256(loadJar));
        if (!options.remote()) {
            webappJar = Files.copy(WEBAPP_JAR, snapshot.resolve("poolbench-webapp.jar"));
            environment.put("webappJarSha256", sha256(webappJar));
        }

        Path data = LocalDatabase.data(STATE.resolve("data"), options.seed, out::println);
        String remoteProfile = null;
        if (options.remote()) {
            URI settingsUrl = options.managementUrl.resolve("/actuator/poolsettings");
            JsonNode settings;
            try {
                settings = AppProcess.getJson(settingsUrl);
            } catch (IOException e) {
                throw new IllegalStateException("cannot read the remote app's pool settings at " + settingsUrl
                        + " (" + e + "); is the app running, and is --management-url right?");
            }
            remoteProfile = PoolSettings.profile(settings);
            if (remoteProfile == null) {
                remoteProfile = "remote";
            }
            // Remote mode records the pool as it is configured there: mode and size read back.
            remotePoolMode = Json.text(settings, "mode");
            String size = Json.text(settings, "requested.size");
            remoteSize = size == null || !size.matches("[0-9]+") ? null : Integer.valueOf(size);
            out.println("remote app at " + options.appUrl + ": profile " + remoteProfile
                    + ", pool mode " + remotePoolMode + (remoteSize == null ? "" : ", size " + remoteSize));
            ObjectNode remote = environment.putObject("remote");
            remote.put("profile", remoteProfile);
            remote.put("poolMode", remotePoolMode);
            remote.put("poolSize", remoteSize);
            ((ObjectNode) environment.get("options")).put("poolMode", remotePoolMode);
            ((ObjectNode) environment.get("options")).remove("schema");
            environment.put("databaseVersion", Json.text(settings, "serverVersion"));
        } else {
            database = LocalDatabase.start(options.dbPort, STATE.resolve("mariadb"), data, options.seed,
                    SchemaVariant.parse("--schema", options.schema), out::println);
            environment.put("databaseVersion", database.version());
            if (options.dbDistance.proxied()) {
                dbProxy = DbProxy.start(options.dbDistance, database.port(), dir.resolve("toxiproxy.log"), out::println);
            }
            environment.set("dbDistance", DbDistanceRecord.environment(options.dbDistance, dbProxy));
            if (options.cpus != null) {
                options.cpus.pin("db", OwnProcesses.databasePid().orElseThrow(() ->
                        new IllegalStateException("--cpus db=...: the embedded MariaDB process was not found")));
            }
        }
        Json.write(dir.resolve("environment.json"), environment);

        List<String> profiles = options.remote() ? List.of(remoteProfile) : options.profiles;
        if (options.cds && !options.remote()) {
            loadJar = prepareCds(java, loadJar, data, profiles, environment);
        }
        Path loadJarToRun = loadJar;
        List<Integer> sizes = options.remote() ? Collections.singletonList(remoteSize) : options.sizes();
        RunPlan plan = RunPlan.create(profiles, sizes, options.runs, options.maxRuns == null ? options.runs
                : options.maxRuns, options.order, options.untilPrecisionPercent == null ? null
                : new PrecisionRule(profiles, sizes, Json.text(environment, "options.reference"),
                        options.equivalenceMarginPercent, options.untilPrecisionPercent, m -> progress.message(m)));
        out.printf("%d runs: %s, %d round(s) %s%s, %d s measured + %d s warm-up each%n", plan.plannedRuns(),
                String.join(",", profiles), options.runs, options.order, options.untilPrecisionPercent == null ? ""
                        : " (then up to " + options.maxRuns + " until ±" + options.untilPrecisionPercent + " %)",
                options.durationSeconds, options.warmupSeconds);
        String appVersion = null;
        try (Progress p = new Progress(out, Progress.isTerminal(), plan.plannedRuns(),
                (options.durationSeconds + options.warmupSeconds) * 1_000L)) {
            progress = p;
            Reruns reruns = new Reruns(options.rerunDisturbed);
            Reruns.Runner runner = (planned, dirName, rerunOf) -> record(planned, dirName, rerunOf, java, loadJarToRun, data, dir);
            for (RunPlan.Planned planned : plan) {
                if (interrupted) {
                    break;
                }
                p.totalRuns(plan.plannedRuns());
                ObjectNode record = runner.run(planned, planned.dirName(), null);
                appVersion = appVersion != null ? appVersion : Json.text(record, "versions.appJvm");
                reruns.offer(planned, planned.dirName(), record);
                plan.record(RunRecord.of(record));
            }
            if (plan.stopReason() != null) {
                p.message(plan.stopReason());
                environment.put("roundsStopReason", plan.stopReason());
            }
            if (reruns.pending() > 0 && !interrupted) {
                p.addRuns(reruns.pending());
                p.message("re-running up to " + reruns.pending() + " disturbed run(s) (--rerun-disturbed "
                        + options.rerunDisturbed + ")");
                reruns.runAll(runner, () -> interrupted);
            }
        } finally {
            progress = null;
            stopApp();
            closeProxy();
            if (database != null) {
                database.close();
                database = null;
            }
            deleteSnapshot();
        }
        jvms.put("appVersion", appVersion);
        environment.put("finishedAt", DateTimeFormatter.ISO_INSTANT.format(Instant.now()));
        environment.put("wallMillis", (System.nanoTime() - startNanos) / 1_000_000);
        Json.write(dir.resolve("environment.json"), environment);
        out.println();
        return Summarizer.summarize(dir, out);
    }

    /** One run into runs/DIRNAME, its record written to run.json and runs.jsonl and shown. */
    private ObjectNode record(RunPlan.Planned planned, String dirName, String rerunOf, String java, Path loadJar,
                              Path data, Path dir) throws IOException, InterruptedException {
        Path runDir = dir.resolve("runs").resolve(dirName);
        ObjectNode record = runOne(planned, java, loadJar, data, runDir, rerunOf == null ? "" : " (re-run)");
        record.put("runDir", dirName);
        if (rerunOf != null) {
            record.put("rerunOf", rerunOf);
        }
        Json.write(runDir.resolve("run.json"), record);
        Files.writeString(dir.resolve("runs.jsonl"), Json.line(record) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        progress.message(runLine(record));
        return record;
    }

    /** One planned run, end to end; never throws for a failure of the run itself. */
    private ObjectNode runOne(RunPlan.Planned planned, String java, Path loadJar, Path data, Path runDir,
                              String labelSuffix) throws IOException, InterruptedException {
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
        try {
            if (options.remote()) {
                progress.phase("reset", 0);
                timings.put("resetMillis", timed(() -> reset(runDir)));
            } else {
                // The reset runs while the app JVM boots: the app touches no table before it is
                // ready, and this saves the reset's time from the fixed cost of every run.
                progress.phase("start + reset", 0);
                int appPort = freePort();
                int managementPort = freePort();
                appUrl = URI.create("http://127.0.0.1:" + appPort);
                managementUrl = URI.create("http://127.0.0.1:" + managementPort);
                long t = System.nanoTime();
                startApp(java, planned.appProfile(), planned.poolSize(), runDir, appPort, managementPort,
                        cds == null ? List.of() : ClassDataSharing.use(cds.appArchive(planned.appProfile())));
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

            if (options.warmupSeconds > 0) {
                progress.phase("warm-up", options.warmupSeconds);
                long t = System.nanoTime();
                int warmExit = LoadProcess.run(loadCommand(java, loadJar, appUrl, data, runDir.resolve("warmup"),
                        options.warmupSeconds, true, planned.dirName(), loadCdsFlags()), runDir.resolve("load.log"), progress::live);
                timings.put("warmupMillis", (System.nanoTime() - t) / 1_000_000);
                if (warmExit == 2) {
                    problems.add("warm-up run failed (exit 2): " + lastLine(runDir.resolve("load.log")));
                }
                progress.phase("reset", 0);
                timings.put("warmupResetMillis", timed(() -> reset(runDir)));
            }

            progress.phase("measure", options.durationSeconds);
            // Pool behaviour during the measured run: scrapes :mgmt/actuator/prometheus once a second.
            poolSampler = PoolMetricsSampler.start(managementUrl.resolve("/actuator/prometheus"), runDir);
            sentinel = DisturbanceSentinel.start(ownProcesses);
            long t = System.nanoTime();
            double proxyCpuStart = dbProxy == null ? Double.NaN : dbProxy.cpuSeconds();
            DisturbanceSentinel watching = sentinel;
            exit = LoadProcess.run(loadCommand(java, loadJar, appUrl, data, runDir, options.durationSeconds,
                    false, planned.dirName(), loadCdsFlags()), runDir.resolve("load.log"), (left, success, fail) -> {
                        watching.loadProgress(left);
                        progress.live(left, success, fail);
                    });
            proxyCpuSeconds = dbProxy == null ? Double.NaN : dbProxy.cpuSeconds() - proxyCpuStart;
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
        versions.put("database", database != null ? database.version()
                : settings == null ? null : Json.text(settings, "serverVersion"));
        versions.put("driver", settings == null ? null : Json.text(settings, "driverVersion"));
        return record;
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

    /** Class-data sharing prepared, archives trained where missing; returns the load jar to run. */
    private Path prepareCds(String java, Path loadJar, Path data, List<String> profiles, ObjectNode environment)
            throws IOException, InterruptedException {
        cds = ClassDataSharing.prepare(java, webappJar, loadJar, loadLib, out::println);
        webappJar = cds.appJar();
        loadLib = cds.loadLib();
        CdsTraining.train(cds, profiles, new CdsTraining.Hooks() {
            @Override
            public void startApp(String profile, List<String> flags, Path runDir, int appPort, int mgmtPort)
                    throws IOException {
                Comparison.this.startApp(java, profile, options.sizes().get(0), runDir, appPort, mgmtPort, flags);
            }

            @Override
            public void awaitReady(Path runDir, URI health, URI page) throws InterruptedException {
                AppProcess.awaitReady(app.get(), runDir.resolve("app.log"), health, page, AppProcess.HEALTH_TIMEOUT);
            }

            @Override
            public int load(List<String> flags, URI appUrl, Path outDir, int seconds)
                    throws IOException, InterruptedException {
                Files.createDirectories(outDir);
                return LoadProcess.run(loadCommand(java, cds.loadJar(), appUrl, data, outDir, seconds, true,
                        "cds-training", flags), outDir.resolve("load.log"), (left, success, fail) -> { });
            }

            @Override
            public void stopApp() {
                Comparison.this.stopApp();
            }

            @Override
            public void dumpLoadArchive() throws IOException, InterruptedException {
                cds.dumpLoadArchive(java, LOAD_JVM_OPTIONS);
            }
        }, out::println);
        ObjectNode node = environment.putObject("classDataSharing");
        node.put("dir", cds.dir().toString());
        node.put("loadArchive", Files.isRegularFile(cds.loadArchive()));
        profiles.forEach(p -> node.put("app-" + p, Files.isRegularFile(cds.appArchive(p))));
        return cds.loadJar();
    }

    private List<String> loadCdsFlags() {
        return cds == null ? List.of() : ClassDataSharing.use(cds.loadArchive());
    }

    private void startApp(String java, String profile, Integer poolSize, Path runDir, int appPort, int managementPort,
                          List<String> extraFlags) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(JvmOptionsTemplate.render(options.jvmOptions, templateValues(runDir.toAbsolutePath())));
        command.addAll(extraFlags);
        command.add("-jar");
        command.add(webappJar.toString());
        command.add("--spring.profiles.active=" + profile);
        Map<String, String> env = new LinkedHashMap<>();
        env.put("ISU4_DB_HOST", "127.0.0.1");
        // Through the distance proxy when there is one (the reset goes to the database directly).
        env.put("ISU4_DB_PORT", String.valueOf(dbProxy != null ? dbProxy.port() : database.port()));
        env.put("ISU4_DB_USER", database.user());
        env.put("ISU4_DB_PASSWORD", database.password());
        env.put("ISU4_DB_NAME", LocalDatabase.DATABASE);
        env.put("POOLBENCH_POOL_MODE", options.poolMode);
        if (poolSize != null) {
            env.put("POOLBENCH_POOL_SIZE", String.valueOf(poolSize));
        }
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

    private Map<String, String> templateValues(Path logDir) {
        return Map.of("heap", options.heap, "gc", options.gc, "log_dir", logDir.toString());
    }

    private List<String> loadCommand(String java, Path loadJar, URI appUrl, Path data, Path outDir, int seconds,
                                     boolean warmup, String label, List<String> extraFlags) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(LOAD_JVM_OPTIONS);
        command.addAll(extraFlags);
        if (warmup || !options.gatlingReport) {
            // Gatling's HTML report costs seconds of fixed cost per run; off unless asked for.
            command.add("-Dpoolbench.htmlReport=false");
        }
        command.add("-cp");
        command.add(cds != null ? cds.loadClassPath() : loadJar + File.pathSeparator + loadLib + File.separator + "*");
        command.add(LOAD_MAIN);
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
        command.add("--label=" + label + (warmup ? " warm-up" : ""));
        if (warmup) {
            command.add("--no-report-check");
        }
        return options.cpus == null ? command : options.cpus.wrap("load", command);
    }

    private void reset(Path runDir) {
        if (database != null) {
            database.reset();
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

    private void stopApp() {
        Process p = app.getAndSet(null);
        if (p != null) {
            AppProcess.stop(p);
        }
    }

    /** Ctrl-C: stop the load run, the app JVM and the database, in that order. */
    private void shutdown() {
        interrupted = true;
        if (database != null || app.get() != null) {
            System.err.println("\npoolbench compare: interrupted; stopping the load run, the app JVM and the "
                    + "database (results so far stay in " + options.results + ")");
        }
        Process load = LoadProcess.CURRENT.get();
        if (load != null) {
            load.destroy();
        }
        stopApp();
        closeProxy();
        LocalDatabase db = database;
        database = null;
        if (db != null) {
            try {
                db.close();
            } catch (RuntimeException e) {
                System.err.println("poolbench: could not stop the embedded MariaDB: " + e.getMessage());
            }
        }
        deleteSnapshot();
    }

    private void closeProxy() {
        DbProxy p = dbProxy;
        dbProxy = null;
        if (p != null) {
            p.close();
        }
    }

    private void deleteSnapshot() {
        Path dir = snapshot;
        snapshot = null;
        if (dir == null) {
            return;
        }
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // left behind under .poolbench/: harmless
        }
    }

    private static String sha256(Path file) throws IOException {
        try {
            var digest = java.security.MessageDigest.getInstance("SHA-256");
            try (var in = Files.newInputStream(file)) {
                byte[] buffer = new byte[1 << 16];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    digest.update(buffer, 0, n);
                }
            }
            return java.util.HexFormat.of().formatHex(digest.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private Path resultsDir() throws IOException {
        String stamp = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path dir = options.results.resolve(stamp);
        for (int i = 2; Files.exists(dir); i++) {
            dir = options.results.resolve(stamp + "-" + i);
        }
        return Files.createDirectories(dir);
    }

    private static void checkBuilt(Path jar, String module) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build it with ./mvnw -q -B -DskipTests package "
                    + "(./poolbench compare does this for you), or run from the repository root");
        }
    }

    private static String lastLine(Path log) {
        return AppProcess.tail(log, 1).strip();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    private static String runLine(ObjectNode r) {
        StringBuilder line = new StringBuilder();
        line.append(String.format(java.util.Locale.ROOT, "%-16s %s score %s success %s fail %s",
                Json.text(r, "runDir"), r.path("valid").asBoolean() ? "valid  " : "INVALID",
                Json.text(r, "score"), Json.text(r, "success"), Json.text(r, "fail")));
        double p99 = Json.number(r, "latencyMillis.p99");
        if (!Double.isNaN(p99)) {
            line.append(String.format(java.util.Locale.ROOT, " p99 %.0f ms", p99));
        }
        double fixed = Json.number(r, "timings.fixedCostMillis");
        line.append(String.format(java.util.Locale.ROOT, " | fixed cost %.1f s", fixed / 1000));
        line.append(DbDistanceRecord.runLinePart(r));
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
