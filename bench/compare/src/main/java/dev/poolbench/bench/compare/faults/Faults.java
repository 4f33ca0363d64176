package dev.poolbench.bench.compare.faults;

import dev.poolbench.bench.compare.db.LocalDatabase;
import dev.poolbench.bench.compare.faultfigures.FaultFigures;
import dev.poolbench.bench.compare.faultfigures.FaultOutcome;
import dev.poolbench.bench.compare.faultplan.Fault;
import dev.poolbench.bench.compare.faultplan.FaultCase;
import dev.poolbench.bench.compare.faultplan.FaultOptions;
import dev.poolbench.bench.compare.faultplan.PoolSettingsSet;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.faultreport.FaultReport;
import dev.poolbench.bench.compare.faultreport.FaultTable;
import dev.poolbench.bench.compare.launch.AppProcess;
import dev.poolbench.bench.compare.launch.LoadProcess;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.monitoring.ComparisonMonitoring;
import dev.poolbench.bench.compare.proxy.Proxy;
import dev.poolbench.bench.compare.proxy.SlowConnectRelay;
import dev.poolbench.bench.compare.proxy.Toxiproxy;
import dev.poolbench.bench.compare.proxy.ToxiproxyBinary;
import dev.poolbench.bench.compare.redis.LocalRedis;
import dev.poolbench.bench.compare.util.FreePort;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.Workspace;
import dev.poolbench.bench.compare.variant.SessionStore;
import dev.poolbench.sql.SchemaVariant;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code faults}: per scenario, pool profile and session store ({@link FaultCase}) one run of the
 * real app under the real load on the local database (the embedded MariaDB, or PostgreSQL with
 * {@code --database postgres}), with the database (or the redis-server of a Redis session store)
 * taken away in the middle (see docs/faults.md).
 * Exit status: 0 done (with {@code --check}: every measurement taken and consistent), 1 a run
 * failed or a check did not hold, 2 usage or setup error.
 */
public final class Faults {

    private final FaultOptions options;
    private final PrintStream out = System.out;
    private final AtomicReference<Process> app = new AtomicReference<>();
    /** max-connections' other app replicas, while they run. */
    private final Set<Process> replicas = ConcurrentHashMap.newKeySet();
    private volatile LocalDatabase database;
    private volatile Toxiproxy toxiproxy;
    /** With a Redis --session, else null. */
    private volatile LocalRedis redis;
    /** With the scenario storm, else null. */
    private volatile SlowConnectRelay relay;
    /** With --prometheus, else null. */
    private volatile ComparisonMonitoring monitoring;
    private volatile boolean interrupted;

    public Faults(FaultOptions options) {
        this.options = options;
    }

    public int run() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // One line each (redis-server not found: ..., PostgreSQL server binaries not found: ...)
        // before anything starts.
        LocalDatabase.requireServer(options.database);
        if (options.needsRedis()) {
            LocalRedis.requireBinary();
        }
        requireBuiltJars();
        Path dir = resultsDir();
        Path runsDir = Files.createDirectories(dir.resolve("runs"));
        out.println("poolbench faults: results in " + dir);
        // With the run directories, enough to summarize them again: faults-summarize --results DIR.
        Json.write(dir.resolve(FaultReport.OPTIONS), options.toJson());
        Runtime.getRuntime().addShutdownHook(new Thread(this::shutdown, "poolbench-faults-shutdown"));
        // Copies of the jars: a rebuild during the runs must not change the app under test.
        Files.createDirectories(Workspace.STATE);
        Path snapshot = Files.createTempDirectory(Workspace.STATE.toAbsolutePath(), "faults-jars-");
        Path webappJar = Files.copy(Workspace.WEBAPP_JAR, snapshot.resolve("poolbench-webapp.jar"));
        Path loadJar = Files.copy(Workspace.LOAD_JAR, snapshot.resolve("poolbench-load.jar"));
        Path loadLib = Workspace.LOAD_JAR.toAbsolutePath().resolveSibling("lib");

        List<FaultOutcome> outcomes = new ArrayList<>();
        Map<String, String> environment = new LinkedHashMap<>();
        try {
            Path data = startDatabase(dir, environment);
            // A free port unless given: a fixed neighbour of --db-port may be another database's.
            int proxyPort = options.proxyPort != null ? options.proxyPort : FreePort.next();
            Proxy proxy = startProxyIfNeeded(dir, proxyPort, environment);
            if (options.scenarios.contains(Scenario.STORM)) {
                relay = SlowConnectRelay.start(0, database.port());
                environment.put("stormRelay", "127.0.0.1:" + relay.port() + " -> 127.0.0.1:" + database.port());
            }
            List<FaultCase> plan = options.plan();
            int total = plan.size();
            printPlan(total);
            try (Progress progress = new Progress(out, Progress.isTerminal(), total,
                    (options.durationSeconds + options.warmupSeconds) * 1_000L)) {
                FaultRun.Setup setup = new FaultRun.Setup(options, java, webappJar, loadJar, loadLib, data, database,
                        proxyPort, relay == null ? 0 : relay.port(), progress, app, replicas, monitoring, redis);
                runEach(plan, setup, progress, proxy, runsDir, outcomes);
            }
        } finally {
            stopAll();
            deleteQuietly(snapshot);
        }

