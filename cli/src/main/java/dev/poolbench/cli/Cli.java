package dev.poolbench.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * The picocli setup shared by poolbench's command lines (sql tool, load generator, comparison
 * runner), so all of them answer a wrong command line the same way: one line that names the
 * option and the value, then a pointer to {@code --help}, and exit status 2.
 *
 * <p>Adding an option to a command is an annotated field; a value type of its own is a converter
 * that throws {@link CommandLine.TypeConversionException} with a message starting with the verb
 * ("must be ...": the option's name is put in front here), or {@link BadValue} when the domain
 * parser's message already names the option.
 */
public final class Cli {

    /** Exit status of a command line that cannot work (every tool of poolbench uses 2). */
    public static final int EXIT_USAGE = 2;

    private static final Pattern NO_VALUE = Pattern.compile("option '([^']+)' should be specified without");
    private static final Pattern OPTION_IN_MESSAGE = Pattern.compile("option '([^']+)'");

    private Cli() {
    }

    /**
     * A value refused by a domain parser whose message is complete (names the option itself);
     * thrown from a converter, it is printed as it is.
     */
    public static final class BadValue extends RuntimeException {
        public BadValue(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * A command line with poolbench's number converters, registered on every subcommand: those
     * of the {@code @Command} annotation and the instances given here (commands built with
     * their output streams).
     */
    public static CommandLine commandLine(Object command, Object... subcommands) {
        CommandLine cl = new CommandLine(command);
        for (Object sub : subcommands) {
            cl.addSubcommand(sub);
        }
        cl.registerConverter(Integer.class, Cli::integer);
        cl.registerConverter(int.class, Cli::integer);
        cl.registerConverter(Long.class, Cli::longInteger);
        cl.registerConverter(long.class, Cli::longInteger);
        // Every option wants its own line of help; 100 columns keep the defaults on the same line.
        cl.setUsageHelpWidth(100);
        cl.setUsageHelpLongOptionsMaxWidth(34);
        return cl;
    }

    /**
     * Runs {@code cl} with picocli's {@code execute}: {@code --help} prints the generated usage
     * (exit 0); a bad command line prints {@code <command>: <message>} and a pointer to
     * {@code --help} on {@code err} (exit 2).
     */
    public static int execute(CommandLine cl, PrintStream out, PrintStream err, String... args) {
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((e, a) -> usageError(e.getCommandLine(), message(e), err));
        return cl.execute(args);
    }

    /**
     * Prints {@code <command>: <message>} and the pointer to {@code --help}; returns 2. For a
     * refusal found while running (execution exception handlers), worded like a parse error.
     */
    public static int usageError(CommandLine failed, String message, PrintStream err) {
        String name = failed.getCommandSpec().qualifiedName();
        err.println(name + ": " + message);
        err.println("Run '" + name + " --help' for the options.");
        err.flush();
        return EXIT_USAGE;
    }

    /** Parses without running anything (tests, and commands that validate before they run). */
    public static ParseResult parse(CommandLine cl, String... args) throws ParameterException {
        return cl.parseArgs(args);
    }

    /** {@code --help} output of a command. */
    public static String usage(CommandLine cl) {
        return cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    /** A refusal from domain validation after parsing: reported like a parse error (exit 2). */
    public static ParameterException refuse(CommandLine cl, String message) {
        return new ParameterException(cl, message);
    }

    /** The one-line message of a refused command line, in poolbench's wording. */
    public static String message(ParameterException e) {
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            if (c instanceof BadValue) {
                return c.getMessage();
            }
        }
        String name = optionName(e.getArgSpec());
        if (e.getCause() instanceof CommandLine.TypeConversionException t && name != null) {
            return name + " " + t.getMessage();
        }
        if (e instanceof CommandLine.OverwrittenOptionException o && optionName(o.getOverwritten()) != null) {
            return optionName(o.getOverwritten()) + " given twice";
        }
        if (e instanceof CommandLine.MissingParameterException m) {
            return missing(m);
        }
        if (e instanceof CommandLine.MaxValuesExceededException) {
            Matcher matcher = NO_VALUE.matcher(e.getMessage());
            if (matcher.find()) {
                return matcher.group(1) + " takes no value";
            }
        }
        if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String first = u.getUnmatched().get(0);
            if (first.startsWith("-")) {
                int eq = first.indexOf('=');
                return "unknown option " + (eq > 0 ? first.substring(0, eq) : first);
            }
            return "unexpected argument '" + first + "'";
        }
        return e.getMessage();
    }

    private static String missing(CommandLine.MissingParameterException m) {
        List<ArgSpec> specs = m.getMissing();
        if (m.getMessage().startsWith("Missing required parameter for")) {
            // "--runs" at the end of the line: the option is there, its value is not.
            Matcher matcher = OPTION_IN_MESSAGE.matcher(m.getMessage());
            if (matcher.find()) {
                return matcher.group(1) + " needs a value";
            }
        }
        if (specs != null && !specs.isEmpty() && optionName(specs.get(0)) != null) {
            return optionName(specs.get(0)) + " is required";
        }
        if (specs != null && !specs.isEmpty()) {
            return "missing " + specs.get(0).paramLabel();
        }
        return m.getMessage();
    }

    /**
     * Options of {@code cl} and its subcommands whose {@code --help} does not show a default
     * (or "required"): the tests of every tool assert this list is empty.
     */
    public static List<String> optionsWithoutDefault(CommandLine cl) {
        List<String> missing = new java.util.ArrayList<>();
        String usage = usage(cl);
        for (OptionSpec o : cl.getCommandSpec().options()) {
            if (o.usageHelp() || o.versionHelp()) {
                continue;
            }
            String text = String.join(" ", o.description()).toLowerCase(java.util.Locale.ROOT);
            if (!usage.contains(o.longestName()) || !(text.contains("default") || o.required())) {
                missing.add(cl.getCommandSpec().qualifiedName() + " " + o.longestName());
            }
        }
        for (CommandLine sub : cl.getSubcommands().values()) {
            missing.addAll(optionsWithoutDefault(sub));
        }
        return missing;
    }

    private static String optionName(ArgSpec spec) {
        return spec instanceof OptionSpec o ? o.longestName() : null;
    }

    static Integer integer(String value) {
        try {
            return Integer.valueOf(value.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("must be an integer, got '" + value + "'");
        }
    }

    static Long longInteger(String value) {
        try {
            return Long.valueOf(value.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("must be an integer, got '" + value + "'");
        }
    }
}
