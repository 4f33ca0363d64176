package dev.poolbench.bench.compare.run;

import dev.poolbench.bench.compare.db.DbProxy;
import dev.poolbench.bench.compare.db.LocalDatabase;
import dev.poolbench.bench.compare.jvm.AppJfr;
import dev.poolbench.bench.compare.jvm.ClassDataSharing;
import dev.poolbench.bench.compare.jvm.JvmOptionsTemplate;
import dev.poolbench.bench.compare.launch.LaneHosts;
import dev.poolbench.bench.compare.launch.LoadProcess;
import dev.poolbench.bench.compare.monitoring.ComparisonMonitoring;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.redis.LocalRedis;
import dev.poolbench.bench.compare.variant.SessionStore;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The two JVMs of a local run: the app JVM (on the variant's JDK, with the rendered
 * {@code webapp/jvm.options}, its class-data sharing archive and the pool's environment) and the
 * load JVM ({@code LoadMain run} with {@link Comparison#LOAD_JVM_OPTIONS}). Also used by the
 * class-data sharing training ({@link CdsPreparation}).
 */
public final class RunJvms {

    private final CompareOptions options;
    private final String java;
    private final Path data;
    private final Path dir;
    // Read at each use: the shutdown hook closes and clears them.
    private final Supplier<LocalDatabase> database;
    private final Supplier<DbProxy> dbProxy;
    private final Supplier<LocalRedis> redis;
    /** The jar each app build runs, by {@link #buildKey}: the snapshot copy, or its extracted copy with --cds. */
    private final Map<String, Path> appJars;
    /** Class-data sharing per app build (each jar has its own archives); empty without --cds. */
    private final Map<String, ClassDataSharing> cdsByBuild = new HashMap<>();
    private final Path loadLib;

    /** @param appJars the jar of each app build by {@link #buildKey} ("" = the tree's own jar) */
    public RunJvms(CompareOptions options, String java, Path data, Path dir, Supplier<LocalDatabase> database,
            Supplier<DbProxy> dbProxy, Map<String, Path> appJars, Path loadLib) {
        this(options, java, data, dir, database, dbProxy, () -> null, appJars, loadLib);
    }

    /** @param redis the comparison's redis-server, for the variants with a Redis session store (null: none) */
    public RunJvms(CompareOptions options, String java, Path data, Path dir, Supplier<LocalDatabase> database,
            Supplier<DbProxy> dbProxy, Supplier<LocalRedis> redis, Map<String, Path> appJars, Path loadLib) {
        this.options = options;
        this.redis = redis;
        this.java = java;
        this.data = data;
        this.dir = dir;
        this.database = database;
        this.dbProxy = dbProxy;
        this.appJars = new HashMap<>(appJars);
        this.loadLib = loadLib;
    }

    /** The key of a variant's app build: its name, "" for the tree's own jar. */
    public static String buildKey(RunVariant variant) {
        return variant.appName() == null ? "" : variant.appName();
    }

    /** The jar a variant's app build runs. */
    public Path appJar(RunVariant variant) {
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

    /**
     * The app JVM of a planned run, with what class-data sharing has for its JDK: the AOT cache of
     * its release (JDK 25+), else the class archive when it runs on the runner's JDK, else nothing.
     */
    Process startApp(RunPlan.Planned planned, LaneHosts lanes, Path runDir, int appPort, int managementPort)
            throws IOException {
        LaneHosts.LaneHost lane = lanes.lane(planned.laneIndex());
        return startApp(planned.appProfile(), planned.poolSize(), planned.variant(), runDir, appPort, managementPort,
                cdsFlags(planned.variant()), new AppDatabase(lane.appDbPort(), lane.databaseName()),
                command -> lanes.wrap(lane.index(), command));
    }

    /** The database an app connects to: the port (its server's, or the proxy's in front) and the name there. */
    private record AppDatabase(int port, String name) {
    }

    /** The class-data sharing flags of a variant's app JVM (see {@link #startApp(RunPlan.Planned, Path, int, int)}). */
    List<String> cdsFlags(RunVariant variant) {
        ClassDataSharing cds = cds(variant);
        if (cds == null) {
            return List.of();
        }
        if (variant.feature() >= ClassDataSharing.AOT_CACHE_SINCE) {
            List<String> aot = ClassDataSharing.useAotCache(cds.aotCache(variant.jdkVersion()));
            if (!aot.isEmpty()) {
                return aot;
            }
        }
        // The dynamic class archive is the runner JDK's: an app on another JDK starts without one.
        return variant.onRunnerJdk() ? ClassDataSharing.use(cds.appArchive()) : List.of();
    }

    /** Starts the app JVM on the variant's JDK and thread mode (JFR on when the plan has virtual threads). */
    Process startApp(String profile, Integer poolSize, RunVariant variant, Path runDir, int appPort, int managementPort,
                     List<String> extraFlags) throws IOException {
        DbProxy proxy = dbProxy.get();
        return startApp(profile, poolSize, variant, runDir, appPort, managementPort, extraFlags,
                new AppDatabase(proxy != null ? proxy.port() : database.get().port(), LocalDatabase.DATABASE),
                UnaryOperator.identity());
    }

    /**
     * As above, on the given database (a duet's second lane has its own copy, or its own server),
     * its command placed on its lane's CPUs by {@code placement}.
     */
    private Process startApp(String profile, Integer poolSize, RunVariant variant, Path runDir, int appPort,
                             int managementPort, List<String> extraFlags, AppDatabase appDatabase,
                             UnaryOperator<List<String>> placement) throws IOException {
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
        Map<String, String> env = appEnvironment(poolSize, variant, appPort, managementPort, appDatabase);
        Files.writeString(runDir.resolve("app-command.txt"), String.join(" ", command) + "\n"
                + env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).reduce((a, b) -> a + "\n" + b)
                .orElse("") + "\n");
        if (options.cpus != null) {
            command = options.cpus.wrap("app", command);
        }
        command = placement.apply(command);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(runDir.resolve("app.log").toFile());
        builder.environment().putAll(env);
        return builder.start();
    }

    /** The app's environment: database, pool, threads, session store, ports. */
    private Map<String, String> appEnvironment(Integer poolSize, RunVariant variant, int appPort, int managementPort,
                                               AppDatabase appDatabase) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("ISU4_DB_HOST", "127.0.0.1");
        // Through the distance proxy when there is one (the reset goes to the database directly).
        LocalDatabase db = database.get();
        env.put("ISU4_DB_PORT", String.valueOf(appDatabase.port()));
        env.put("ISU4_DB_USER", db.user());
        env.put("ISU4_DB_PASSWORD", db.password());
        env.put("ISU4_DB_NAME", appDatabase.name());
        env.put("POOLBENCH_DATABASE", options.database);
        env.put("POOLBENCH_POOL_MODE", options.poolMode);
        if (poolSize != null) {
            env.put("POOLBENCH_POOL_SIZE", String.valueOf(poolSize));
        }
        env.put("POOLBENCH_THREADS", variant.threads().label());
        // Always set: a POOLBENCH_PLANT in the runner's own environment must not plant in every run.
        env.put("POOLBENCH_PLANT", variant.plant().label());
        env.putAll(sessionEnvironment(variant.session(), options.redisPoolSize, redis.get()));
        env.put("SERVER_PORT", String.valueOf(appPort));
        env.put("POOLBENCH_MANAGEMENT_PORT", String.valueOf(managementPort));
        if (options.prometheus) {
            env.putAll(ComparisonMonitoring.APP_ENVIRONMENT);
        }
        return env;
    }

    /**
     * The session store's variables: memory only {@code POOLBENCH_SESSION_STORE=memory}; a Redis
     * store also its mode, pool size and the comparison's redis-server.
     */
    public static Map<String, String> sessionEnvironment(SessionStore store, int poolSize, LocalRedis server) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("POOLBENCH_SESSION_STORE", store.store());
        if (store.redis()) {
            if (server == null) {
                throw new IllegalStateException("session store " + store.label() + " without a redis-server");
            }
            env.put("POOLBENCH_REDIS_MODE", store.mode());
            env.put("POOLBENCH_REDIS_POOL_SIZE", String.valueOf(poolSize));
            env.put("POOLBENCH_REDIS_HOST", server.host());
            env.put("POOLBENCH_REDIS_PORT", String.valueOf(server.port()));
        }
        return env;
    }

    static Map<String, String> templateValues(CompareOptions options, Path logDir) {
        return Map.of("heap", options.heap, "gc", options.gc, "log_dir", logDir.toString());
    }

    /** The load JVM of a measured run, with its class archive (see {@link #loadCommand}). */
    List<String> measuredLoadCommand(RunVariant variant, Path loadJar, URI appUrl, Path runDir, String label,
                                     boolean awaitStart) {
        ClassDataSharing cds = cds(variant);
        return loadCommand(cds, loadJar, appUrl, runDir, options.durationSeconds, label,
                CdsPreparation.loadFlags(cds), true, awaitStart);
    }

    /**
     * @param cds          the class-data sharing whose copy of the load jars runs, or null (the jars as built)
     * @param measured     a measured run (with the in-JVM warm-up when there is one, the report
     *                     check); otherwise a plain unscored run (the class-data-sharing training)
     * @param awaitStart   the JVM reads its data, prints {@code ready} and waits for a line before
     *                     its first request, and prints {@code load-done} after the measured load
     */
    List<String> loadCommand(ClassDataSharing cds, Path loadJar, URI appUrl, Path outDir, int seconds, String label, List<String> extraFlags,
                             boolean measured, boolean awaitStart) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(LoadProcess.LOAD_JVM_OPTIONS);
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
        if (awaitStart) {
            command.add("-Dpoolbench.awaitStart=true");
        }
        command.add("-cp");
        command.add(cds != null ? cds.loadClassPath() : loadJar + File.pathSeparator + loadLib + File.separator + "*");
        command.add(LoadProcess.LOAD_MAIN);
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
}
