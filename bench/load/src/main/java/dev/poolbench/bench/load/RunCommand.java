package dev.poolbench.bench.load;

import dev.poolbench.bench.load.check.AssetManifest;
import dev.poolbench.bench.load.model.ClientModel;
import dev.poolbench.bench.load.model.IpLists;
import dev.poolbench.bench.load.model.UserData;
import dev.poolbench.bench.load.report.Expectations;
import dev.poolbench.bench.load.report.ReportCheck;
import dev.poolbench.bench.load.score.Jump;
import dev.poolbench.bench.load.score.Scorer;
import dev.poolbench.bench.load.sim.LoginSimulation;
import dev.poolbench.bench.load.sim.RunContext;

import java.io.IOException;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** {@code run}: one Gatling run, the /report check, result.json and the ISUCON lines. */
final class RunCommand {
    /** The line printed after an in-JVM warm-up; with awaitMeasure, any line on stdin starts the measured run. */
    static final String WARMUP_DONE = "warmup-done";
    /** With awaitStart: the data is read; any line on stdin starts the run (probe, warm-up, load). */
    static final String READY = "ready";
    /** With awaitStart: the measured load is over (the settle and the report check follow). */
    static final String LOAD_DONE = "load-done";
    private final Config config;
    private final PrintStream out;
    private final PrintStream err;
    private final List<String> isuconLines = Collections.synchronizedList(new ArrayList<>());

    RunCommand(Config config, PrintStream out, PrintStream err) {
        this.config = config;
        this.out = out;
        this.err = err;
    }

    int run() throws UsageException {
        UserData users;
        AssetManifest manifest;
        try {
            users = UserData.load(config.dataDir);
            manifest = AssetManifest.load();
        } catch (IOException | RuntimeException e) {
            throw new UsageException("cannot read the user data in " + config.dataDir + ": " + e.getMessage());
        }
        int lists = (IpLists.LIST_COUNT - config.partition.firstList() + config.partition.count() - 1)
                / config.partition.count();
        if (config.workload + config.jumpWorkload > lists) {
            throw new UsageException("--workload " + config.workload + (config.jumpWorkload > 0 ? " + --jump-workload "
                    + config.jumpWorkload : "") + " needs one ip list per worker; partition " + config.partition
                    + " has " + lists);
        }
        if (config.awaitStart) {
            out.println(READY);
            out.flush();
            startAt(awaitLine("before the start"));
        }
        probe(config.baseUrl);
        try {
            Files.createDirectories(config.outDir);
        } catch (IOException e) {
            throw new UsageException("cannot create " + config.outDir + ": " + e.getMessage());
        }

        if (config.warmupSeconds > 0) {
            warmUp(users, manifest);
        }
        return measure(users, manifest);
    }

    /**
     * The warm-up in this JVM: a run of its own (fresh client model, results in out/warmup, no
     * report check), so that the measured run starts on a JIT-compiled load generator. With
     * {@code awaitMeasure} the runner resets the database between the two.
     */
    private void warmUp(UserData users, AssetManifest manifest) throws UsageException {
        Config warm = config.copy();
        warm.durationSeconds = config.warmupSeconds;
        warm.warmupSeconds = 0;
        warm.jumpWorkload = 0;
        warm.pauseSeconds = 0;
        warm.awaitStart = false;
        warm.reportCheck = false;
        warm.htmlReport = false;
        warm.outDir = config.outDir.resolve("warmup");
        warm.label = (config.label.isEmpty() ? "poolbench" : config.label) + " warm-up";
        try {
            Files.createDirectories(warm.outDir);
        } catch (IOException e) {
            throw new UsageException("cannot create " + warm.outDir + ": " + e.getMessage());
        }
        int status = new RunCommand(warm, out, err).measure(users, manifest);
        if (status == LoadMain.EXIT_USAGE) {
            throw new UsageException("the warm-up run failed");
        }
        out.println(WARMUP_DONE);
        out.flush();
        if (config.awaitMeasure) {
            startAt(awaitLine("after the warm-up"));
        }
    }

    /** {@code at <epochMillis>}: the measured run's first worker waits for that instant (any other line: at once). */
    private void startAt(String line) throws UsageException {
        if (line.startsWith("at ")) {
            try {
                config.startAtEpochMillis = Long.parseLong(line.substring(3).trim());
            } catch (NumberFormatException e) {
                throw new UsageException("the runner's line '" + line + "' is not 'at <epoch milliseconds>'");
            }
        }
    }

    /** One line from the runner on stdin; end of input means the runner went away. */
    private static String awaitLine(String when) throws UsageException {
        try {
            // One byte at a time: a buffered reader could swallow the runner's next line.
            StringBuilder line = new StringBuilder();
            for (int c; (c = System.in.read()) != '\n'; ) {
                if (c < 0) {
                    throw new UsageException("stdin closed " + when + ": the runner went away, no measured run");
                }
                line.append((char) c);
            }
            return line.toString().strip();
        } catch (IOException e) {
            throw new UsageException("cannot read stdin " + when + ": " + e.getMessage());
        }
    }