        FaultReport.writeEnvironment(dir, environment);
        return FaultReport.write(dir, outcomes, options, environment, out, System.err);
    }

    /**
     * The local database, the redis-server of a Redis --session and, with --prometheus, Prometheus;
     * @return the data the database was loaded with (the load reads it too)
     */
    private Path startDatabase(Path dir, Map<String, String> environment) throws IOException {
        Path data = LocalDatabase.data(Workspace.STATE.resolve("data"), options.seed, out::println);
        // The directories compare uses: its loaded data serves here too.
        database = LocalDatabase.start(options.database, options.dbPort,
                LocalDatabase.baseDir(Workspace.STATE, options.database, 0),
                Workspace.STATE.resolve("mariadb").resolve("mariadb"), data, options.seed,
                SchemaVariant.parse("--schema", "tuned"), out::println);
        environment.put("database", database.version());
        environment.put("java", System.getProperty("java.version"));
        if (options.needsRedis()) {
            redis = LocalRedis.start(dir.resolve("redis"), out::println);
            environment.put("redis", "redis-server " + redis.version() + " on " + redis.host() + ":" + redis.port());
        }
        if (options.prometheus) {
            startMonitoring(dir, environment);
        }
        return data;
    }

    /** --prometheus: Prometheus and its exporters, watching the database itself and the host. */
    private void startMonitoring(Path dir, Map<String, String> environment) {
        monitoring = ComparisonMonitoring.start(dir, new ComparisonMonitoring.DatabaseEndpoint("127.0.0.1",
                database.port(), database.user(), database.password()), out);
        environment.put("prometheus", monitoring.url().toString());
    }

    private static void requireBuiltJars() {
        for (Path jar : List.of(Workspace.WEBAPP_JAR, Workspace.LOAD_JAR)) {
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException(jar + " is missing: build with ./mvnw -q -B -DskipTests package "
                        + "(./poolbench faults does this for you), or run from the repository root");
            }
        }
    }

    /**
     * Toxiproxy in front of the database on {@code proxyPort}, when a scenario cuts the
     * connection there; null when every scenario acts on the database itself.
     */
    private Proxy startProxyIfNeeded(Path dir, int proxyPort, Map<String, String> environment)
            throws IOException, InterruptedException {
        if (options.scenarios.stream().noneMatch(Scenario::throughProxy)) {
            return null;
        }
        Path binary = ToxiproxyBinary.locate(out::println);
        toxiproxy = Toxiproxy.start(binary, FreePort.next(), dir.resolve("toxiproxy.log"));
        Proxy proxy = toxiproxy.createProxy(options.database, proxyPort, "127.0.0.1", database.port());
        out.println("toxiproxy: " + binary + ", proxy 127.0.0.1:" + proxyPort + " -> 127.0.0.1:"
                + database.port());
        environment.put("toxiproxy", binary.toString());
        environment.put("proxy", "127.0.0.1:" + proxyPort);
        return proxy;
    }

    private void printPlan(int total) {
        out.printf("%d runs on %s: scenarios %s x profiles %s%s%s, %d s each (fault at %d s for %d s) + %d s "
                + "warm-up%n", total, options.database,
                String.join(",", options.scenarios.stream().map(Scenario::cliName).toList()),
                String.join(",", options.profiles), options.sessions.equals(List.of(SessionStore.MEMORY)) ? ""
                        : " x sessions " + String.join(",", options.sessions.stream().map(SessionStore::label).toList()),
                options.settings.equals(List.of(PoolSettingsSet.SHIPPED)) ? ""
                        : " x settings " + String.join(",", options.settings.stream().map(PoolSettingsSet::label).toList()),
                options.durationSeconds, options.faultAtSeconds, options.faultSeconds, options.warmupSeconds);
        if (options.scenarios.contains(Scenario.IDLE_TIMEOUT)) {
            out.printf("idle-timeout: the server's idle session timeout %d s from before each app starts, the load "
                    + "paused from second %d for %d s%n", options.idleTimeoutSeconds, options.faultAtSeconds,
                    options.faultSeconds);
        }
        if (options.scenarios.contains(Scenario.MAX_CONNECTIONS)) {
            out.printf("max-connections: %d replicas of pool size %d, the server's max_connections set to fit them and "
                    + "not one more; from second %d each but the loaded one replaced, a surge of one (the old one stops "
                    + "when the new one serves, or after %d s); nopool skipped (it holds no connections)%n",
                    options.replicas, options.poolSize, options.faultAtSeconds, options.faultSeconds);
        }
        if (options.scenarios.contains(Scenario.STORM)) {
            out.printf("storm: pools of %d to %d connections, new ones held %d ms, %d extra workers from second %d "
                    + "for %d s%n", options.stormMinIdle, options.stormPoolSize, options.stormConnectMillis,
                    options.stormWorkload, options.stormJumpAt(), options.stormJumpSeconds());
        }
    }

    /** One run per planned case, scenario by scenario; Ctrl-C ends the series before the next run. */
    private void runEach(List<FaultCase> plan, FaultRun.Setup setup, Progress progress, Proxy proxy, Path runsDir,
                         List<FaultOutcome> outcomes) throws InterruptedException {
        int index = 0;
        for (FaultCase planned : plan) {
            if (interrupted) {
                break;
            }
            progress.runStarted(++index, planned.label());
            Path runDir = runsDir.resolve(planned.name());
            Fault fault = planned.scenario().replicas() ? RollingUpdate.local(setup, planned, runDir)
                    : Fault.of(planned.scenario(), proxy, database, redis, relay, options);
            FaultOutcome outcome = new FaultRun(setup, planned, fault, runDir).run();
            progress.runFinished();
            outcomes.add(outcome);
            progress.message(line(outcome));
        }
    }

    static String line(FaultOutcome o) {
        FaultFigures f = o.figures();
        if (f == null) {
            return String.format("%s: FAILED %s", o.run().label(), o.problems());
        }
        if (f.surge() != null) {
            return String.format(java.util.Locale.ROOT, "%s: %s; the loaded replica: %d errors, rows %s, report %s",
                    o.run().label(), f.surge().summary(), f.errorsDuringFault() + f.errorsAfterReturn(), f.rowsVerdict(),
                    f.reportExact() == null ? "-" : f.reportExact() ? "exact" : "WRONG");
        }
        if (o.scenario().storm() && f.storm() != null) {
            return String.format(java.util.Locale.ROOT, "%s: %s, %s opened, %d errors", o.run().label(),
                    FaultTable.storm(f.storm()), FaultTable.num(f.connectionsOpened(), "%.0f"), f.errorsDuringFault());
        }
        return String.format(java.util.Locale.ROOT, "%s: %d errors in the fault, %d after, first success %s s after "
                        + "the return, 90 %% back after %s s, %s opened, rows %s, report %s", o.run().label(),
                f.errorsDuringFault(), f.errorsAfterReturn(), f.firstSuccessSeconds() == null ? "-" : String.format("%.1f", f.firstSuccessSeconds()),
                f.recoverySeconds() == null ? "never" : String.format("%.1f", f.recoverySeconds()),
                FaultTable.num(f.connectionsOpened(), "%.0f"), f.rowsVerdict(),
                f.reportExact() == null ? "-" : f.reportExact() ? "exact" : "WRONG");
    }

    private void stopAll() {
        Process p = app.getAndSet(null);
        if (p != null) {
            AppProcess.stop(p);
        }
        replicas.forEach(Process::destroy);
        replicas.forEach(AppProcess::stop);
        replicas.clear();
        ComparisonMonitoring m = monitoring;
        monitoring = null;
        if (m != null) {
            m.close();
        }
        SlowConnectRelay sr = relay;
        relay = null;
        if (sr != null) {
            sr.close();
        }
        Toxiproxy t = toxiproxy;
        toxiproxy = null;
        if (t != null) {
            t.close();
        }
        LocalRedis r = redis;
        redis = null;
        LocalRedis.closeQuietly(r);
        LocalDatabase db = database;
        database = null;
        LocalDatabase.closeQuietly(db, "faults");
    }

    /** Ctrl-C: the load run, the apps, Toxiproxy, the redis-server and the database, in that order. */
    private void shutdown() {
        interrupted = true;
        LoadProcess.RUNNING.forEach(Process::destroy);
        stopAll();
    }

    private Path resultsDir() throws IOException {
        String stamp = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path dir = options.results.resolve(stamp);
        for (int i = 2; Files.exists(dir.resolve("faults")); i++) {
            dir = options.results.resolve(stamp + "-" + i);
        }
        return Files.createDirectories(dir.resolve("faults"));
    }

    private static void deleteQuietly(Path dir) {
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // left under .poolbench/: harmless
        }
    }

}
