package dev.poolbench.bench.compare.stats;

import dev.poolbench.cli.Cli;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * Prints, from simulated data ({@link Simulation}), what the paired verdict can tell apart: per
 * coefficient of variation and number of rounds, the rate of false "faster/slower" calls in A/A
 * comparisons, how often an A/A comes out "equivalent", and the power (chance to call "faster")
 * for true differences. A Markdown table, to paste into bench/README.md ("What the verdict can
 * tell apart, simulated").
 *
 * <pre>
 * java -cp "bench/compare/target/poolbench-compare.jar:bench/compare/target/lib/*" \
 *   dev.poolbench.bench.compare.stats.PowerTable --cv 7,15,25
 * </pre>
 */
@Command(name = "PowerTable", sortOptions = false, description = "What the paired verdict can tell apart, "
        + "from simulated comparisons: a Markdown table.")
public final class PowerTable implements Callable<Integer> {

    @Option(names = "--cv", paramLabel = "LIST", split = ",", converter = Number.class, defaultValue = "7,15,25",
            description = "coefficients of variation per run, percent (default: ${DEFAULT-VALUE})")
    List<Double> cvs;

    @Option(names = "--rounds", paramLabel = "LIST", split = ",", converter = Number.class, defaultValue = "3,5,10",
            description = "rounds per comparison (default: ${DEFAULT-VALUE})")
    List<Double> rounds;

    @Option(names = "--differences", paramLabel = "LIST", split = ",", converter = Number.class,
            defaultValue = "5,10", description = "true differences for the power columns, percent "
            + "(default: ${DEFAULT-VALUE})")
    List<Double> differences;

    @Option(names = "--margin", paramLabel = "X", converter = Number.class,
            description = "equivalence margin, percent (default: ${DEFAULT-VALUE})")
    double margin = 5;

    @Option(names = "--simulations", paramLabel = "N", description = "simulated comparisons per cell "
            + "(default: ${DEFAULT-VALUE})")
    int simulations = 1_000;

    @Option(names = "--round-share", paramLabel = "S", converter = Number.class, description = "share of the "
            + "variance common to a round, 0..0.99 (default: ${DEFAULT-VALUE}: all noise per run, the lowest power "
            + "for a given CV)")
    double share = 0;

    @Option(names = "--until-decided", paramLabel = "MAX", description = "each comparison starts with its rounds "
            + "and adds one while undecided, up to MAX rounds, as compare --until-decided (default: 0, fixed rounds)")
    int untilDecided;

    @Option(names = "--early-look", arity = "0", description = "with --until-decided: also look before each of "
            + "the first rounds from the second, where a pair leaves only when decided more than "
            + PairedTest.EARLY_LOOK_MARGINS_TEXT + " margins apart, as compare does (default: off)")
    boolean earlyLook;

    @Option(names = "--sitting-sd", paramLabel = "LIST", split = ",", converter = Number.class,
            description = "instead: the verdict's false-call rate when each sitting shifts the true ratio by a random "
                    + "effect of these sds, percent, with and without the between-sitting term (docs/validity.md)")
    List<Double> betweenSitting;

    @Option(names = "--ratio-sd", paramLabel = "X", converter = Number.class, description = "with --sitting-sd: "
            + "sd of one duet's log ratio, percent (default: the one measured for shared-host duets over the kept "
            + "sittings, stored with the between-sitting sd)")
    Double ratioSd;

    /** The design whose stored duet sd is --ratio-sd's default (the default comparison's). */
    static final String SHARED_HOST_DUET = "shared-host-duet";

    @Option(names = "--seed", paramLabel = "N", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed = 1;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    @Spec
    private CommandSpec spec;

    private final PrintStream out;
    private final String[] args;

    private PowerTable(PrintStream out, String... args) {
        this.out = out;
        this.args = args;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    static int run(PrintStream out, PrintStream err, String... args) {
        return Cli.execute(Cli.commandLine(new PowerTable(out, args)), out, err, args);
    }

    /** A number, a trailing % allowed ("7%" = 7). */
    static final class Number implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            try {
                return Double.parseDouble(value.trim().replace("%", ""));
            } catch (NumberFormatException e) {
                throw new TypeConversionException("must be numbers such as 7,15,25, got '" + value + "'");
            }
        }
    }

    private void check(String name, List<Double> values, double min, double max) {
        for (double d : values) {
            if (!(d >= min && d <= max)) {
                throw Cli.refuse(spec.commandLine(), name + " values must be in " + min + ".." + max + ", got " + d);
            }
        }
    }

    /**
     * A/A comparisons (true difference 0) in sittings that shift the ratio by N(0, tau): how often
     * one sitting calls faster/slower, and how often equivalent, with the within-sitting interval
     * and with the term tau added (the term equal to the true tau, as if measured exactly).
     */
    private void sittingsTable() {
        out.println("| between-sitting sd | duets | A/A false faster/slower: within only | with the term "
                + "| A/A equivalent: within only | with the term |");
        out.println("|---:|---:|---:|---:|---:|---:|");
        long cellSeed = seed;
        for (double tau : betweenSitting) {
            for (double r : rounds) {
                int n = (int) r;
                Simulation.Tally within = Simulation.sittings(cellSeed, simulations, n, ratioSd / 100, 0, tau / 100, 0,
                        margin);
                Simulation.Tally honest = Simulation.sittings(cellSeed++, simulations, n, ratioSd / 100, 0, tau / 100,
                        tau / 100, margin);
                out.printf(Locale.ROOT, "| %s %% | %d | %.1f %% | %.1f %% | %.1f %% | %.1f %% |%n",
                        PairedTest.margin(tau), n, 100 * within.differentRate(), 100 * honest.differentRate(),
                        100 * within.rate(within.equivalent()), 100 * honest.rate(honest.equivalent()));
            }
        }
        out.println();
        out.printf(Locale.ROOT, "Model: each sitting's true log ratio ~ N(0, tau); each duet's log ratio ~ N(it, "
                + "%s %%); the term adds tau to the interval (sqrt((t * se)^2 + (z * tau)^2)).%n", PairedTest.margin(ratioSd));
    }

    @Override
    public Integer call() {
        check("--cv", cvs, 0.1, 200);
        check("--rounds", rounds, 2, 1_000);
        if (rounds.stream().anyMatch(r -> r != Math.rint(r))) {
            throw Cli.refuse(spec.commandLine(), "--rounds must be whole numbers, got " + rounds);
        }
        check("--differences", differences, 0.1, 1_000);
        check("--margin", List.of(margin), 0.1, 100);
        check("--simulations", List.of((double) simulations), 10, 1_000_000);
        check("--round-share", List.of(share), 0, 0.99);
        if (earlyLook && untilDecided == 0) {
            throw Cli.refuse(spec.commandLine(),
                    "--early-look needs --until-decided MAX (the early look is a sequential plan's)");
        }
        if (untilDecided != 0) {
            check("--until-decided", List.of((double) untilDecided), rounds.stream().mapToDouble(r -> r).max()
                    .orElse(2), 1_000);
        }
        out.printf(Locale.ROOT, "Simulated paired verdicts: %d comparisons per cell, equivalence margin ±%s %%, "
                + "round share %.2f, seed %d (PowerTable %s)%n%n", simulations, PairedTest.margin(margin), share,
                seed, String.join(" ", args));
        if (betweenSitting != null) {
            if (ratioSd == null) {
                ratioSd = DuetNoise.stored(SHARED_HOST_DUET).sdPercent();
            }
            check("--sitting-sd", betweenSitting, 0, 50);
            check("--ratio-sd", List.of(ratioSd), 0.01, 100);
            sittingsTable();
            return 0;
        }
        boolean sequential = untilDecided > 0;
        StringBuilder head = new StringBuilder("| CV per run | rounds | A/A: false faster/slower | A/A: equivalent |"
                + (sequential ? " A/A: mean rounds |" : ""));
        StringBuilder rule = new StringBuilder("|---:|---:|---:|---:|" + (sequential ? "---:|" : ""));
        for (double d : differences) {
            head.append(" power, ").append(PairedTest.margin(d)).append(" % faster |");
            rule.append("---:|");
        }
        out.println(head);
        out.println(rule);
        long cellSeed = seed;
        for (double cv : cvs) {
            for (double r : rounds) {
                int n = (int) r;
                // One seed per cell, so adding a column or a row leaves the other cells as they were.
                int max = sequential ? untilDecided : n;
                Simulation.Tally aa = simulation(cv, cellSeed++).tally(simulations, n, max, 0, margin);
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "| %s %% | %s | %.1f %% | %.1f %% |",
                        PairedTest.margin(cv), sequential ? n + " to " + max + (earlyLook ? ", early look" : "")
                                : String.valueOf(n),
                        100 * aa.differentRate(), 100 * aa.rate(aa.equivalent())));
                if (sequential) {
                    line.append(String.format(Locale.ROOT, " %.1f |", aa.meanRounds()));
                }
                for (double d : differences) {
                    Simulation.Tally t = simulation(cv, cellSeed++).tally(simulations, n, max, d, margin);
                    line.append(String.format(Locale.ROOT, " %.0f %% |", 100 * t.rate(t.faster())));
                }
                out.println(line);
            }
        }
        out.println();
        out.println("Model: per run score = base * exp(u_round + e_run) * (1 + difference); u_round and e_run "
                + "normal, their variances summing to log(1 + CV^2); see bench/README.md.");
        return 0;
    }

    private Simulation simulation(double cv, long cellSeed) {
        Simulation s = new Simulation(cv, share, cellSeed);
        return earlyLook ? s.withEarlyLook() : s;
    }
}
