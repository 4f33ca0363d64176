package dev.poolbench.bench.load;

import dev.poolbench.cli.Cli;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar poolbench-load.jar run|merge ...} (see bench/README.md); the options are the
 * annotated fields of {@link Config} and {@link CommonOptions}.
 * Exit status: 0 valid run, 1 invalid run, 2 usage or setup error.
 */
@Command(name = "poolbench-load", description = "The load generator (bench/README.md). The JVM needs "
        + "--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED.")
public final class LoadMain implements Callable<Integer> {
    public static final int EXIT_VALID = 0;
    public static final int EXIT_INVALID = 1;
    public static final int EXIT_USAGE = 2;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    @Spec
    private CommandSpec spec;

    private LoadMain() {
    }

    public static void main(String[] args) {
        // Gatling prints a few lines of its own on stdout; stdout belongs to the lines the
        // comparison runner parses, so everything else goes to stderr.
        PrintStream out = System.out;
        System.setOut(System.err);
        int code = execute(args, out, System.err);
        out.flush();
        System.exit(code);
    }

    /** Runs a command; {@code out} gets the machine-readable lines, {@code err} the messages. */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        return Cli.execute(commandLine(out, err), out, err, args);
    }

    static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine cl = Cli.commandLine(new LoadMain(), new Run(out, err), new Merge(out, err));
        // As before picocli: a flag given again wins (callers append overrides to a base line).
        cl.setOverwrittenOptionsAllowed(true);
        // A setup problem found while running (app unreachable, data missing): one line, exit 2.
        cl.setExecutionExceptionHandler((e, failed, parsed) -> {
            if (e instanceof UsageException || e instanceof IllegalArgumentException) {
                err.println("poolbench-load: " + e.getMessage());
            } else {
                err.println("poolbench-load " + failed.getCommandName() + " failed: " + e);
                e.printStackTrace(err);
            }
            err.flush();
            return EXIT_USAGE;
        });
        return cl;
    }

    /** No command: the list of commands on stderr (stdout is for the result lines), exit 2. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return EXIT_USAGE;
    }

    @Command(name = "run", sortOptions = false, description = "One load run against the app: Gatling, the "
            + "/report check, result.json and the ISUCON lines on stdout.")
    static final class Run implements Callable<Integer> {
        @Mixin
        Config config;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;

        private final PrintStream out;
        private final PrintStream err;

        Run(PrintStream out, PrintStream err) {
            this.out = out;
            this.err = err;
        }

        @Override
        public Integer call() throws UsageException {
            config.validate();
            return new RunCommand(config, out, err).run();
        }
    }

    @Command(name = "merge", sortOptions = false, description = "One record from the result.json of the "
            + "bench hosts of one run (each run with --no-report-check); the /report check runs once.")
    static final class Merge implements Callable<Integer> {
        @Mixin
        CommonOptions options;

        @Parameters(paramLabel = "RESULT_JSON", arity = "1..*", description = "result.json of each bench host")
        List<Path> inputs;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;

        private final PrintStream out;
        private final PrintStream err;

        Merge(PrintStream out, PrintStream err) {
            this.out = out;
            this.err = err;
        }

        @Override
        public Integer call() throws UsageException {
            options.validate();
            return new MergeCommand(options, inputs, out, err).run();
        }
    }
}
