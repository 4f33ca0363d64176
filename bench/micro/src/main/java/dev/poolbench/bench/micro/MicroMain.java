package dev.poolbench.bench.micro;

import picocli.CommandLine;

/**
 * {@code ./poolbench micro}: runs the pool microbenchmark and writes JMH's JSON, the table and the
 * charts. Exit status 0 done, 1 a benchmark failed, 2 usage or setup error.
 */
public final class MicroMain {

    private MicroMain() {
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(run(args));
    }

    static int run(String... args) {
        CommandLine commandLine = new CommandLine(new MicroOptions());
        // A bad option: the message and where to look, not the whole help (status 2, as compare).
        commandLine.setParameterExceptionHandler((e, parsed) -> {
            e.getCommandLine().getErr().println("poolbench micro: " + e.getMessage());
            e.getCommandLine().getErr().println("Run './poolbench micro --help' for the options.");
            return 2;
        });
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("poolbench micro: " + e.getMessage());
            return e instanceof MicroRun.BenchmarkFailure ? 1 : 2;
        });
        return commandLine.execute(args);
    }
}
