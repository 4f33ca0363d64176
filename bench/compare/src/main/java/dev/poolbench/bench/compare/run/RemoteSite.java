package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.launch.AppProcess;
import dev.poolbench.bench.compare.launch.LoadProcess;
import dev.poolbench.bench.compare.launch.PoolSettings;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.launch.RunTarget;
import dev.poolbench.bench.compare.launch.SessionCheck;
import dev.poolbench.bench.compare.outcomes.RunOutcome;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.variant.SessionStore;
import dev.poolbench.sql.DatabaseReset;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Apps that run elsewhere ({@code --app-url}, Ansible's app host): the same rounds against
 * them, each lane's database reset by {@code --reset-command} or over JDBC. Without
 * {@code --app-command} the one app there runs on, and its profile, pool mode and size are read
 * back and recorded as they are there. With it the runner restarts the app of each run there
 * with the run's profile (a fresh JVM per run, as locally), so the plan has the options'
 * profiles and may hold duets: lane 1 is a second app on its own ports and its own copy of the
 * database ({@link RemoteLane}). Every load JVM runs here, so a duet's shared start instant
 * ({@code at <epochMillis>}) is read and waited for on this host's clock alone.
 */
final class RemoteSite implements RunSite {

    /** How long the app command may take to restart an app (not its boot: health is waited for after). */
    private static final Duration APP_COMMAND_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration RESET_TIMEOUT = Duration.ofMinutes(10);

    private final CompareOptions options;
    private final RunJvms jvms;
    private final Path loadJar;
    private final List<RemoteLane> lanes;
    private final List<String> profiles;
    private final String poolMode;
    private final List<Integer> sizes;

    private RemoteSite(CompareOptions options, RunJvms jvms, Path loadJar, List<RemoteLane> lanes,
                       List<String> profiles, String poolMode, List<Integer> sizes) {
        this.options = options;
        this.jvms = jvms;
        this.loadJar = loadJar;
        this.lanes = lanes;
        this.profiles = profiles;
        this.poolMode = poolMode;
        this.sizes = sizes;
    }

    /** The lanes into environment.json; without --app-command, the remote app's pool settings (profile, mode, size). */
    static RemoteSite connect(CompareOptions options, RunJvms jvms, Path loadJar, ComparisonEnvironment environment,
                              Consumer<String> log) throws InterruptedException {
        List<RemoteLane> all = RemoteLane.of(options);
        // A solo comparison uses lane 0 only (the second app there stays as it is).
        List<RemoteLane> lanes = all.subList(0, options.duet ? all.size() : 1);
        ObjectNode env = environment.json();
        ((ObjectNode) env.get("options")).remove("schema");
        if (options.appCommand != null) {
            log.accept("remote apps at " + String.join(" and ", lanes.stream().map(l -> l.appUrl().toString())
                    .toList()) + ", each restarted with its run's profile by --app-command");
            ObjectNode remote = env.putObject("remote");
            remote.put("appCommand", true);
            ArrayNode laneNodes = remote.putArray("lanes");
            for (RemoteLane lane : lanes) {
                laneNodes.addObject().put("lane", lane.index()).put("appUrl", lane.appUrl().toString())
                        .put("managementUrl", lane.managementUrl().toString())
                        .put("databaseSuffix", lane.databaseSuffix());
            }
            return new RemoteSite(options, jvms, loadJar, lanes, options.profiles, options.poolMode, options.sizes());
        }
        URI settingsUrl = options.managementUrl.resolve("/actuator/poolsettings");
        JsonNode settings;
        try {
            settings = AppProcess.getJson(settingsUrl);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the remote app's pool settings at " + settingsUrl
                    + " (" + e + "); is the app running, and is --management-url right?");
        }
        String profile = PoolSettings.profile(settings);
        profile = profile == null ? "remote" : profile;
        String poolMode = Json.text(settings, "mode");
        String sizeText = Json.text(settings, "requested.size");
        Integer size = sizeText == null || !sizeText.matches("[0-9]+") ? null : Integer.valueOf(sizeText);
        SessionStore session = SessionStore.readBack(settings);
        log.accept("remote app at " + options.appUrl + ": profile " + profile + ", pool mode " + poolMode
                + (size == null ? "" : ", size " + size) + (session == null ? "" : ", session " + session.label()));
        ObjectNode remote = env.putObject("remote");
        remote.put("profile", profile);
        remote.put("poolMode", poolMode);
        remote.put("poolSize", size);
        // Its session store is its own configuration (Ansible's poolbench_session_store): recorded as read back.
        remote.set("session", settings.path("session").isObject() ? settings.get("session").deepCopy() : null);
        ((ObjectNode) env.get("options")).put("poolMode", poolMode);
        env.put("databaseVersion", Json.text(settings, "serverVersion"));
        return new RemoteSite(options, jvms, loadJar, lanes, List.of(profile), poolMode,
                Collections.singletonList(size));
    }

    @Override
    public List<String> profiles() {
        return profiles;
    }

    @Override
    public List<Integer> sizes() {
        return sizes;
    }

    @Override
    public String poolMode() {
        return poolMode;
    }

    @Override
    public void prepare(List<String> profiles, ComparisonEnvironment environment) {
        // The apps run elsewhere: no class-data sharing of ours to prepare.
    }

    @Override
    public void beginWindow(RunPlan.Window window) {
        // Nothing is started ahead there.
    }

    /**
     * No head start there: the app command restarts the lane's app (when given), its database is
     * reset while it boots, then its health is waited for and the load JVM starts here.
     */
    @Override
    public RunTarget open(RunPlan.Planned planned, Path runDir, RunOutcome outcome, Progress progress)
            throws IOException, InterruptedException {
        RemoteLane lane = lanes.get(planned.laneIndex());
        long startNanos = System.nanoTime();
        boolean restart = options.appCommand != null;
        progress.phase(restart ? "restart + reset" : "reset", 0);
        if (restart) {
            run("--app-command", options.appCommand, appCommandEnvironment(planned, lane),
                    runDir.resolve("app-command.log"), APP_COMMAND_TIMEOUT);
        }
        outcome.timings.put("resetMillis", RunOutcome.timed(() -> reset(planned, runDir)));
        if (restart) {
            progress.phase("start", 0);
            AppProcess.awaitReady(null, runDir.resolve("app-command.log"), lane.managementUrl().resolve(
                    "/actuator/health"), lane.appUrl().resolve("/"), AppProcess.HEALTH_TIMEOUT);
            outcome.timings.put("appStartMillis", (System.nanoTime() - startNanos) / 1_000_000);
        }
        LoadProcess.Started load = LoadProcess.start(jvms.measuredLoadCommand(planned.variant(), loadJar,
                lane.appUrl(), runDir, planned.dirName(), true));
        return new RunTarget(lane.appUrl(), lane.managementUrl(), null, load);
    }

    /**
     * What the app command is told: the lane, the profile and pool of the run, and the run's
     * round and directory name (so the VMs' Prometheus can label the run's series with them).
     */
    private Map<String, String> appCommandEnvironment(RunPlan.Planned planned, RemoteLane lane) {
        return Map.of("POOLBENCH_LANE", String.valueOf(lane.index()),
                "POOLBENCH_PROFILE", planned.appProfile(),
                "POOLBENCH_POOL_MODE", poolMode,
                "POOLBENCH_POOL_SIZE", planned.poolSize() == null ? "" : String.valueOf(planned.poolSize()),
                "POOLBENCH_DATABASE_SUFFIX", lane.databaseSuffix(),
                "POOLBENCH_ROUND", String.valueOf(planned.round()),
                "POOLBENCH_RUN", planned.dirName());
    }

    /**
     * The lane's copy of the database: {@code --reset-command} (its output in the run's reset.log,
     * POOLBENCH_LANE and POOLBENCH_DATABASE_SUFFIX in its environment), or the reset over JDBC.
     */
    @Override
    public void reset(RunPlan.Planned planned, Path runDir) {
        RemoteLane lane = lanes.get(planned.laneIndex());
        if (options.resetCommand == null) {
            new DatabaseReset(lane.resetJdbcUrl(), options.dbUser == null ? "root" : options.dbUser,
                    options.dbPassword == null ? "" : options.dbPassword).reset();
            return;
        }
        run("--reset-command", options.resetCommand, Map.of("POOLBENCH_LANE", String.valueOf(lane.index()),
                "POOLBENCH_DATABASE_SUFFIX", lane.databaseSuffix()), runDir.resolve("reset.log"), RESET_TIMEOUT);
    }

    /** Runs a command of the options with {@code bash -c}, its output appended to {@code log}; fails on a non-zero exit. */
    private static void run(String option, String command, Map<String, String> environment, Path log,
                            Duration timeout) {
        try {
            ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().putAll(environment);
            Process p = builder.start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IllegalStateException(option + " did not finish within " + timeout.toMinutes()
                        + " min (see " + log + ")");
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(option + " failed with exit status " + p.exitValue()
                        + " (see " + log + ")");
            }
        } catch (IOException e) {
            throw new IllegalStateException(option + " could not run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during " + option);
        }
    }

    @Override
    public void measuredLoadDone(RunPlan.Window next) {
        // Nothing to start ahead: the apps there are restarted by the next run's app command.
    }

    @Override
    public long awaitPreviousApps() {
        return 0;
    }

    @Override
    public void release(RunTarget target) {
        // The apps there are not ours to stop: the next run's app command restarts them.
    }

    /**
     * The server the app uses is the one --database names (remote mode starts none, so a run on
     * the other server would be recorded as this one); with --app-command also the pool mode and
     * size the runner asked the app command for (its profile: WindowMeasurement).
     */
    @Override
    public List<String> settingsProblems(JsonNode settings, RunPlan.Planned planned) {
        List<String> problems = new ArrayList<>();
        String server = Json.text(settings, "serverVersion");
        boolean postgres = "postgres".equals(options.database);
        // Connector/J names MariaDB "MySQL"; "unavailable: ..." when the app could not ask.
        if (server != null && !server.startsWith("unavailable") && server.startsWith("PostgreSQL") != postgres) {
            problems.add("app's database is " + server + ", expected " + (postgres ? "PostgreSQL" : "MariaDB or MySQL")
                    + " (--database " + options.database + ")");
        }
        if (options.appCommand == null) {
            // Its configuration is the remote host's own, not a variant of this plan.
            return problems;
        }
        String mode = Json.text(settings, "mode");
        if (!poolMode.equals(mode)) {
            problems.add("app runs pool mode " + mode + ", expected " + poolMode + " (--app-command)");
        }
        String size = Json.text(settings, "requested.size");
        if (planned.poolSize() != null && !String.valueOf(planned.poolSize()).equals(size)) {
            problems.add("app was asked for pool size " + size + ", expected " + planned.poolSize()
                    + " (--app-command)");
        }
        return problems;
    }

    /** Its session store as read back, and where the run's app was: {@code remote} in the record. */
    @Override
    public void addAppFindings(ObjectNode record, RunPlan.Planned planned, Path runDir, RunOutcome outcome) {
        // Its files stay on its host.
        SessionCheck.addReadBack(record, outcome.settings);
        RemoteLane lane = lanes.get(planned.laneIndex());
        record.putObject("remote").put("appUrl", lane.appUrl().toString())
                .put("managementUrl", lane.managementUrl().toString())
                .put("restarted", options.appCommand != null)
                .put("databaseSuffix", lane.databaseSuffix());
    }

    @Override
    public Path gcLog(Path runDir) {
        return null;
    }

    @Override
    public double proxyCpuSeconds() {
        return Double.NaN;
    }

    @Override
    public String databaseVersion() {
        return null;
    }

    @Override
    public void close() {
        // Nothing of ours runs there.
    }
}
