package dev.poolbench.bench.compare;

import dev.poolbench.bench.compare.faults.FaultsCommand;
import dev.poolbench.bench.compare.faults.FaultsSummarize;
import dev.poolbench.bench.compare.faults.PoolSampleCommand;
import dev.poolbench.bench.compare.faults.ReplicasCommand;
import dev.poolbench.bench.compare.faults.StormRelayCommand;
import dev.poolbench.bench.compare.plan.CompareConverters;
import dev.poolbench.bench.compare.report.Summarizer;
import dev.poolbench.bench.compare.report.WarmupCurve;
import dev.poolbench.bench.compare.sittings.SittingsReport;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.cli.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code compare} (the local or remote comparison), {@code size} (the smallest pool size that does
 * the job, by a search of size duets), {@code summarize} (statistics, summary
 * and chart of a results directory), {@code sittings} (several sittings of one comparison
 * pooled), {@code warmup-curve} (the per-second warm-up curve of a
 * results directory), {@code faults} (fault scenarios per pool),
 * {@code faults-summarize} (their figures from a results directory, e.g. fetched by Ansible),
 * {@code faults-sample} (the pool sampler on an Ansible app host), {@code faults-relay} (the storm
 * fault's relay there), {@code faults-replicas} (max-connections' replicas there), {@code prometheus} (the stored
 * time series of a {@code --prometheus} run served again) and {@code completion}
 * (bash/zsh completion script). Exit status: 0 every run valid and as
 * requested, 1 some run invalid or flagged, 2 usage or setup error.
 */
@Command(name = "poolbench", description = "Compare JDBC connection pools (bench/README.md).",
        subcommands = {CompareCommand.class, SizeCommand.class, CompareMain.Summarize.class,
                CompareMain.SittingsCommand.class, WarmupCurve.class, FaultsCommand.class,
                FaultsSummarize.class, PoolSampleCommand.class, StormRelayCommand.class, ReplicasCommand.class,
                PrometheusCommand.class,
                CompareMain.Completion.class,
                CommandLine.HelpCommand.class})
public final class CompareMain implements Callable<Integer> {

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    @Spec
    private CommandSpec spec;

    private CompareMain() {
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        // Gatling's jars carry a logback.xml too: name ours explicitly, before any logger exists.
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "poolbench-compare-logback.xml");
        }
        System.exit(run(args));
    }

    static int run(String... args) {
        return run(commandLine(), args);
    }

    static CommandLine commandLine() {
        return Cli.commandLine(new CompareMain());
    }

    static int run(CommandLine cl, String... args) {
        cl.setExecutionExceptionHandler((e, failed, parsed) -> {
            String name = failed.getCommandSpec().qualifiedName();
            if (e instanceof UsageException || e instanceof IllegalArgumentException
                    || e instanceof IllegalStateException) {
                System.err.println(name + ": " + e.getMessage());
            } else {
                System.err.println(name + " failed: " + e);
                e.printStackTrace(System.err);
            }
            return Cli.EXIT_USAGE;
        });
        return Cli.execute(cl, System.out, System.err, args);
    }

    /** No command: the list of commands, and exit status 2 (nothing was done). */
    @Override
    public Integer call() {
        spec.commandLine().usage(System.err);
        return Cli.EXIT_USAGE;
    }

    @Command(name = "summarize", description = "Statistics, summary and chart of a results directory "
            + "(a compare run's output, as it is or after more runs were added).")
    static final class Summarize implements Callable<Integer> {
        @Option(names = "--results", paramLabel = "DIR", required = true,
                description = "the results directory of one comparison (required, no default)")
        Path results;

        @Option(names = "--between-sitting-sd", paramLabel = "X%", converter = CompareConverters.SdPercent.class,
                description = "between-sitting sd added to each interval; 0: within-sitting only (default: as the "
                        + "comparison recorded it, else the one measured for its design, docs/validity.md)")
        Double betweenSittingSdPercent;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;

        @Override
        public Integer call() throws Exception {
            return Summarizer.summarize(results, betweenSittingSdPercent, System.out);
        }
    }

    @Command(name = "sittings", description = "Several sittings of one comparison pooled pair by pair (sittings "
            + "of the same releases only): each sitting's estimate and 95 %% interval, the pooled estimate (random "
            + "effects), the between-sitting sd and how many sittings' intervals hold it (docs/validity.md).")
    static final class SittingsCommand implements Callable<Integer> {
        @Option(names = "--results", paramLabel = "DIR|FILE", arity = "1..*", required = true,
                description = "two sittings or more: results directories (their summary.json) or summary.json files "
                        + "kept as data (docs/data/sittings/)")
        List<Path> results;

        @Option(names = "--out", paramLabel = "DIR", description = "where sittings.txt, sittings.json and "
                + "sittings.png go (default: sittings-<timestamp> beside the first results directory, or under "
                + "results/ for files)")
        Path out;

        @Option(names = "--by-release", description = "pool each release of a pair's pool and driver apart, "
                + "labelled with it (default: refuse different releases)")
        boolean byRelease;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;

        @Override
        public Integer call() throws Exception {
            String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC)
                    .format(Instant.now());
            Path first = results.get(0).toAbsolutePath();
            Path dir = out != null ? out : Files.isDirectory(first) ? first.getParent().resolve("sittings-" + stamp)
                    : Path.of("results", "sittings-" + stamp);
            return SittingsReport.write(results, dir, byRelease, System.out);
        }
    }

    /** Load it with {@code source <(./poolbench completion)} (docs/commands.md, "Help and shell completion"). */
    @Command(name = "completion", description = "Print the bash/zsh completion script of ./poolbench: "
            + "source <(./poolbench completion)")
    static final class Completion implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;

        @Override
        public Integer call() {
            System.out.print(AutoComplete.bash("poolbench", spec.parent().commandLine()));
            System.out.flush();
            return 0;
        }
    }
}
