package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.db.LocalDatabase;
import dev.poolbench.bench.compare.jvm.JvmOptionsTemplate;
import dev.poolbench.bench.compare.launch.LiveApps;
import dev.poolbench.bench.compare.launch.LoadProcess;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.machine.OwnProcesses;
import dev.poolbench.bench.compare.outcomes.Reruns;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.StopRule;
import dev.poolbench.bench.compare.plan.StopRuleFactory;
import dev.poolbench.bench.compare.redis.LocalRedis;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.Workspace;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Iterator;
import java.util.List;

/**
 * {@code compare}: the whole comparison. Sets up the site (local: data, embedded MariaDB, jar
 * copies; remote: the app's settings read back), then hands out the plan's runs one by one to
 * {@link MeasuredRun}, re-runs disturbed ones when asked, and returns the results directory
 * (its summary is the report's: the command puts the two in a row).
 */
public final class Comparison {

    private final CompareOptions options;
    private final StopRuleFactory stopRules;
    private final PrintStream out = System.out;
    private final LiveApps apps = new LiveApps();
    /** Our own processes: their CPU is the measured work, anything else disturbs it (the site adds a proxy). */
    private final OwnProcesses ownProcesses = OwnProcesses.ofComparison(apps::pids, LoadProcess::runningPids);
    private volatile RunSite site;
    private volatile JarSnapshot jars;
    private volatile boolean interrupted;
    private volatile Progress progress;

    /** @param stopRules the rule of {@code --until-decided} or a size search (used only when adaptive) */
    public Comparison(CompareOptions options, StopRuleFactory stopRules) {
        this.options = options;
        this.stopRules = stopRules;
    }

    /** Runs the plan; returns the results directory (runs.jsonl, run directories, environment.json). */
    public Path run() throws Exception {
        long startNanos = System.nanoTime();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        checkBuilt();
        Path dir = resultsDir();
        out.println("poolbench compare: results in " + dir);
        ComparisonEnvironment environment = ComparisonEnvironment.start(options, java, dir);
        Runtime.getRuntime().addShutdownHook(new Thread(this::shutdown, "poolbench-shutdown"));
        RunPlan plan;
        String appVersion;
        try {
            if (options.poolRelease != null) {
                options.poolRelease.build(out::println);
            }
            jars = JarSnapshot.take(options, environment);
            site = openSite(java, dir, environment);
            environment.write();
            site.prepare(site.profiles(), environment);
            plan = plan(environment, dir);
            appVersion = runAll(plan, dir);
        } finally {
            close();
        }
        environment.finish(appVersion, plan.stopReason(), startNanos);
        return dir;
    }

    private RunSite openSite(String java, Path dir, ComparisonEnvironment environment)
            throws IOException, InterruptedException {
        Path data = LocalDatabase.data(Workspace.STATE.resolve("data"), options.seed, out::println);
        if (options.remote()) {
            RunJvms jvms = new RunJvms(options, java, data, dir, () -> null, () -> null, jars.appJars(), jars.loadLib());
            return RemoteSite.connect(options, jvms, jars.loadJar(), environment, out::println);
        }
        return LocalSite.start(options, java, dir, data, jars, apps, ownProcesses, environment, this::message);
    }

    private RunPlan plan(ComparisonEnvironment environment, Path dir) {
        List<String> profiles = site.profiles();
        List<Integer> sizes = site.sizes();
        for (String skipped : options.skippedVariants) {
            out.println("not run: " + skipped);
        }
        String reference = Json.text(environment.json(), "options.reference");
        int maxRounds = options.maxRuns == null ? options.runs : options.maxRuns;
        StopRule stopRule = options.adaptive()
                ? stopRules.create(profiles, sizes, reference, dir, this::message) : null;
        // A size search chooses every round, the first included: no fixed rounds before it.
        int runs = stopRule != null && stopRule.choosesEveryRound() ? 0 : options.runs;
        RunPlan plan = options.sweepReference != null
                ? RunPlan.sizeDuets(profiles, sizes, options.sweepReference, options.variants, runs, maxRounds,
                        stopRule, options.seed)
                : options.variantDuets()
                ? RunPlan.variantDuets(profiles, sizes, options.variants, options.runs, maxRounds, stopRule, options.seed)
                : options.duet
                ? RunPlan.duets(profiles, reference, sizes, options.variants, options.runs, maxRounds, stopRule,
                        options.seed)
                : RunPlan.create(profiles, sizes, options.variants, options.runs, maxRounds, options.order, stopRule);
        if (runs == 0) {
            out.printf("size duets (two lanes at a time, each size against size %d of the same pool): %s, the rounds "
                    + "chosen by the search until %s, %d s measured + %d s warm-up each%n", options.sweepReference,
                    String.join(",", profiles), stopRule.goal(), options.durationSeconds, options.warmupSeconds);
            return plan;
        }
        String against = options.sweepReference != null ? "each size against size " + options.sweepReference
                + " of the same pool" : plan.referenceVariant() != null ? "each variant against "
                + plan.referenceVariant().shortLabel() + " of the same pool" : "each against " + reference;
        out.printf("%d runs%s: %s, %d round(s) %s%s, %d s measured + %d s warm-up each%n", plan.plannedRuns(),
                plan.duet() ? " in " + plan.plannedWindows() + " duets (two lanes at a time, " + against + ")" : "",
                String.join(",", profiles), runs, options.order, adaptiveText(),
                options.durationSeconds, options.warmupSeconds);
        return plan;
    }

