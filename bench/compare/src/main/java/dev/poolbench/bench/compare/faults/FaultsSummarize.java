package dev.poolbench.bench.compare.faults;

import dev.poolbench.bench.compare.faultfigures.FaultOutcome;
import dev.poolbench.bench.compare.faultfigures.FaultRunFiles;
import dev.poolbench.bench.compare.faultplan.FaultCase;
import dev.poolbench.bench.compare.faultplan.FaultOptions;
import dev.poolbench.bench.compare.faultreport.FaultReport;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.cli.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code faults-summarize}: the table, {@code faults.json}, pictures and checks of a faults
 * results directory, from its files alone: runs fetched by Ansible's {@code faults.yml}, or a
 * local {@code faults} run again. The figures come from {@link FaultRunFiles}, exactly as the
 * local command computes them. Exit status as {@code faults}: 0, 1 (a run failed or, with
 * {@code --check}, a check did not hold), 2 (not a faults results directory).
 */
@Command(name = "faults-summarize", sortOptions = false, description = "The fault table, faults.json, pictures "
        + "and checks of a faults results directory (runs fetched by ansible/faults.yml, or a local faults run "
        + "again), computed from its files (docs/faults.md).")
public final class FaultsSummarize implements Callable<Integer> {

    @Option(names = "--results", paramLabel = "DIR", required = true, description = "the faults directory: "
            + "results/<stamp>/faults, or results/<stamp> holding one (required, no default)")
    Path results;

    @Option(names = "--check", arity = "0", description = "exit 1 unless every measurement was taken and is "
            + "consistent, as faults --check (default: off)")
    boolean check;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Path dir = results;
        if (!Files.isRegularFile(dir.resolve(FaultReport.OPTIONS)) && Files.isDirectory(dir.resolve("faults"))) {
            dir = dir.resolve("faults");
        }
        Path optionsFile = dir.resolve(FaultReport.OPTIONS);
        if (!Files.isRegularFile(optionsFile)) {
            throw Cli.refuse(spec.commandLine(), "no " + FaultReport.OPTIONS + " in " + results
                    + ": not a faults results directory (written by ./poolbench faults or ansible/faults.yml)");
        }
        FaultOptions options;
        try {
            options = FaultOptions.fromJson(Json.read(optionsFile), optionsFile.toString());
        } catch (UsageException e) {
            throw Cli.refuse(spec.commandLine(), e.getMessage());
        }
        options.check = check;
        System.out.println("poolbench faults-summarize: " + dir);
        List<FaultOutcome> outcomes = new ArrayList<>();
        for (FaultCase planned : options.plan()) {
            Path runDir = dir.resolve("runs").resolve(planned.name());
            FaultOutcome outcome = Files.isDirectory(runDir)
                    ? FaultRunFiles.outcome(runDir, planned, options)
                    : FaultRunFiles.failed(planned, List.of("no run directory " + runDir));
            outcomes.add(outcome);
            System.out.println(Faults.line(outcome));
        }
        FaultReport.addReleasesToEnvironment(dir);
        return FaultReport.write(dir, outcomes, options, FaultReport.readEnvironment(dir), System.out, System.err);
    }
}
