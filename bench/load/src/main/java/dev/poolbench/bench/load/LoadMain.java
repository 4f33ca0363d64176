package dev.poolbench.bench.load;

import dev.poolbench.bench.load.model.Partition;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code java -jar poolbench-load.jar run|merge ...} (see bench/README.md).
 * Exit status: 0 valid run, 1 invalid run, 2 usage or setup error.
 */
public final class LoadMain {
    public static final int EXIT_VALID = 0;
    public static final int EXIT_INVALID = 1;
    public static final int EXIT_USAGE = 2;

    static final String USAGE = """
            usage: poolbench-load run [--base-url URL] [--data DIR] [--workload N] [--duration SECONDS]
                                      [--partition i/K] [--seed N] [--out DIR] [--no-report-check]
                                      [--label TEXT] [--quiet]
                   poolbench-load merge [--base-url URL] [--out DIR] [--label TEXT] RESULT_JSON...
            (the JVM needs --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED)""";

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
        try {
            if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
                err.println(USAGE);
                return EXIT_USAGE;
            }
            String command = args[0];
            Config config = new Config();
            List<Path> inputs = new ArrayList<>();
            parseFlags(args, config, inputs);
            config.validate();
            return switch (command) {
                case "run" -> {
                    if (!inputs.isEmpty()) {
                        throw new UsageException("run takes no positional arguments, got " + inputs.get(0));
                    }
                    yield new RunCommand(config, out, err).run();
                }
                case "merge" -> {
                    if (inputs.isEmpty()) {
                        throw new UsageException("merge needs at least one result.json");
                    }
                    yield new MergeCommand(config, inputs, out, err).run();
                }
                default -> throw new UsageException("unknown command '" + command + "' (run or merge)");
            };
        } catch (UsageException | IllegalArgumentException e) {
            err.println("poolbench-load: " + e.getMessage());
            return EXIT_USAGE;
        }
    }

    private static void parseFlags(String[] args, Config c, List<Path> inputs) throws UsageException {
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            String value = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                value = a.substring(eq + 1);
                a = a.substring(0, eq);
            }
            switch (a) {
                case "--no-report-check" -> c.reportCheck = false;
                case "--quiet" -> c.quiet = true;
                case "--base-url", "--data", "--workload", "--duration", "--partition", "--seed", "--out", "--label" -> {
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw new UsageException(a + " needs a value");
                        }
                        value = args[++i];
                    }
                    set(c, a, value);
                }
                default -> {
                    if (a.startsWith("-")) {
                        throw new UsageException("unknown flag " + a);
                    }
                    inputs.add(Path.of(a));
                }
            }
        }
    }

    private static void set(Config c, String flag, String v) throws UsageException {
        try {
            switch (flag) {
                case "--base-url" -> c.baseUrl = v;
                case "--data" -> c.dataDir = Path.of(v);
                case "--workload" -> c.workload = Integer.parseInt(v);
                case "--duration" -> c.durationSeconds = Integer.parseInt(v);
                case "--partition" -> c.partition = Partition.parse(v);
                case "--seed" -> c.seed = Long.parseLong(v);
                case "--out" -> c.outDir = Path.of(v);
                case "--label" -> c.label = v;
                default -> throw new UsageException("unknown flag " + flag);
            }
        } catch (NumberFormatException e) {
            throw new UsageException(flag + " needs a number, got '" + v + "'");
        }
    }
}
