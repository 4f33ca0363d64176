package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.launch.AppProcess;
import dev.poolbench.bench.compare.launch.LaneSync;
import dev.poolbench.bench.compare.launch.LoadProcess;
import dev.poolbench.bench.compare.launch.PlantCheck;
import dev.poolbench.bench.compare.launch.PoolSettings;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.launch.RunTarget;
import dev.poolbench.bench.compare.machine.OwnProcesses;
import dev.poolbench.bench.compare.outcomes.RunOutcome;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The steps of one measured window for each of its lanes at once: prepare (each lane's app and
 * load JVM, its database reset), warm up, reset, measure, collect. Each lane's load JVM is read
 * on a thread of its own and the lanes meet at each step of the load protocol ({@link LaneSync}),
 * so a duet's two loads start, and measure, at the same instant. A solo window is one lane.
 */
final class WindowMeasurement {

    /**
     * How far ahead of now a duet's lanes are told to start their measured load: more than a
     * load JVM takes to launch Gatling on a busy two-core machine (0.1-0.6 s measured), so both
     * first requests go out at the same instant instead of whenever each launch is done.
     */
    static final long DUET_START_LEAD_MILLIS = 1_000;

    private final CompareOptions options;
    private final RunSite site;
    private final OwnProcesses ownProcesses;
    private final Progress progress;

    WindowMeasurement(CompareOptions options, RunSite site, OwnProcesses ownProcesses, Progress progress) {
        this.options = options;
        this.site = site;
        this.ownProcesses = ownProcesses;
        this.progress = progress;
    }

    /** Every lane's outcome, in lane order; never throws for a failure of a run itself. */
    List<RunOutcome> measure(RunPlan.Window window, List<Path> runDirs, RunPlan.Window next)
            throws InterruptedException {
        site.beginWindow(window);
        Lanes lanes = new Lanes(window, runDirs, next);
        ExecutorService threads = Executors.newFixedThreadPool(lanes.size(), r -> {
            Thread t = new Thread(r, "poolbench-lane");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < lanes.size(); i++) {
                int lane = i;
                running.add(threads.submit(() -> lanes.run(lane)));
            }
            for (Future<?> f : running) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("a lane's thread failed: " + e.getCause(), e.getCause());
        } finally {
            threads.shutdownNow();
        }
        return Arrays.asList(lanes.outcomes);
    }

    /** The window's lanes, what each has found so far, and what they share. */
    private final class Lanes {
        final List<RunPlan.Planned> planned;
        final List<Path> runDirs;
        final RunPlan.Window next;
        final RunOutcome[] outcomes;
        final RunTarget[] targets;
        final MeasuredWindow window;
        final LaneSync sync;
        /** Set at the window's first progress line: the warm-up load is running. */
        final AtomicBoolean warmupRunning = new AtomicBoolean();
        /** The instant every lane starts its measured load (a duet), 0 = as soon as told. */
        volatile long startAtMillis;

        Lanes(RunPlan.Window w, List<Path> runDirs, RunPlan.Window next) {
            this.planned = w.lanes();
            this.runDirs = runDirs;
            this.next = next;
            this.outcomes = new RunOutcome[planned.size()];
            Arrays.setAll(outcomes, i -> new RunOutcome());
            this.targets = new RunTarget[planned.size()];
            this.window = new MeasuredWindow(ownProcesses, site::proxyCpuSeconds, options.disturbanceThresholds,
                    planned.size());
            // Long enough for the slowest lane's start and warm-up; a lane that hangs beyond it fails the window.
            this.sync = new LaneSync(planned.size(), AppProcess.HEALTH_TIMEOUT.toSeconds() + 2L * options.warmupSeconds
                    + 60);
        }

        int size() {
            return planned.size();
        }

        /** One lane end to end: prepare, warm up, reset, measure, collect. */
        void run(int lane) {
            RunPlan.Planned p = planned.get(lane);
            Path runDir = runDirs.get(lane);
            RunOutcome outcome = outcomes[lane];
            RunTarget target = null;
            try {
                target = site.open(p, runDir, outcome, progress);
                targets[lane] = target;
                outcome.settings = readSettings(target, p, runDir, outcome.problems);
                outcome.loadExit = LoadProcess.run(target.load(), runDir.resolve("load.log"), (left, success, fail) -> {
                    if (options.warmupSeconds > 0 && warmupRunning.compareAndSet(false, true)) {
                        // The window's first progress line is its warm-up's.
                        site.warmupRunning();
                    }
                    window.loadProgress(left);
                    if (lane == 0) {
                        progress.live(left, success, fail);
                    }
                }, new LaneSteps(this, lane));
                window.end(outcome, runDir, site.gcLog(runDir), options.durationSeconds);
                outcome.plantAfter = PlantCheck.read(target.metricsUrl());
                outcome.problems.addAll(PlantCheck.problems(p.variant(), outcome.settings, outcome.plantAfter));
                if (outcome.loadExit == 2) {
                    outcome.problems.add("load run failed (exit 2): " + MeasuredWindow.lastLine(runDir.resolve("load.log")));
                }
            } catch (RuntimeException | IOException | InterruptedException e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                sync.abort();
                outcome.failed(e);
                progress.message("run " + runDir.getFileName() + " failed: " + e.getMessage());
                if (target != null) {
                    target.load().discard();
                }
            } finally {
                window.stop(lane, outcome, runDir, site.gcLog(runDir));
                site.release(target);
            }
            finish(outcome, runDir);
        }

