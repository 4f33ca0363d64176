package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.sql.SchemaVariant;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import dev.poolbench.bench.compare.db.DbDistanceRecord;
import dev.poolbench.bench.compare.db.DbProxy;
import dev.poolbench.bench.compare.db.LocalDatabase;
import dev.poolbench.bench.compare.jvm.JdkHome;
import dev.poolbench.bench.compare.jvm.JvmOptionsTemplate;
import dev.poolbench.bench.compare.machine.HostFacts;
import dev.poolbench.bench.compare.machine.OwnProcesses;
import dev.poolbench.bench.compare.plan.AppBuild;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.report.PrecisionRule;
import dev.poolbench.bench.compare.report.Summarizer;
import dev.poolbench.bench.compare.util.Json;

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
    /**
     * The load JVM's options: the two {@code --add-opens} Gatling needs, and C1 only
     * ({@code TieredStopAtLevel=1}): a run's load JVM lives about 90 s, and C2 was still
     * compiling Gatling and Netty 40 s into the measured minute (0.5-1.9 ms of CPU per passed
     * page on this 2-core machine, taken from the app), far more than C1's slower code costs
     * (bench/README.md, "What the load generator costs"). Ansible's bench.yml passes the same.
     */
    public static final List<String> LOAD_JVM_OPTIONS = List.of(
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
            "-XX:TieredStopAtLevel=1");

    private final CompareOptions options;
    private final PrintStream out = System.out;
    private final AtomicReference<Process> app = new AtomicReference<>();
    private final RunPipeline pipeline = new RunPipeline(line -> {
        Progress p = this.progress;
        if (p != null) {
            p.message(line);
        }
    });
    private volatile LocalDatabase database;
    private volatile DbProxy dbProxy;
    private volatile boolean interrupted;
    private Progress progress;
    private Path snapshot;
    private String remotePoolMode;
    private Integer remoteSize;
    /** Our own processes: their CPU is the measured work, anything else disturbs it (another part adds a proxy here). */
    final OwnProcesses ownProcesses = OwnProcesses.ofComparison(app::get, LoadProcess.CURRENT::get);

    public Comparison(CompareOptions options) {
        this.options = options;
    }

    public int run() throws Exception {
        long startNanos = System.nanoTime();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        checkBuilt(LOAD_JAR.toAbsolutePath(), "bench/load");
        if (!options.remote()) {
            if (options.appBuilds == null) {
                checkBuilt(WEBAPP_JAR.toAbsolutePath(), "webapp");
            }
            // Render once up front: a broken template stops the comparison before anything starts.
            JvmOptionsTemplate.render(options.jvmOptions, RunJvms.templateValues(options, Path.of("/tmp")));
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
        jvms.put("app", options.javas == null ? java + " (same JVM as the runner; version read back per run)"
                : "--java: " + options.javas.stream().map(JdkHome::java).toList() + " (version read back per run)");
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
        Path loadLib = LOAD_JAR.toAbsolutePath().resolveSibling("lib");
        jvms.put("loadJarSha256", sha256(loadJar));
        Map<String, Path> appJars = new LinkedHashMap<>();
        if (!options.remote() && options.appBuilds == null) {
            Path webappJar = Files.copy(WEBAPP_JAR, snapshot.resolve("poolbench-webapp.jar"));
            appJars.put("", webappJar);
            environment.put("webappJarSha256", sha256(webappJar));
        } else if (!options.remote()) {
            // --app-jar: each build from its own copy, named after the build.
            ArrayNode builds = environment.putArray("appBuilds");
            for (AppBuild build : options.appBuilds) {
                // Each in its own folder under the jar's usual name: Boot's extract (class-data
                // sharing) names what it writes after the jar it extracts.
                Path copy = Files.copy(build.jar(), Files.createDirectories(snapshot.resolve("app-" + build.name()))
                        .resolve(WEBAPP_JAR.getFileName()));
                appJars.put(build.name(), copy);
                builds.addObject().put("name", build.name()).put("jar", build.jar().toAbsolutePath().toString())
                        .put("sha256", sha256(copy));
            }
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
                // The proxy's CPU is part of the comparison (shown per run), not a disturbance.
                long proxyPid = dbProxy.pid();
                ownProcesses.add(() -> Set.of(proxyPid));
            }
            environment.set("dbDistance", DbDistanceRecord.environment(options.dbDistance, dbProxy));
            if (options.cpus != null) {
                options.cpus.pin("db", OwnProcesses.databasePid().orElseThrow(() ->
                        new IllegalStateException("--cpus db=...: the embedded MariaDB process was not found")));
            }
        }
        Json.write(dir.resolve("environment.json"), environment);

        RunJvms runJvms = new RunJvms(options, java, data, dir, () -> database, () -> dbProxy, appJars, loadLib);
        MeasuredRun measuredRun = new MeasuredRun(options, java, dir, app, this::stopApp, () -> database,
                () -> dbProxy, ownProcesses, remotePoolMode, runJvms, pipeline);
        List<String> profiles = options.remote() ? List.of(remoteProfile) : options.profiles;
        if (options.cds && !options.remote()) {
            loadJar = CdsPreparation.prepare(measuredRun, java, loadJar, profiles, environment, options, out);
        }
        Path loadJarToRun = loadJar;
        List<Integer> sizes = options.remote() ? Collections.singletonList(remoteSize) : options.sizes();
        for (String skipped : options.skippedVariants) {
            out.println("not run: " + skipped);
        }
        RunPlan plan = RunPlan.create(profiles, sizes, options.variants, options.runs, options.maxRuns == null ? options.runs
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
            measuredRun.progress(p);
            Reruns reruns = new Reruns(options.rerunDisturbed);
            Reruns.Runner runner = (planned, dirName, rerunOf) ->
                    measuredRun.record(planned, dirName, rerunOf, loadJarToRun, null);
            Iterator<RunPlan.Planned> runs = plan.iterator();
            RunPlan.Planned planned = runs.hasNext() ? runs.next() : null;
            while (planned != null && !interrupted) {
                p.totalRuns(plan.plannedRuns());
                // The next run, when it is known already, starts its JVMs during this run's report check.
                RunPlan.Planned next = nextKnownNow(plan, planned) && runs.hasNext() ? runs.next() : null;
                ObjectNode record = measuredRun.record(planned, planned.dirName(), null, loadJarToRun, next);
                appVersion = appVersion != null ? appVersion : Json.text(record, "versions.appJvm");
                reruns.offer(planned, planned.dirName(), record);
                plan.record(RunRecord.of(record));
                planned = next != null ? next : runs.hasNext() ? runs.next() : null;
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
            pipeline.close();
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

    /**
     * Whether the run after {@code current} can be asked for before {@code current} is recorded:
     * always, but at the end of a round of {@code --until-precision}, whose rule decides on the
     * runs recorded so far whether another round follows.
     */
    private boolean nextKnownNow(RunPlan plan, RunPlan.Planned current) {
        return options.untilPrecisionPercent == null || "sequential".equals(options.order)
                || current.sequence() % plan.roundSize() != 0;
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
        // The next run's JVMs, if started ahead, and the app JVMs still stopping.
        pipeline.close();
        closeProxy();
        LocalDatabase db = database;
        database = null;
        LocalDatabase.closeQuietly(db, "compare");
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
        try (var files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
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
}