    /** How rounds are added after --runs, for the plan's line: "" for a fixed plan. */
    private String adaptiveText() {
        if (!options.untilDecided) {
            return "";
        }
        String minutes = options.maxMinutes == null ? "" : " and " + new java.text.DecimalFormat("0.#",
                java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT)).format(options.maxMinutes) + " min";
        String early = options.runs > PairedTest.EARLY_LOOK_ROUNDS
                ? "; a pair decided more than " + PairedTest.EARLY_LOOK_MARGINS_TEXT
                        + " margins apart after " + PairedTest.EARLY_LOOK_ROUNDS
                        + " rounds leaves early" : "";
        return " (then rounds of the undecided pairs only, up to " + options.maxRuns + " rounds" + minutes
                + " in all, while a round can decide a pair" + early + ")";
    }

    /** Every planned run, then the re-runs of disturbed ones; returns the app's JVM version as read back. */
    private String runAll(RunPlan plan, Path dir) throws IOException, InterruptedException {
        String appVersion = null;
        try (Progress p = new Progress(out, Progress.isTerminal(), plan.plannedWindows(),
                (options.durationSeconds + options.warmupSeconds) * 1_000L)) {
            progress = p;
            MeasuredRun measuredRun = new MeasuredRun(options, dir, site, ownProcesses, p);
            Reruns reruns = new Reruns(options.rerunDisturbed);
            Iterator<RunPlan.Window> windows = plan.windows();
            RunPlan.Window window = windows.hasNext() ? windows.next() : null;
            while (window != null && !interrupted) {
                p.totalRuns(plan.plannedWindows());
                // The next window, when it is known already, starts its JVMs during this one's report check.
                RunPlan.Window next = nextKnownNow(plan, window) && windows.hasNext() ? windows.next() : null;
                List<ObjectNode> records = measuredRun.record(window, next);
                for (int i = 0; i < records.size(); i++) {
                    ObjectNode record = records.get(i);
                    RunPlan.Planned planned = window.lanes().get(i);
                    appVersion = appVersion != null ? appVersion : Json.text(record, "versions.appJvm");
                    reruns.offer(planned, planned.dirName(), record);
                    plan.record(RunRecord.of(record));
                }
                window = next != null ? next : windows.hasNext() ? windows.next() : null;
            }
            if (plan.stopReason() != null) {
                p.message(plan.stopReason());
            }
            if (reruns.pending() > 0 && !interrupted) {
                p.addRuns(reruns.pending());
                p.message("re-running up to " + reruns.pending() + " disturbed run(s) (--rerun-disturbed "
                        + options.rerunDisturbed + ")");
                reruns.runAll(measuredRun::rerun, () -> interrupted);
            }
        } finally {
            progress = null;
        }
        return appVersion;
    }

    /**
     * Whether the run after {@code current} can be asked for before {@code current} is recorded:
     * always, but at the end of a round of an adaptive plan after its first {@code runs} rounds,
     * whose rule decides on the runs recorded so far whether (and which) another round follows.
     * The first rounds are fixed: at their ends the next window's JVMs start during the report
     * check as within a round (they waited the app's whole start-up before, about 15 s a round).
     */
    private boolean nextKnownNow(RunPlan plan, RunPlan.Window current) {
        return !plan.adaptive() || "sequential".equals(options.order) || !plan.endsRound(current)
                || plan.nextRoundFixed();
    }

    /** A line for the user: above the progress line while runs go on, else plainly. */
    private void message(String line) {
        Progress p = progress;
        if (p != null) {
            p.message(line);
        } else {
            out.println(line);
        }
    }

    /** The end, normal or not: every app JVM, what the site started, the jar copies. */
    private void close() {
        apps.stopAll();
        RunSite s = site;
        site = null;
        if (s != null) {
            s.close();
        }
        JarSnapshot j = jars;
        jars = null;
        if (j != null) {
            j.close();
        }
    }

    /** Ctrl-C: stop the load run, the app JVM and the database, in that order. */
    private void shutdown() {
        interrupted = true;
        if (site != null) {
            System.err.println("\npoolbench compare: interrupted; stopping the load run, the app JVM and the "
                    + "database (results so far stay in " + options.results + ")");
        }
        LoadProcess.RUNNING.forEach(Process::destroy);
        close();
    }

    private Path resultsDir() throws IOException {
        String stamp = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path dir = options.results.resolve(stamp);
        for (int i = 2; Files.exists(dir); i++) {
            dir = options.results.resolve(stamp + "-" + i);
        }
        return Files.createDirectories(dir);
    }

    /**
     * The jars exist, the app's JVM options render, and a plan with a Redis session store has a
     * redis-server to start (what is missing stops the comparison before anything starts).
     */
    private void checkBuilt() throws IOException {
        if (options.needsRedis()) {
            LocalRedis.requireBinary();
        }
        List<Path> jarsNeeded = options.remote() || options.appBuilds != null ? List.of(Workspace.LOAD_JAR)
                : List.of(Workspace.LOAD_JAR, Workspace.WEBAPP_JAR);
        for (Path jar : jarsNeeded) {
            if (!Files.isRegularFile(jar.toAbsolutePath())) {
                throw new IllegalStateException(jar.toAbsolutePath() + " is missing: build it with ./mvnw -q -B "
                        + "-DskipTests package (./poolbench compare does this for you), or run from the repository root");
            }
        }
        if (!options.remote()) {
            JvmOptionsTemplate.render(options.jvmOptions, RunJvms.templateValues(options, Path.of("/tmp")));
        }
    }
}