    private int measure(UserData users, AssetManifest manifest) throws UsageException {
        ClientModel model = new ClientModel(users, config.partition, config.ipBanThreshold, config.userLockThreshold);
        // The series keeps the duration, the grace and some slack for a slow stop.
        int seriesSeconds = config.durationSeconds + config.graceSeconds + 30;
        Scorer scorer = new Scorer(config.workload + config.jumpWorkload, line -> {
            isuconLines.add(line);
            if (!config.quiet) {
                out.println(line);
            }
        }, seriesSeconds, config.latencyThresholdsMillis);
        if (config.jumpWorkload > 0) {
            scorer.jump(new Jump(config.jumpAtSeconds, config.jumpSeconds, config.jumpWorkload));
        }
        RunContext ctx = new RunContext(config, model, scorer, manifest);
        RunContext.install(ctx);

        Thread progress = new Thread(() -> progressLoop(ctx), "poolbench-progress");
        progress.setDaemon(true);
        if (!config.quiet) {
            progress.start();
        }
        int gatlingStatus;
        try {
            gatlingStatus = GatlingLauncher.launch(config);
        } catch (Throwable t) {
            throw new UsageException("gatling failed: " + t);
        } finally {
            progress.interrupt();
        }
        if (!ctx.started()) {
            throw new UsageException("gatling did not start the simulation (status " + gatlingStatus + ")");
        }
        if (!config.quiet) {
            printProgress(ctx);
        }
        if (config.awaitStart) {
            out.println(LOAD_DONE);
            out.flush();
        }
        model.markInFlightIncomplete();

        Expectations expected = new Expectations(model.bannedIps(), model.lockedUsers(),
                model.incompleteIps(), model.incompleteUsers());
        Map<String, Object> reportCheck;
        List<String> invalidReasons = new ArrayList<>();
        if (config.reportCheck) {
            sleep(config.settleMillis);
            ReportCheck.Result r = ReportCheck.run(config.baseUrl, config.userAgent, config.reportTimeoutMillis, expected);
            reportCheck = r.toJson();
            for (String p : r.problems()) {
                invalidReasons.add("report: " + p);
            }
        } else {
            reportCheck = ReportCheck.notPerformed();
        }

        Map<String, Object> record = ResultRecord.ofRun(config, ctx, invalidReasons, reportCheck,
                config.reportCheck ? null : expected);
        return ResultRecord.finish(record, config.outDir, isuconLines, out, err, config.quiet);
    }

    /** A base URL nobody answers is a setup error (exit 2), not an invalid run. */
    static void probe(String baseUrl) throws UsageException {
        try {
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            client.send(HttpRequest.newBuilder(URI.create(baseUrl + "/")).timeout(Duration.ofSeconds(10))
                    .header("User-Agent", "poolbench-bench/0.1 (probe)").GET().build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (ConnectException | HttpConnectTimeoutException e) {
            throw new UsageException("cannot reach " + baseUrl + " (" + e.getClass().getSimpleName() + ")");
        } catch (IOException e) {
            throw new UsageException("cannot reach " + baseUrl + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UsageException("interrupted");
        } catch (IllegalArgumentException e) {
            throw new UsageException("bad --base-url " + baseUrl + ": " + e.getMessage());
        }
    }

    private void progressLoop(RunContext ctx) {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(1_000);
                if (ctx.started()) {
                    printProgress(ctx);
                }
            }
        } catch (InterruptedException e) {
            // run over
        }
    }

    private void printProgress(RunContext ctx) {
        long elapsed = ctx.elapsedMillis() / 1_000;
        long left = Math.max(0, config.durationSeconds - elapsed);
        out.println("progress\telapsed:" + elapsed + "\tleft:" + left
                + "\tsuccess:" + ctx.scorer.success() + "\tfail:" + ctx.scorer.fail());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Runs {@link LoginSimulation} in this JVM. */
    static final class GatlingLauncher {
        /** The first entry of {@code gatling.data.writers} (Typesafe Config reads numbered keys as a list). */
        private static final String FILE_WRITER = "gatling.data.writers.0";

        private GatlingLauncher() {
        }

        static int launch(Config config) {
            // Always set: a run in the same JVM (tests) must not inherit an earlier run's timeout.
            System.setProperty("gatling.http.requestTimeout", Integer.toString(config.requestTimeoutMillis));
            // Gatling's file writer records every request for the HTML report, on a thread of its
            // own: off (gatling.conf: writers = []) unless the report is asked for.
            if (config.htmlReport) {
                System.setProperty(FILE_WRITER, "file");
            } else {
                System.clearProperty(FILE_WRITER);
            }
            com.typesafe.config.ConfigFactory.invalidateCaches();
            List<String> args = new ArrayList<>(List.of(
                    "--simulation", LoginSimulation.class.getName(),
                    "--results-folder", config.outDir.resolve("gatling").toAbsolutePath().toString(),
                    "--run-description", config.label.isEmpty() ? "poolbench" : config.label,
                    "--launcher", "poolbench"));
            if (!config.htmlReport) {
                args.add("--no-reports");
            }
            try {
                return io.gatling.app.Gatling$.MODULE$.fromArgs(args.toArray(String[]::new));
            } finally {
                GatlingLogging.restore();
            }
        }
    }
}
