package dev.poolbench.bench.compare.stats;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Prints, from simulated data ({@link Simulation}), what the paired verdict can tell apart: per
 * coefficient of variation and number of rounds, the rate of false "faster/slower" calls in A/A
 * comparisons, how often an A/A comes out "equivalent", and the power (chance to call "faster")
 * for true differences. A Markdown table, to paste into the README next to the measured CVs.
 *
 * <pre>
 * java -cp "bench/compare/target/poolbench-compare.jar:bench/compare/target/lib/*" \
 *   dev.poolbench.bench.compare.stats.PowerTable --cv 7,15,25
 * </pre>
 */
public final class PowerTable {

    static final String USAGE = """
            Usage: PowerTable [--cv LIST] [--rounds LIST] [--differences LIST] [--margin X]
                              [--simulations N] [--round-share S] [--seed N]
              --cv LIST           coefficients of variation per run, percent (default 7,15,25)
              --rounds LIST       rounds per comparison (default 3,5,10)
              --differences LIST  true differences for the power columns, percent (default 5,10)
              --margin X          equivalence margin, percent (default 5)
              --simulations N     simulated comparisons per cell (default 1000)
              --round-share S     share of the variance common to a round, 0..0.99 (default 0:
                                  all noise per run, the lowest power for a given CV)
              --seed N            random seed (default 1)
            """;

    private PowerTable() {
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    static int run(PrintStream out, PrintStream err, String... args) {
        List<Double> cvs = List.of(7.0, 15.0, 25.0);
        List<Double> rounds = List.of(3.0, 5.0, 10.0);
        List<Double> differences = List.of(5.0, 10.0);
        double margin = 5;
        int simulations = 1_000;
        double share = 0;
        long seed = 1;
        try {
            for (int i = 0; i < args.length; i++) {
                String name = args[i];
                if (name.equals("--help")) {
                    out.print(USAGE);
                    return 0;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(name + " needs a value");
                }
                String value = args[++i];
                switch (name) {
                    case "--cv" -> cvs = list(name, value, 0.1, 200);
                    case "--rounds" -> {
                        rounds = list(name, value, 2, 1_000);
                        if (rounds.stream().anyMatch(r -> r != Math.rint(r))) {
                            throw new IllegalArgumentException("--rounds must be whole numbers, got '" + value + "'");
                        }
                    }
                    case "--differences" -> differences = list(name, value, 0.1, 1_000);
                    case "--margin" -> margin = list(name, value, 0.1, 100).get(0);
                    case "--simulations" -> simulations = (int) (double) list(name, value, 10, 1_000_000).get(0);
                    case "--round-share" -> share = list(name, value, 0, 0.99).get(0);
                    case "--seed" -> seed = Long.parseLong(value);
                    default -> throw new IllegalArgumentException("unknown option " + name);
                }
            }
        } catch (IllegalArgumentException e) {
            err.println("PowerTable: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        out.printf(Locale.ROOT, "Simulated paired verdicts: %d comparisons per cell, equivalence margin ±%s %%, "
                + "round share %.2f, seed %d (PowerTable %s)%n%n", simulations, PairedTest.margin(margin), share,
                seed, String.join(" ", args));
        StringBuilder head = new StringBuilder("| CV per run | rounds | A/A: false faster/slower | A/A: equivalent |");
        StringBuilder rule = new StringBuilder("|---:|---:|---:|---:|");
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
                Simulation.Tally aa = new Simulation(cv, share, cellSeed++).tally(simulations, n, 0, margin);
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "| %s %% | %d | %.1f %% | %.1f %% |",
                        PairedTest.margin(cv), n, 100 * aa.differentRate(), 100 * aa.rate(aa.equivalent())));
                for (double d : differences) {
                    Simulation.Tally t = new Simulation(cv, share, cellSeed++).tally(simulations, n, d, margin);
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

    private static List<Double> list(String name, String value, double min, double max) {
        List<Double> values = new ArrayList<>();
        for (String part : value.split(",")) {
            String v = part.trim().replace("%", "");
            double d;
            try {
                d = Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " must be numbers such as 7,15,25, got '" + value + "'");
            }
            if (!(d >= min && d <= max)) {
                throw new IllegalArgumentException(name + " values must be in " + min + ".." + max + ", got " + v);
            }
            values.add(d);
        }
        return List.copyOf(values);
    }
}
