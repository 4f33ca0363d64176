package dev.poolbench.bench.compare.faults;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.db.LocalDatabase;
import dev.poolbench.bench.compare.faultlogs.LoginLog;
import dev.poolbench.bench.compare.faultfigures.FaultOutcome;
import dev.poolbench.bench.compare.faultfigures.FaultRunFiles;
import dev.poolbench.bench.compare.faultfigures.FaultRunRecord;
import dev.poolbench.bench.compare.faultlogs.ProgressLog;
import dev.poolbench.bench.compare.faultplan.Fault;
import dev.poolbench.bench.compare.faultplan.FaultCase;
import dev.poolbench.bench.compare.faultplan.FaultOptions;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.launch.AppProcess;
import dev.poolbench.bench.compare.launch.LoadProcess;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.launch.SessionCheck;
import dev.poolbench.bench.compare.monitoring.ComparisonMonitoring;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSampler;
import dev.poolbench.bench.compare.redis.LocalRedis;
import dev.poolbench.bench.compare.util.FreePort;
import dev.poolbench.bench.compare.util.Json;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One fault run ({@link FaultCase}): the scenario's server setting (idle-timeout's) → the measured
 * load's JVM started ahead → no sessions left in Redis → fresh app JVM on the pool profile and
 * session store → health → warm-up → reset → what the scenario needs serving (max-connections' other
 * replicas) → count login_log → load run with the fault at
 * {@code --fault-at} → count again → the run's files
 * ({@link FaultRunRecord}, {@link ProgressLog#FILE}) → figures from them ({@link FaultRunFiles}).
 */
final class FaultRun {

    /**
     * What a run needs from the whole command; {@code replicas} the app JVMs besides {@code app}
     * (max-connections), stopped with it on Ctrl-C; {@code monitoring} null without --prometheus,
     * {@code redis} null when no run keeps its sessions in Redis.
     */
    record Setup(FaultOptions options, String java, Path webappJar, Path loadJar, Path loadLib, Path data,
                 LocalDatabase database, int proxyPort, int relayPort, Progress progress, AtomicReference<Process> app,
                 Set<Process> replicas, ComparisonMonitoring monitoring, LocalRedis redis) {
    }

    private final Setup s;
    private final FaultCase planned;
    private final String profile;
    private final Scenario scenario;
    private final Fault fault;
    private final Path runDir;
    private final List<String> problems = new ArrayList<>();
    private final ProgressLog progressLog = new ProgressLog();
    private volatile CompletableFuture<long[]> faultDone;
    private volatile String faultDetail;
    private volatile Integer serverClosedSessions;

    FaultRun(Setup setup, FaultCase planned, Fault fault, Path runDir) {
        this.s = setup;
        this.planned = planned;
        this.profile = planned.profile();
        this.scenario = planned.scenario();
        this.fault = fault;
        this.runDir = runDir;
    }

    FaultOutcome run() throws InterruptedException {
        Fault.ServerSetting serverSetting = Fault.ServerSetting.NONE;
        LoadProcess.Started load = null;
        try {
            Files.createDirectories(runDir);
            s.progress().phase("start + reset", 0);
            // Before the app: its pool's connections are all made under the scenario's server setting.
            serverSetting = fault.beforeApp();
            int appPort = FreePort.next();
            int managementPort = FreePort.next();
            URI appUrl = URI.create("http://127.0.0.1:" + appPort);
            URI managementUrl = URI.create("http://127.0.0.1:" + managementPort);
            // The measured load's JVM, started ahead: it reads its data meanwhile and waits for a
            // line, so the load begins right after the count of login_log, not seconds later after
            // the JVM's own start, while the pool sits idle (idle-timeout's server closes idle connections).
            load = LoadProcess.start(loadCommand(appUrl, runDir, s.options().durationSeconds, false));
            startAndAwaitApp(appPort, managementPort, appUrl, managementUrl);
            warmUp(appUrl);
            fault.appServing(managementUrl);
            return measure(load, managementUrl);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                throw (InterruptedException) e;
            }
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            problems.add(message.lines().findFirst().orElse(e.toString()));
            s.progress().message("run " + runDir.getFileName() + " failed: " + message);
        } finally {
            s.progress().phase("stop", 0);
            if (s.monitoring() != null) {
                // Before the app stops: a stopped app never shows as a failed scrape.
                s.monitoring().runEnded();
            }
            if (load != null) {
                // Ended already when it ran; else it waits for a line that will not come.
                load.discard();
            }
            Process p = s.app().getAndSet(null);
            if (p != null) {
                AppProcess.stop(p);
            }
            undo(serverSetting);
        }
        return FaultRunFiles.failed(planned, problems);
    }

    /**
     * login_log counted, the load run started with the fault at {@code --fault-at}, counted again,
     * the run's files written and read back into its outcome.
     */
    private FaultOutcome measure(LoadProcess.Started load, URI managementUrl) throws Exception {
        FaultOptions o = s.options();
        LoginLog loginLog = new LoginLog(s.database().jdbcUrl(), s.database().user(), s.database().password());
        LoginLog.State before = loginLog.state();
        s.progress().phase("measure", o.durationSeconds);
        long samplerStartEpochMillis = System.currentTimeMillis();
        PoolMetricsSampler sampler = PoolMetricsSampler.start(managementUrl.resolve("/actuator/prometheus"), runDir);
        int exit;
        try {
            exit = LoadProcess.run(load, runDir.resolve("load.log"), this::onProgress, new LoadProcess.Hooks() { });
        } finally {
            sampler.stop();
        }
        long[] window = awaitFault();
        LoginLog.State after = loginLog.state();
        ProgressLog.write(runDir.resolve(ProgressLog.FILE), progressLog.lines());
        new FaultRunRecord(scenario, profile, planned.session(), planned.settings(), window == null ? null : window[0],
                window == null ? null : window[1],
                faultDetail, serverClosedSessions, samplerStartEpochMillis, exit, before.rows(), before.maxId(),
                after.rows(), ZoneId.systemDefault(), loginLog.rowsPerSecond(before.maxId()), List.copyOf(problems))
                .write(runDir);
        // The same reading of the run's files as for runs taken by Ansible (faults-summarize).
        return FaultRunFiles.outcome(runDir, planned, o);
    }

    /** The scenario's server setting undone once the app has stopped; a failure is said, the next run would see it. */
    private void undo(Fault.ServerSetting serverSetting) {
        try {
            serverSetting.close();
        } catch (Exception e) {
            s.progress().message("run " + runDir.getFileName() + ": could not undo the server setting: " + e.getMessage());
        }
    }

    /** The unscored warm-up load (--warmup), then the database reset for the measured run. */
    private void warmUp(URI appUrl) throws Exception {
        FaultOptions o = s.options();
        if (o.warmupSeconds > 0) {
            s.progress().phase("warm-up", o.warmupSeconds);
            LoadProcess.run(loadCommand(appUrl, runDir.resolve("warmup"), o.warmupSeconds, true),
                    runDir.resolve("load.log"), (left, success, fail) -> s.progress().live(left, success, fail));
            s.progress().phase("reset", 0);
            s.database().reset();
        }
    }

    /**
     * The app JVM started (the database reset meanwhile; Redis emptied before, so no session of
     * an earlier run is left) and serving, its pool settings kept and its session store checked
     * against the plan; with --prometheus scraped from now on, the scenario as its variant.
     */
    private void startAndAwaitApp(int appPort, int managementPort, URI appUrl, URI managementUrl) throws Exception {
        LocalRedis redis = planned.session().redis() ? s.redis() : null;
        if (redis != null) {
            redis.flushAll();
        }
        startApp(appPort, managementPort);
        s.database().reset();
        AppProcess.awaitReady(s.app().get(), runDir.resolve("app.log"), managementUrl.resolve("/actuator/health"),
                appUrl.resolve("/"), AppProcess.HEALTH_TIMEOUT);
        JsonNode settings = AppProcess.getJson(managementUrl.resolve("/actuator/poolsettings"));
        Json.write(runDir.resolve("poolsettings.json"), settings);
        problems.addAll(SessionCheck.problems(settings, planned.session(), s.options().redisPoolSize,
                redis == null ? null : redis.port()));
        if (s.monitoring() != null) {
            s.monitoring().runStarting(managementUrl.getAuthority(), profile, 1, runDir.getFileName().toString(),
                    planned.variant());
        }
    }

    /** The first progress line fixes the run's start; the fault is scheduled from it. */
    private void onProgress(long left, long success, long fail) {
        s.progress().live(left, success, fail);
        ProgressLog.Line line = progressLog.add(s.options().durationSeconds - left, success, fail);
        if (faultDone != null) {
            return;
        }
        long start = ProgressLog.startNanos(line);
        long delayNanos = start + s.options().faultAtSeconds * 1_000_000_000L - System.nanoTime();
        faultDone = CompletableFuture.supplyAsync(() -> applyFault(start),
                CompletableFuture.delayedExecutor(Math.max(0, delayNanos), TimeUnit.NANOSECONDS));
    }

    /** @return begin and end of the fault, epoch milliseconds (the clock the other files use) */
    private long[] applyFault(long loadStartNanos) {
        long begin = System.nanoTime();
        long beginEpochMillis = System.currentTimeMillis();
        s.progress().message(String.format(Locale.ROOT, "  %s: fault at %.1f s: %s", planned.label(),
                (begin - loadStartNanos) / 1e9, scenario.description()));
        Fault.Applied applied;
        try {
            applied = fault.applyCounting(s.options().faultSeconds * 1_000L);
        } catch (Exception e) {
            throw new IllegalStateException("the fault " + scenario.cliName() + " failed: " + e.getMessage(), e);
        }
        long end = System.nanoTime();
        long endEpochMillis = System.currentTimeMillis();
        String detail = applied.detail();
        faultDetail = detail;
        serverClosedSessions = applied.serverClosedSessions();
        s.progress().message(String.format(Locale.ROOT, "  %s: %s at %.1f s (away %.1f s%s)",
                planned.label(), scenario.storm() ? "the storm over"
                        : scenario.replicas() ? "the rolling update done" : scenario.target() + " back",
                (end - loadStartNanos) / 1e9, (end - begin) / 1e9,
                detail == null ? "" : ": " + detail));
        return new long[] {beginEpochMillis, endEpochMillis};
    }

    private long[] awaitFault() {
        CompletableFuture<long[]> done = faultDone;
        if (done == null) {
            return null;
        }
        try {
            // A restart may take longer than the run when the machine is busy.
            return done.get(5, TimeUnit.MINUTES);
        } catch (Exception e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            problems.add(cause.getMessage());
            return null;
        }
    }

    private void startApp(int appPort, int managementPort) throws IOException {
        s.app().set(FaultApp.start(s, planned, appPort, managementPort, s.options().heap, runDir));
    }

    private List<String> loadCommand(URI appUrl, Path outDir, int seconds, boolean warmup) {
        FaultOptions o = s.options();
        List<String> command = new ArrayList<>();
        command.add(s.java());
        command.addAll(LoadProcess.LOAD_JVM_OPTIONS);
        // The figures come from result.json; Gatling's HTML report would only cost time.
        command.add("-Dpoolbench.htmlReport=false");
        // Requests slower than the pool's wait: counted by the load generator (overMillis).
        command.add("-Dpoolbench.latencyThresholdsMillis=" + o.poolWaitMillis);
        if (!warmup) {
            // Started ahead of its run (run()): it waits for a line on stdin after reading its data.
            command.add("-Dpoolbench.awaitStart=true");
        }
        command.add("-cp");
        command.add(s.loadJar() + File.pathSeparator + s.loadLib() + File.separator + "*");
        command.add(LoadProcess.LOAD_MAIN);
        command.add("run");
        command.add("--base-url=" + appUrl);
        command.add("--data=" + s.data().toAbsolutePath());
        if (o.workload != null) {
            command.add("--workload=" + o.workload);
        }
        command.add("--duration=" + seconds);
        command.add("--out=" + outDir.toAbsolutePath());
        command.add("--seed=" + o.seed);
        command.add("--label=" + planned.name() + (warmup ? " warm-up" : ""));
        if (warmup) {
            command.add("--no-report-check");
        } else {
            command.addAll(scenario.loadArgs(o));
        }
        return command;
    }
}