        private void finish(RunOutcome outcome, Path runDir) {
            try {
                outcome.finish(runDir, options.durationSeconds);
            } catch (IOException | RuntimeException e) {
                outcome.failed(e);
            }
        }

        /**
         * The measured window begins for every lane: the previous window's apps are gone, the
         * samplers start; for a duet at the shared start instant, which the lanes are told.
         */
        void beginMeasuredWindow() {
            long waited;
            try {
                waited = site.awaitPreviousApps();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the previous app stopped");
            }
            List<URI> metrics = new ArrayList<>();
            for (int i = 0; i < size(); i++) {
                outcomes[i].timings.put("previousAppStopWaitMillis", waited);
                metrics.add(targets[i].metricsUrl());
            }
            if (size() == 1) {
                window.begin(metrics, runDirs);
                return;
            }
            long at = System.currentTimeMillis() + DUET_START_LEAD_MILLIS;
            startAtMillis = at;
            Thread begin = new Thread(() -> {
                sleepUntil(at);
                window.begin(metrics, runDirs);
            }, "poolbench-window-begin");
            begin.setDaemon(true);
            begin.start();
        }

        /** Every lane's database back to its initial state, between the warm-up and the measured window. */
        void resetAll() {
            for (int i = 0; i < size(); i++) {
                RunPlan.Planned p = planned.get(i);
                Path runDir = runDirs.get(i);
                outcomes[i].timings.put("warmupResetMillis", RunOutcome.timed(() -> site.reset(p, runDir)));
            }
        }
    }

    private static void sleepUntil(long epochMillis) {
        long wait = epochMillis - System.currentTimeMillis();
        if (wait > 0) {
            try {
                Thread.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
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
     * A lane's answers to its load JVM's protocol. One load JVM per run: its warm-up (unscored,
     * in the same JVM, so the measured window starts on a JIT-compiled load generator), then on
     * its "warmup-done" the databases' reset and the samplers, then the measured load; at each
     * step the lanes meet first.
     */
    private final class LaneSteps implements LoadProcess.Hooks {
        private final Lanes lanes;
        private final int lane;
        private final RunOutcome outcome;
        private final boolean warmup = options.warmupSeconds > 0;
        private final long readWaitFrom = System.nanoTime();
        private long startSent;

        LaneSteps(Lanes lanes, int lane) {
            this.lanes = lanes;
            this.lane = lane;
            this.outcome = lanes.outcomes[lane];
        }

        @Override
        public void beforeStart() {
            // The load JVM has read its data: what it still had to do before "ready" was waited for.
            outcome.timings.put("loadReadyWaitMillis", (System.nanoTime() - readWaitFrom) / 1_000_000);
            lanes.sync.meet("the start", () -> {
                progress.phase(warmup ? "warm-up" : "measure", warmup ? options.warmupSeconds : options.durationSeconds);
                if (!warmup) {
                    lanes.beginMeasuredWindow();
                }
            });
            startSent = System.nanoTime();
            if (!warmup) {
                outcome.measureSentNanos = startSent;
            }
        }

        @Override
        public void betweenWarmupAndMeasure() {
            outcome.timings.put("warmupMillis", (System.nanoTime() - startSent) / 1_000_000);
            lanes.sync.meet("the measured window", () -> {
                progress.phase("reset", 0);
                lanes.resetAll();
                progress.phase("measure", options.durationSeconds);
                lanes.beginMeasuredWindow();
            });
            outcome.measureSentNanos = System.nanoTime();
        }

        @Override
        public String startLine() {
            return lanes.startAtMillis > 0 ? "at " + lanes.startAtMillis : "start";
        }

        @Override
        public String measureLine() {
            return lanes.startAtMillis > 0 ? "at " + lanes.startAtMillis : "measure";
        }

        @Override
        public void loadDone() {
            // Every process of the lane is alive and has made its threads: where each may run.
            outcome.placement = site.observePlacement(lanes.planned.get(lane), lanes.targets[lane]);
            if (lanes.sync.loadDone()) {
                site.measuredLoadDone(lanes.next);
            }
        }
    }
}
