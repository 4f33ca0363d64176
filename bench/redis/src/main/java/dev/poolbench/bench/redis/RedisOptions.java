package dev.poolbench.bench.redis;

import dev.poolbench.bench.redis.client.ClientKind;
import dev.poolbench.cli.Cli;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The command line of {@code ./poolbench redis}. The defaults are the published loop (1,000 SETs
 * per thread, threads 1 to 5,000) for every client, on platform threads and, on JDK 21+, on
 * virtual threads.
 */
@Command(name = "poolbench redis", sortOptions = false,
        description = "The published Redis client loop against a redis-server of its own: each thread sends "
                + "N SETs through Lettuce shared, Lettuce pooled (commons-pool2) or Jedis's pool; wall time, "
                + "µs per SET, client and server CPU, connections, errors per cell (docs/redis.md).")
final class RedisOptions implements Callable<Integer> {

    static final List<Integer> PUBLISHED_THREADS = List.of(1, 10, 100, 500, 1000, 5000);

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Option(names = "--quick", description = "Functional trial, not a measurement: threads 1,10 and 100 SETs per "
            + "thread unless given (default: off).")
    boolean quick;

    @Option(names = "--clients", split = ",", paramLabel = "C1,C2", description = "lettuce-shared, lettuce-pooled "
            + "(pool = threads), lettuce-pool-N, jedis-pooled (pool = threads), jedis-pool-N (default: "
            + "lettuce-shared,lettuce-pooled,lettuce-pool-8,lettuce-pool-16,lettuce-pool-64,jedis-pooled).")
    List<String> clients;

    @Option(names = "--threads", split = ",", paramLabel = "N1,N2", description = "Thread counts (default: 1,10,100,500,1000,5000; 1,10 with --quick).")
    List<Integer> threads;

    @Option(names = "--sets-per-thread", paramLabel = "N", description = "SETs per thread (default: 1000; 100 with --quick).")
    Integer setsPerThread;

    @Option(names = "--thread-modes", split = ",", paramLabel = "M1,M2", description = "platform, virtual "
            + "(default: both on JDK 21+, platform on older JDKs; virtual needs JDK 21+).")
    List<String> threadModes;

    @Option(names = "--warmup-sets", paramLabel = "N", description = "Before the first cell, each client sends N "
            + "SETs on each of 10 threads, not measured: the JIT and Lettuce's event loops are warm, as in a running "
            + "application (default: ${DEFAULT-VALUE}; 0 = off).")
    int warmupSets = 1000;

    @Option(names = "--connect-timeout-seconds", paramLabel = "S", description = "Opening a connection, and a pool "
            + "borrow waiting for one; a cell whose connections cannot open in time reports it (default: ${DEFAULT-VALUE}).")
    int connectTimeoutSeconds = 10;

    @Option(names = "--command-timeout-seconds", paramLabel = "S", description = "Waiting for one reply (default: ${DEFAULT-VALUE}).")
    int commandTimeoutSeconds = 10;

    @Option(names = "--cell-timeout-seconds", paramLabel = "S", description = "A cell's loop is stopped after this "
            + "and reported as stopped (default: ${DEFAULT-VALUE}).")
    int cellTimeoutSeconds = 300;

    @Option(names = "--results", paramLabel = "DIR", description = "Results root; output goes to DIR/<timestamp>/redis (default: ${DEFAULT-VALUE}).")
    Path results = Path.of("results");

    @Option(names = "--out", paramLabel = "DIR", description = "Exact output directory (overrides --results; default: none).")
    Path out;

    @Option(names = "--replot", paramLabel = "DIR", description = "Measure nothing: draw the tables and charts of a "
            + "run's directory (results/<stamp>/redis) again from its cells.json (default: none).")
    Path replot;

    @Override
    public Integer call() throws Exception {
        if (replot != null) {
            try {
                return LoopOutput.replot(replot, System.out);
            } catch (IllegalArgumentException e) {
                throw Cli.refuse(spec.commandLine(), e.getMessage());
            }
        }
        return new LoopRun(settings(), System.out).run();
    }

    /** Checked values, defaults filled in; a bad value is a usage error (exit status 2). */
    Settings settings() {
        List<ClientKind> kinds = new ArrayList<>();
        for (String name : orDefault(clients, ClientKind.DEFAULTS)) {
            try {
                kinds.add(ClientKind.parse(name));
            } catch (IllegalArgumentException e) {
                throw Cli.refuse(spec.commandLine(), "--clients: " + e.getMessage());
            }
        }
        if (kinds.stream().map(ClientKind::name).distinct().count() != kinds.size()) {
            throw Cli.refuse(spec.commandLine(), "--clients names a client twice");
        }
        List<Integer> counts = orDefault(threads, quick ? List.of(1, 10) : PUBLISHED_THREADS);
        for (int count : counts) {
            atLeast("--threads", count, 1);
        }
        int sets = setsPerThread != null ? setsPerThread : quick ? 100 : 1000;
        atLeast("--sets-per-thread", sets, 1);
        atLeast("--warmup-sets", warmupSets, 0);
        atLeast("--connect-timeout-seconds", connectTimeoutSeconds, 1);
        atLeast("--command-timeout-seconds", commandTimeoutSeconds, 1);
        atLeast("--cell-timeout-seconds", cellTimeoutSeconds, 1);
        return new Settings(kinds, counts, sets, warmupSets, modes(), Duration.ofSeconds(connectTimeoutSeconds),
                Duration.ofSeconds(commandTimeoutSeconds), Duration.ofSeconds(cellTimeoutSeconds), results, out);
    }

    private List<ThreadMode> modes() {
        if (threadModes == null || threadModes.isEmpty()) {
            return ThreadMode.virtualAvailable() ? List.of(ThreadMode.PLATFORM, ThreadMode.VIRTUAL)
                    : List.of(ThreadMode.PLATFORM);
        }
        List<ThreadMode> modes = new ArrayList<>();
        for (String raw : threadModes) {
            try {
                modes.add(ThreadMode.parse(raw));
            } catch (IllegalArgumentException e) {
                throw Cli.refuse(spec.commandLine(), "--thread-modes: " + e.getMessage());
            }
        }
        if (modes.contains(ThreadMode.VIRTUAL) && !ThreadMode.virtualAvailable()) {
            throw Cli.refuse(spec.commandLine(), "--thread-modes virtual needs JDK " + ThreadMode.VIRTUAL_SINCE
                    + "+, this is " + Runtime.version() + " (JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 ./poolbench redis ...)");
        }
        return modes.stream().distinct().toList();
    }

    private static <T> List<T> orDefault(List<T> given, List<T> fallback) {
        return given == null || given.isEmpty() ? fallback : List.copyOf(given);
    }

    private void atLeast(String option, int value, int min) {
        if (value < min) {
            throw Cli.refuse(spec.commandLine(), option + " must be >= " + min + ", but is " + value);
        }
    }

    /** What a run does. */
    record Settings(List<ClientKind> clients, List<Integer> threads, int setsPerThread, int warmupSets,
            List<ThreadMode> modes,
            Duration connectTimeout, Duration commandTimeout, Duration cellTimeout, Path results, Path out) {

        int cells() {
            return clients.size() * threads.size() * modes.size();
        }
    }
}
