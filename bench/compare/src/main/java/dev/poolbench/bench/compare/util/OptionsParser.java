package dev.poolbench.bench.compare.util;

import dev.poolbench.cli.Cli;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * A command's options parsed and validated without running the command (tests, and callers that
 * only need the options): picocli's errors and {@code --help} become a {@link UsageException}
 * (without a message for {@code --help}), then the command's own rules across options run.
 */
public final class OptionsParser {

    /** The command's rules across options, on what picocli parsed into it. */
    public interface Rules {
        void finish(ParseResult parsed) throws UsageException;
    }

    private OptionsParser() {
    }

    public static <T> T parse(T options, Rules rules, String... args) throws UsageException {
        CommandLine cl = Cli.commandLine(options);
        ParseResult parsed;
        try {
            parsed = Cli.parse(cl, args);
        } catch (ParameterException e) {
            throw new UsageException(Cli.message(e));
        }
        if (cl.isUsageHelpRequested()) {
            throw new UsageException(null);
        }
        rules.finish(parsed);
        return options;
    }
}
