package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.db.DbDistanceRecord;
import dev.poolbench.bench.compare.db.DbProxy;
import dev.poolbench.bench.compare.db.LocalDatabase;
import dev.poolbench.bench.compare.jvm.AppJfr;
import dev.poolbench.bench.compare.launch.AppLaunch;
import dev.poolbench.bench.compare.launch.AppProcess;
import dev.poolbench.bench.compare.launch.LaneHosts;
import dev.poolbench.bench.compare.launch.LiveApps;
import dev.poolbench.bench.compare.launch.LoadProcess;
import dev.poolbench.bench.compare.launch.PlantCheck;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.launch.RunPipeline;
import dev.poolbench.bench.compare.launch.RunTarget;
import dev.poolbench.bench.compare.launch.SessionCheck;
import dev.poolbench.bench.compare.launch.ThreadsCheck;
import dev.poolbench.bench.compare.machine.OwnProcesses;
import dev.poolbench.bench.compare.machine.ProcFs;
import dev.poolbench.bench.compare.monitoring.ComparisonMonitoring;
import dev.poolbench.bench.compare.outcomes.RunOutcome;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.redis.LocalRedis;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The comparison on this machine: the embedded MariaDB (behind a distance proxy when asked),
 * a redis-server when the plan has a Redis session store, and a fresh app JVM per run started by the runner, with its load JVM, ahead of its run when
 * possible ({@link RunPipeline}).
 */
final class LocalSite implements RunSite {

    private final CompareOptions options;
    private final String java;
    private final LiveApps apps;
    private final RunPipeline pipeline;
    private final RunJvms jvms;
    private final Consumer<String> log;
    private final Path runsDir;
    // Read at each use: the shutdown hook closes and clears them.
    /** The lanes' database servers, proxies and CPUs ({@code --lanes}). */
    private volatile LaneHosts lanes;
    /** With --prometheus, else null. */
    private volatile ComparisonMonitoring monitoring;
    private volatile LocalRedis redis;
    private Path loadJar;

    private LocalSite(CompareOptions options, String java, Path dir, Path data, JarSnapshot jars, LiveApps apps,
                      Consumer<String> log) {
        this.options = options;
        this.java = java;
        this.apps = apps;
        this.log = log;
        this.runsDir = dir.resolve("runs");
        this.pipeline = new RunPipeline(log);
        this.jvms = new RunJvms(options, java, data, dir, this::primaryDatabase, this::primaryProxy, () -> redis,
                jars.appJars(), jars.loadLib());
        this.loadJar = jars.loadJar();
    }

    /** Starts the embedded database (and the distance proxy, the redis-server), their facts into environment.json. */
    static LocalSite start(CompareOptions options, String java, Path dir, Path data, JarSnapshot jars, LiveApps apps,
                           OwnProcesses ownProcesses, ComparisonEnvironment environment, Consumer<String> log)
            throws IOException, InterruptedException {
        LocalSite site = new LocalSite(options, java, dir, data, jars, apps, log);
        try {
            site.startServers(dir, data, ownProcesses, environment);
        } catch (IOException | InterruptedException | RuntimeException e) {
            site.close();
            throw e;
        }
        return site;
    }

    private void startServers(Path dir, Path data, OwnProcesses ownProcesses, ComparisonEnvironment environment)
            throws IOException, InterruptedException {
        // A duet's second lane runs on its own copy of the database: in the same server (shared
        // lanes) or in a server of its own on its own CPUs (isolated lanes).
        LaneHosts l = LaneHosts.start(options, dir, data, ownProcesses, log);
        lanes = l;
        environment.json().put("databaseVersion", l.primary().version());
        environment.json().set("dbDistance", DbDistanceRecord.environment(options.dbDistance, l.primaryProxy()));
        environment.json().set("lanePlacement", l.json());
        if (options.cpus != null) {
            options.cpus.pin("db", LaneHosts.serverPid(l.primary()).orElseThrow(() ->
                    new IllegalStateException("--cpus db=...: the " + options.database + " server process was not found")));
        }
        if (options.needsRedis()) {
            LocalRedis r = LocalRedis.start(dir.resolve("redis"), log);
            redis = r;
            // Its CPU serves the app's sessions: part of the comparison, like the proxy's.
            ownProcesses.add(() -> Set.of(r.pid()));
            environment.json().set("redis", r.environment());
        }
        if (options.prometheus) {
            startMonitoring(dir, ownProcesses, environment);
        }
    }

