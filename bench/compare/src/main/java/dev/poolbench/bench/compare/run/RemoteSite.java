package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.SessionStore;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.sql.DatabaseReset;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * An app that runs elsewhere ({@code --app-url}, Ansible's bench host): the same rounds against
 * it, its database reset by {@code --reset-command} or over JDBC. Its profile, pool mode and
 * size are read back from the app, and recorded as they are there.
 */
final class RemoteSite implements RunSite {

    private final CompareOptions options;
    private final RunJvms jvms;
    private final Path loadJar;
    private final String profile;
    private final String poolMode;
    private final Integer size;

    private RemoteSite(CompareOptions options, RunJvms jvms, Path loadJar, String profile, String poolMode,
                       Integer size) {
        this.options = options;
        this.jvms = jvms;
        this.loadJar = loadJar;
        this.profile = profile;
        this.poolMode = poolMode;
        this.size = size;
    }

    /** Reads the remote app's pool settings (profile, mode, size) into environment.json. */
    static RemoteSite connect(CompareOptions options, RunJvms jvms, Path loadJar, ComparisonEnvironment environment,
                              Consumer<String> log) throws InterruptedException {
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
        ObjectNode env = environment.json();
        ObjectNode remote = env.putObject("remote");
        remote.put("profile", profile);
        remote.put("poolMode", poolMode);
        remote.put("poolSize", size);
        // Its session store is its own configuration (Ansible's poolbench_session_store): recorded as read back.
        remote.set("session", settings.path("session").isObject() ? settings.get("session").deepCopy() : null);
        ((ObjectNode) env.get("options")).put("poolMode", poolMode);
        ((ObjectNode) env.get("options")).remove("schema");
        env.put("databaseVersion", Json.text(settings, "serverVersion"));
        return new RemoteSite(options, jvms, loadJar, profile, poolMode, size);
    }

    @Override
    public List<String> profiles() {
        return List.of(profile);
    }

    @Override
    public List<Integer> sizes() {
        return Collections.singletonList(size);
    }

    @Override
    public String poolMode() {
        return poolMode;
    }

    @Override
    public void prepare(List<String> profiles, ComparisonEnvironment environment) {
        // The app runs elsewhere: no class-data sharing of ours to prepare.
    }

    @Override
    public void beginWindow(RunPlan.Window window) {
        // Nothing is started ahead there.
    }

    /** No head start there: the database is reset, then the load JVM starts. */
    @Override
    public RunTarget open(RunPlan.Planned planned, Path runDir, RunOutcome outcome, Progress progress)
            throws IOException {
        progress.phase("reset", 0);
        outcome.timings.put("resetMillis", RunOutcome.timed(() -> reset(planned, runDir)));
        LoadProcess.Started load = LoadProcess.start(jvms.measuredLoadCommand(planned.variant(), loadJar,
                options.appUrl, runDir, planned.dirName(), true));
        return new RunTarget(options.appUrl, options.managementUrl, null, load);
    }

    /** {@code --reset-command} (its output in the run's reset.log), or the reset over JDBC. */
    @Override
    public void reset(RunPlan.Planned planned, Path runDir) {
        if (options.resetCommand == null) {
            new DatabaseReset(options.resetJdbcUrl, options.dbUser == null ? "root" : options.dbUser,
                    options.dbPassword == null ? "" : options.dbPassword).reset();
            return;
        }
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
    }

    @Override
    public void measuredLoadDone(RunPlan.Window next) {
        // Nothing to start ahead: the app there runs on.
    }

    @Override
    public long awaitPreviousApps() {
        return 0;
    }

    @Override
    public void release(RunTarget target) {
        // The app there is not ours to stop.
    }

    @Override
    public List<String> settingsProblems(JsonNode settings, RunPlan.Planned planned) {
        // Its thread mode is the remote host's configuration, not a variant of this plan.
        return List.of();
    }

    @Override
    public void addAppFindings(ObjectNode record, RunPlan.Planned planned, Path runDir, RunOutcome outcome) {
        // Its files stay on its host; its session store is what it reads back.
        SessionCheck.addReadBack(record, outcome.settings);
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
