package dev.poolbench.bench.compare;

import dev.poolbench.bench.compare.faults.FaultOptions;
import dev.poolbench.bench.compare.faults.Faults;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@code compare} (the local or remote comparison), {@code summarize} (statistics, summary
 * and chart of a results directory) and {@code faults} (fault scenarios per pool). Exit status: 0 every run valid and as requested, 1 some run
 * invalid or flagged, 2 usage or setup error.
 */
public final class CompareMain {

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
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("help")) {
            System.out.print(CompareOptions.USAGE);
            return args.length == 0 ? 2 : 0;
        }
        String command = args[0];
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        try {
            return switch (command) {
                case "compare" -> new Comparison(CompareOptions.parse(rest)).run();
                case "summarize" -> Summarizer.summarize(summarizeDir(rest), System.out);
                case "faults" -> new Faults(FaultOptions.parse(rest)).run();
                default -> throw new UsageException("unknown command '" + command
                        + "'; commands: compare, summarize, faults");
            };
        } catch (UsageException e) {
            if (e.getMessage() == null) {
                System.out.print(command.equals("faults") ? FaultOptions.USAGE : CompareOptions.USAGE);
                return 0;
            }
            System.err.println("poolbench " + command + ": " + e.getMessage());
            System.err.println("Run 'poolbench " + (command.equals("faults") ? "faults" : "compare")
                    + " --help' for the options.");
            return 2;
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("poolbench " + command + ": " + e.getMessage());
            return 2;
        } catch (Exception e) {
            System.err.println("poolbench " + command + " failed: " + e);
            e.printStackTrace(System.err);
            return 2;
        }
    }

    static Path summarizeDir(String... args) throws UsageException {
        if (args.length == 1 && args[0].startsWith("--results=")) {
            return Path.of(args[0].substring("--results=".length()));
        }
        if (args.length != 2 || !args[0].equals("--results")) {
            throw new UsageException("usage: summarize --results DIR");
        }
        return Path.of(args[1]);
    }
}
