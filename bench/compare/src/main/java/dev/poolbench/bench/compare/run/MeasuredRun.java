package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.machine.DisturbanceSentinel;
import dev.poolbench.bench.compare.machine.OwnProcesses;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * One measured run of a {@link Comparison}: prepare (its app and load JVM, the database reset),
 * warm up, reset, measure, collect, record. The steps are the same wherever the app lives; the
 * {@link RunSite} says how each is done there. The run's record is written to run.json and
 * runs.jsonl.
 */
final class MeasuredRun {

    private final CompareOptions options;
    private final Path dir;
    private final RunSite site;
    private final OwnProcesses ownProcesses;
    private final Progress progress;

    MeasuredRun(CompareOptions options, Path dir, RunSite site, OwnProcesses ownProcesses, Progress progress) {
        this.options = options;
        this.dir = dir;
        this.site = site;
        this.ownProcesses = ownProcesses;
        this.progress = progress;
    }

    /**
     * One run into runs/DIRNAME, its record written to run.json and runs.jsonl and shown.
     *
     * @param next the run that will follow this one, when already known: its JVMs start during
     *             this run's report check; null for none
     */
    ObjectNode record(RunPlan.Planned planned, String dirName, String rerunOf, RunPlan.Planned next)
            throws IOException, InterruptedException {
        Path runDir = Files.createDirectories(dir.resolve("runs").resolve(dirName));
        progress.runStarted(progress.nextIndex(), Progress.label(planned, Math.max(options.runs, planned.round()))
                + (rerunOf == null ? "" : " (re-run)"));
        ObjectNode record = RunRecords.assemble(planned, measure(planned, runDir, next), options, site, runDir);
        if (record.path("disturbed").asBoolean()) {
            progress.message("WARNING: run " + dirName + " was disturbed: "
                    + DisturbanceSentinel.reasons(record.get("disturbance")));
        }
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

    /** The run's steps up to its record; never throws for a failure of the run itself. */
    private RunOutcome measure(RunPlan.Planned planned, Path runDir, RunPlan.Planned next)
            throws IOException, InterruptedException {
        RunOutcome outcome = new RunOutcome();
        MeasuredWindow window = new MeasuredWindow(ownProcesses, site::proxyCpuSeconds, options.disturbanceThresholds);
        RunTarget target = null;
        try {
            target = site.open(planned, runDir, outcome, progress);
            outcome.settings = readSettings(target, planned, runDir, outcome.problems);
            outcome.loadExit = LoadProcess.run(target.load(), runDir.resolve("load.log"), (left, success, fail) -> {
                window.loadProgress(left);
                progress.live(left, success, fail);
            }, new LoadSteps(target, runDir, outcome, window, next));
            window.end(outcome, runDir, site.gcLog(runDir), options.durationSeconds);
            if (outcome.loadExit == 2) {
                outcome.problems.add("load run failed (exit 2): " + MeasuredWindow.lastLine(runDir.resolve("load.log")));
            }
        } catch (RuntimeException | IOException e) {
            outcome.failed(e);
            progress.message("run " + planned.dirName() + " failed: " + e.getMessage());
            if (target != null) {
                target.load().discard();
            }
        } finally {
            window.stop(outcome, runDir, site.gcLog(runDir));
            site.release(target);
        }
        outcome.finish(runDir, options.durationSeconds);
        progress.runFinished();
        return outcome;
    }

    /** The pool settings the app reports, kept in poolsettings.json and checked against the plan. */
    private JsonNode readSettings(RunTarget target, RunPlan.Planned planned, Path runDir, List<String> problems)
            throws IOException, InterruptedException {
        JsonNode settings = AppProcess.getJson(target.settingsUrl());
        Json.write(runDir.resolve("poolsettings.json"), settings);
        String profileThere = PoolSettings.profile(settings);
        if (profileThere != null && !profileThere.equals(planned.appProfile())) {
            problems.add("app runs profile " + profileThere + ", expected " + planned.appProfile());
        }
        problems.addAll(site.settingsProblems(settings, planned));
        return settings;
    }

    /**
     * The load JVM's protocol, answered with the run's steps. One load JVM per run: its warm-up
     * (unscored, in the same JVM, so the measured window starts on a JIT-compiled load
     * generator), then on its "warmup-done" the database reset and the samplers, then the
     * measured load.
     */
    private final class LoadSteps implements LoadProcess.Hooks {
        private final RunTarget target;
        private final Path runDir;
        private final RunOutcome outcome;
        private final MeasuredWindow window;
        private final RunPlan.Planned next;
        private final boolean warmup = options.warmupSeconds > 0;
        private final long readWaitFrom = System.nanoTime();
        private long startSent;

        LoadSteps(RunTarget target, Path runDir, RunOutcome outcome, MeasuredWindow window, RunPlan.Planned next) {
            this.target = target;
            this.runDir = runDir;
            this.outcome = outcome;
            this.window = window;
            this.next = next;
        }

        @Override
        public void beforeStart() {
            // The load JVM has read its data: what it still had to do before "ready" was waited for.
            outcome.timings.put("loadReadyWaitMillis", (System.nanoTime() - readWaitFrom) / 1_000_000);
            progress.phase(warmup ? "warm-up" : "measure", warmup ? options.warmupSeconds : options.durationSeconds);
            if (!warmup) {
                beginMeasuredWindow();
            }
            startSent = System.nanoTime();
        }

        @Override
        public void betweenWarmupAndMeasure() {
            outcome.timings.put("warmupMillis", (System.nanoTime() - startSent) / 1_000_000);
            progress.phase("reset", 0);
            outcome.timings.put("warmupResetMillis", RunOutcome.timed(() -> site.reset(runDir)));
            progress.phase("measure", options.durationSeconds);
            beginMeasuredWindow();
        }

        @Override
        public void loadDone() {
            site.measuredLoadDone(next);
        }

        /** The previous run's app stopped during the warm-up; it must be gone before the window begins. */
        private void beginMeasuredWindow() {
            try {
                outcome.timings.put("previousAppStopWaitMillis", site.awaitPreviousApps());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the previous app stopped");
            }
            window.begin(target.metricsUrl(), runDir);
        }
    }
}