    /** --prometheus: Prometheus and its exporters, watching the database itself (not the proxy) and the host. */
    private void startMonitoring(Path dir, OwnProcesses ownProcesses, ComparisonEnvironment environment) {
        LocalDatabase database = primaryDatabase();
        ComparisonMonitoring m = ComparisonMonitoring.start(dir, new ComparisonMonitoring.DatabaseEndpoint("127.0.0.1",
                database.port(), database.user(), database.password()), log);
        monitoring = m;
        // The same for every run and pool: the comparison's own CPU, not a disturbance from outside.
        ownProcesses.add(m::pids);
        environment.json().putObject("prometheus").put("url", m.url().toString()).put("data", "prometheus/data");
    }

    /** The {@code variant} label of a run's series: what else it varies (size in a sweep, threads, JDK, build). */
    static String variantLabel(RunPlan.Planned planned) {
        String size = planned.sweep() && planned.poolSize() != null ? "size " + planned.poolSize() : "";
        return (size + " " + planned.variant().shortLabel()).trim();
    }

    @Override
    public List<String> profiles() {
        return options.profiles;
    }

    @Override
    public List<Integer> sizes() {
        return options.sizes();
    }

    @Override
    public String poolMode() {
        return options.poolMode;
    }

    @Override
    public void prepare(List<String> profiles, ComparisonEnvironment environment)
            throws IOException, InterruptedException {
        if (options.cds) {
            loadJar = CdsPreparation.prepare(jvms, apps, java, loadJar, profiles, environment.json(), options,
                    log);
        }
    }

    @Override
    public void beginWindow(RunPlan.Window window) {
        pipeline.discardAllBut(window.lanes());
    }

    @Override
    public RunTarget open(RunPlan.Planned planned, Path runDir, RunOutcome outcome, Progress progress)
            throws IOException, InterruptedException {
        // Both JVMs start (unless the previous run started them ahead) while the database is
        // reset: the app touches no table before it serves, the load JVM waits for a line.
        progress.phase("start + reset", 0);
        RunPipeline.Prepared prepared = pipeline.take(runDir.getFileName().toString());
        outcome.startedAhead = prepared != null;
        if (prepared == null) {
            prepared = prepare(planned, runDir);
        }
        AppLaunch launch = prepared.app();
        apps.add(launch.process());
        try {
            outcome.appCpus = ProcFs.allowedCpus(launch.process().pid());
            outcome.timings.put("resetMillis", RunOutcome.timed(() -> reset(planned, runDir)));
            progress.phase("start", 0);
            long ready = launch.awaitReady();
            outcome.timings.put("appStartMillis", (ready - launch.startNanos()) / 1_000_000);
            // What this run waited for; the rest was hidden behind the previous run's report check.
            outcome.timings.put("appStartWaitMillis", Math.max(0, ready - outcome.startNanos) / 1_000_000);
            ComparisonMonitoring m = monitoring;
            if (m != null) {
                m.runStarting(launch.managementUrl().getAuthority(), planned.profile(), planned.round(),
                        runDir.getFileName().toString(), variantLabel(planned));
            }
        } catch (RuntimeException | InterruptedException e) {
            prepared.load().discard();
            pipeline.retire(apps.remove(launch.process()));
            throw e;
        }
        return new RunTarget(launch.appUrl(), launch.managementUrl(), launch.process(), prepared.load());
    }

    /** Starts the app JVM and the load JVM of a run (now, or ahead of it). */
    private RunPipeline.Prepared prepare(RunPlan.Planned planned, Path runDir) throws IOException {
        Files.createDirectories(runDir);
        LaneHosts l = lanes;
        AppLaunch launch = AppLaunch.start((d, appPort, managementPort) -> jvms.startApp(planned, l, d, appPort,
                managementPort), runDir);
        try {
            LoadProcess.Started load = LoadProcess.start(l.wrap(planned.laneIndex(), jvms.measuredLoadCommand(
                    planned.variant(), loadJar, launch.appUrl(), runDir, planned.dirName(), true)));
            return new RunPipeline.Prepared(runDir.getFileName().toString(), launch, load);
        } catch (IOException | RuntimeException e) {
            AppProcess.stop(launch.process());
            throw e;
        }
    }

