package dev.poolbench.bench.micro;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * One {@code ./poolbench micro}: starts the embedded MariaDB when a target needs it, runs JMH once
 * per thread count (JMH cannot vary threads as a parameter), then writes JMH's JSON of all trials
 * ({@code jmh-result.json}), the table ({@code micro.txt}, {@code micro.md}) and the charts.
 */
final class MicroRun {

    /** A benchmark itself failed (JMH reported an error): exit status 1. */
    static final class BenchmarkFailure extends Exception {
        BenchmarkFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    // JVM start, class loading (Spring's pool lookup), pool fill and JMH's bookkeeping per forked
    // trial, for the estimate printed at the start; JMH's own ETA lines show the real pace.
    private static final double FORK_OVERHEAD_SECONDS = 3;
    // Without a fork: the pool's set-up and tear-down and JMH's bookkeeping per trial.
    private static final double NO_FORK_OVERHEAD_SECONDS = 0.5;

    private final MicroOptions.Settings settings;
    private final PrintStream log;

    MicroRun(MicroOptions.Settings settings) {
        this(settings, System.out);
    }

    MicroRun(MicroOptions.Settings settings, PrintStream log) {
        this.settings = settings;
        this.log = log;
    }

    int run() throws IOException, BenchmarkFailure {
        Path out = outputDir();
        Files.createDirectories(out);
        // Every fork repeats warm-up and measurement; without a fork only the pool set-up is added.
        double estimate = settings.trials() * (settings.forks() > 0
                ? settings.forks() * (FORK_OVERHEAD_SECONDS + settings.secondsPerTrial())
                : settings.secondsPerTrial() + NO_FORK_OVERHEAD_SECONDS);
        log.printf(Locale.ROOT, "micro: %d trials (%d pools x %d targets x %d thread counts x %d benchmarks), "
                        + "forks %d, warm-up %d x %d ms, measurement %d x %d ms; about %s; output %s%n",
                settings.trials(), settings.pools().size(), settings.targets().size(), settings.threads().size(),
                settings.benchmarks().size(), settings.forks(), settings.warmupIterations(), settings.iterationMillis(),
                settings.iterations(), settings.iterationMillis(), minutes(estimate), out);
        MicroDatabase db = null;
        try {
            List<String> jvmArgs = new ArrayList<>(List.of("-Djava.awt.headless=true"));
            if (settings.targets().contains(Target.MARIADB)) {
                log.println("micro: starting the embedded MariaDB on port " + settings.dbPort() + " ...");
                db = MicroDatabase.start(settings.dbPort(), settings.dbDir());
                log.println("micro: " + db.version() + " on port " + db.port());
                String property = Target.MARIADB_PORT_PROPERTY + "=" + db.port();
                jvmArgs.add("-D" + property);
                // With --forks 0 the benchmarks run in this JVM.
                System.setProperty(Target.MARIADB_PORT_PROPERTY, String.valueOf(db.port()));
            }
            List<RunResult> results = new ArrayList<>();
            int round = 0;
            for (int threads : settings.threads()) {
                round++;
                log.printf("micro: threads %d (%d of %d)%n", threads, round, settings.threads().size());
                results.addAll(runJmh(threads, jvmArgs));
            }
            write(results, out);
            return 0;
        } finally {
            if (db != null) {
                db.close();
            }
        }
    }

    private List<RunResult> runJmh(int threads, List<String> jvmArgs) throws BenchmarkFailure {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(PoolBenchmark.class.getName() + "\\.(" + String.join("|", settings.benchmarks()) + ")$")
                .param("pool", settings.pools().toArray(String[]::new))
                .param("target", settings.targets().stream().map(Target::cliName).toArray(String[]::new))
                .param("poolSize", String.valueOf(settings.poolSize()))
                .threads(threads)
                .forks(settings.forks())
                .warmupIterations(settings.warmupIterations())
                .warmupTime(TimeValue.milliseconds(settings.iterationMillis()))
                .measurementIterations(settings.iterations())
                .measurementTime(TimeValue.milliseconds(settings.iterationMillis()))
                .jvmArgsAppend(jvmArgs.toArray(String[]::new))
                .shouldFailOnError(true);
        try {
            return new ArrayList<>(new Runner(options.build()).run());
        } catch (RunnerException e) {
            throw new BenchmarkFailure("JMH failed at " + threads + " threads: " + e.getMessage()
                    + " (the benchmark's own error is printed above)", e);
        }
    }

    private void write(List<RunResult> results, Path out) throws IOException {
        Path json = out.resolve("jmh-result.json");
        try (PrintStream stream = new PrintStream(Files.newOutputStream(json), true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, stream).writeOut(results);
        }
        String machine = "java " + System.getProperty("java.version") + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs";
        writeReport(MicroRow.of(results), settings, machine, out, log);
    }

    /** The table ({@code micro.txt}, {@code micro.md}) and the charts of the rows, into {@code out}. */
    static void writeReport(List<MicroRow> rows, MicroOptions.Settings settings, String machine, Path out,
            PrintStream log) throws IOException {
        String setup = String.format(Locale.ROOT, "pool size %d, forks %d, warm-up %d x %d ms, measurement %d x %d ms",
                settings.poolSize(), settings.forks(), settings.warmupIterations(), settings.iterationMillis(),
                settings.iterations(), settings.iterationMillis());
        String header = "poolbench micro: JMH throughput per pool x target x threads; " + setup + "; " + machine
                + (settings.forks() == 0 ? "; NO FORK: a functional trial, not a measurement" : "");
        String text = MicroTable.text(rows, settings, header);
        Files.writeString(out.resolve("micro.txt"), text);
        Files.writeString(out.resolve("micro.md"), MicroTable.markdown(rows, settings, header));
        List<Path> charts = MicroChart.write(rows, settings, out, setup);
        log.println();
        log.print(text);
        log.println();
        log.println("micro: wrote micro.txt, micro.md and " + charts.size() + " charts in " + out);
    }

    private Path outputDir() {
        if (settings.out() != null) {
            return settings.out();
        }
        String stamp = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return settings.results().resolve(stamp).resolve("micro");
    }

    private static String minutes(double seconds) {
        return seconds < 90 ? Math.round(seconds) + " s" : Math.round(seconds / 60) + " min";
    }
}
