package dev.poolbench.bench.micro;

import dev.poolbench.webapp.pool.StandalonePool;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The command line of {@code ./poolbench micro}. The JMH defaults (1 fork, 3 x 1 s warm-up,
 * 5 x 1 s measurement) keep the full run (every pool x 3 targets x 4 thread counts x 2
 * benchmarks) near 25 minutes on 2 cores; docs/micro.md explains the choice.
 */
@Command(name = "poolbench micro", sortOptions = false,
        description = "JMH microbenchmark of the JDBC pools: connectionCycle (getConnection + close) and "
                + "statementCycle (prepare, execute, close on a held connection), per pool x target x threads.")
final class MicroOptions implements Callable<Integer> {

    static final List<String> BENCHMARKS = List.of("connectionCycle", "statementCycle");

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Option(names = "--quick", description = "Functional trial, not a measurement: no fork, no warm-up, "
            + "one 100 ms iteration per benchmark.")
    boolean quick;

    @Option(names = "--profiles", split = ",", paramLabel = "P1,P2",
            description = "Pool profiles of the app, plus drivermanager (default: all of them).")
    List<String> profiles;

    @Option(names = "--targets", split = ",", paramLabel = "T1,T2",
            description = "stub, h2, mariadb (default: all three).")
    List<String> targets;

    @Option(names = "--threads", split = ",", paramLabel = "N1,N2", description = "Benchmark threads (default: 1,2,8,32).")
    List<Integer> threads;

    @Option(names = "--benchmarks", split = ",", paramLabel = "B1,B2",
            description = "connectionCycle, statementCycle (default: both).")
    List<String> benchmarks;

    @Option(names = "--pool-size", paramLabel = "N", description = "Equalized pool size (default: ${DEFAULT-VALUE}, the app's).")
    int poolSize = 10;

    @Option(names = "--forks", paramLabel = "N", description = "JMH forks per trial (default: 1; 0 with --quick).")
    Integer forks;

    @Option(names = "--warmup", paramLabel = "N", description = "Warm-up iterations (default: 3; 0 with --quick).")
    Integer warmupIterations;

    @Option(names = "--iterations", paramLabel = "N", description = "Measurement iterations (default: 5; 1 with --quick); JMH gives an error from 3 on.")
    Integer iterations;

    @Option(names = "--iteration-millis", paramLabel = "MS",
            description = "Length of each warm-up and measurement iteration (default: 1000; 100 with --quick).")
    Integer iterationMillis;

    @Option(names = "--db-port", paramLabel = "PORT", description = "Port of the embedded MariaDB, 0 for any free one (default: ${DEFAULT-VALUE}).")
    int dbPort = 13306;

    @Option(names = "--db-dir", paramLabel = "DIR",
            description = "Binaries and data of the embedded MariaDB, kept between runs (default: ${DEFAULT-VALUE}).")
    Path dbDir = MicroDatabase.BASE_DIR;

    @Option(names = "--results", paramLabel = "DIR", description = "Results root; output goes to DIR/<timestamp>/micro (default: ${DEFAULT-VALUE}).")
    Path results = Path.of("results");

    @Option(names = "--out", paramLabel = "DIR", description = "Exact output directory (overrides --results).")
    Path out;

    @Option(names = "--render", paramLabel = "DIR", description = "Run nothing: write the table and the charts "
            + "again from DIR/jmh-result.json of an earlier run (DIR is its micro/ directory; other options are ignored).")
    Path render;

    @Override
    public Integer call() throws Exception {
        if (render != null) {
            MicroRender.render(render, System.out);
            return 0;
        }
        return new MicroRun(settings()).run();
    }

    /** Checked values, defaults filled in; a bad value is a usage error (exit status 2). */
    Settings settings() {
        List<String> known = new ArrayList<>(StandalonePool.profiles());
        known.add(DriverManagerBaseline.NAME);
        List<String> pools = orDefault(profiles, known);
        check(pools, known, "--profiles", "profile");
        List<String> targetNames = orDefault(targets, Target.names());
        check(targetNames, Target.names(), "--targets", "target");
        List<String> benchmarkNames = orDefault(benchmarks, BENCHMARKS);
        check(benchmarkNames, BENCHMARKS, "--benchmarks", "benchmark");
        List<Integer> threadCounts = orDefault(threads, List.of(1, 2, 8, 32));
        for (int count : threadCounts) {
            atLeast("--threads", count, 1);
        }
        atLeast("--pool-size", poolSize, 1);
        int forkCount = forks != null ? forks : quick ? 0 : 1;
        int warmup = warmupIterations != null ? warmupIterations : quick ? 0 : 3;
        int measured = iterations != null ? iterations : quick ? 1 : 5;
        int millis = iterationMillis != null ? iterationMillis : quick ? 100 : 1000;
        atLeast("--forks", forkCount, 0);
        atLeast("--warmup", warmup, 0);
        atLeast("--iterations", measured, 1);
        atLeast("--iteration-millis", millis, 10);
        if (dbPort < 0 || dbPort > 65_535) {
            throw usage("--db-port must be 0..65535 (0: any free port), but is " + dbPort);
        }
        return new Settings(pools, targetNames.stream().map(Target::parse).toList(), threadCounts, benchmarkNames,
                poolSize, forkCount, warmup, measured, millis, dbPort, dbDir, results, out);
    }

    private static <T> List<T> orDefault(List<T> given, List<T> fallback) {
        return given == null || given.isEmpty() ? fallback : List.copyOf(given);
    }

    private void check(List<String> given, List<String> known, String option, String what) {
        for (String name : given) {
            if (!known.contains(name)) {
                throw usage(option + ": unknown " + what + " '" + name + "'; known: " + String.join(", ", known));
            }
        }
        if (given.stream().distinct().count() != given.size()) {
            throw usage(option + " names a " + what + " twice: " + String.join(",", given));
        }
    }

    private void atLeast(String option, int value, int min) {
        if (value < min) {
            throw usage(option + " must be >= " + min + ", but is " + value);
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** What a run does. */
    record Settings(List<String> pools, List<Target> targets, List<Integer> threads, List<String> benchmarks,
            int poolSize, int forks, int warmupIterations, int iterations, int iterationMillis, int dbPort,
            Path dbDir, Path results, Path out) {

        /** Trials JMH will run: one per pool x target x threads x benchmark. */
        int trials() {
            return pools.size() * targets.size() * threads.size() * benchmarks.size();
        }

        /** Seconds of warm-up and measurement per trial, without JVM start and pool set-up. */
        double secondsPerTrial() {
            return (warmupIterations + iterations) * iterationMillis / 1000.0;
        }
    }
}