    /** The database swapped back, and every session gone from the redis-server when there is one. */
    @Override
    public void reset(RunPlan.Planned planned, Path runDir) {
        LaneHosts.LaneHost lane = lanes.lane(planned.laneIndex());
        lane.server().swapReset(lane.laneInServer());
        LocalRedis r = redis;
        if (r != null) {
            r.flushAll();
        }
    }

    @Override
    public void measuredLoadDone(RunPlan.Window next) {
        LaneHosts l = lanes;
        if (l != null && options.warmupSeconds == 0) {
            // No warm-up to refill in: the measured window is over, the spare for the next reset is refilled now.
            l.servers().forEach(LocalDatabase::refillSpareInBackground);
        }
        if (next != null) {
            pipeline.prepareAhead(next.lanes(), (planned, name) -> prepare(planned, runsDir.resolve(name)));
        }
    }

    @Override
    public void warmupRunning() {
        LaneHosts l = lanes;
        if (l != null) {
            // The spares for this run's second reset and the next run's first are refilled during
            // the warm-up, which is not measured: not while the app JVMs and Gatling start.
            l.servers().forEach(LocalDatabase::refillSpareInBackground);
        }
    }

    @Override
    public long awaitPreviousApps() throws InterruptedException {
        return pipeline.awaitRetired();
    }

    @Override
    public void release(RunTarget target) {
        ComparisonMonitoring m = monitoring;
        if (m != null) {
            // Before the app stops: a stopped app never shows as a failed scrape.
            m.runEnded();
        }
        if (target != null) {
            // Stopped in the background: the next run resets the database meanwhile.
            pipeline.retire(apps.remove(target.app()));
        }
    }

    @Override
    public List<String> settingsProblems(JsonNode settings, RunPlan.Planned planned) {
        List<String> problems = new java.util.ArrayList<>(ThreadsCheck.problems(settings, planned.variant()));
        LocalRedis r = redis;
        problems.addAll(SessionCheck.problems(settings, planned.variant(), options.redisPoolSize,
                r == null ? null : r.port()));
        return problems;
    }

    @Override
    public void addAppFindings(ObjectNode record, RunPlan.Planned planned, Path runDir, RunOutcome outcome)
            throws InterruptedException {
        boolean jfr = options.appJfr() && outcome.measureTo != null;
        if (options.appJfr()) {
            // Its recording is dumped when the app exits.
            pipeline.awaitRetired();
        }
        ThreadsCheck.addToRecord(record, planned.variant(), java, jfr
                ? AppJfr.read(runDir, outcome.measureFrom, outcome.measureTo) : null);
        SessionCheck.addToRecord(record, planned.variant());
        PlantCheck.addToRecord(record, planned.variant(), outcome.settings, outcome.plantAfter);
    }

    @Override
    public Path gcLog(Path runDir) {
        return runDir.resolve("gc.log");
    }

    @Override
    public double proxyCpuSeconds() {
        LaneHosts l = lanes;
        return l == null ? Double.NaN : l.proxyCpuSeconds();
    }

    @Override
    public String databaseVersion() {
        LocalDatabase db = primaryDatabase();
        return db == null ? null : db.version();
    }

    @Override
    public com.fasterxml.jackson.databind.JsonNode observePlacement(RunPlan.Planned planned, RunTarget target) {
        LaneHosts l = lanes;
        return l == null ? null : l.observe(planned.laneIndex(), target.app().pid(), target.load().process().pid());
    }

    /** The first lane's database server (the only one when lanes are shared), or null once closed. */
    private LocalDatabase primaryDatabase() {
        LaneHosts l = lanes;
        return l == null ? null : l.primary();
    }

    private DbProxy primaryProxy() {
        LaneHosts l = lanes;
        return l == null ? null : l.primaryProxy();
    }

    @Override
    public void close() {
        // The next run's JVMs, if started ahead, and the app JVMs still stopping.
        pipeline.close();
        ComparisonMonitoring m = monitoring;
        monitoring = null;
        if (m != null) {
            // Before the database, so mysqld_exporter's last scrapes find it.
            m.close();
        }
        LaneHosts l = lanes;
        lanes = null;
        if (l != null) {
            l.close();
        }
        LocalRedis r = redis;
        redis = null;
        LocalRedis.closeQuietly(r);
    }
}
