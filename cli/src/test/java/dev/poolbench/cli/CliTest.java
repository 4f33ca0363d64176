package dev.poolbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The shared wording of refused command lines, on a small command of its own. */
class CliTest {

    @Command(name = "tool")
    static final class Tool implements Callable<Integer> {
        @Option(names = "--count", description = "how many (default: ${DEFAULT-VALUE})")
        int count = 3;

        @Option(names = "--flag", arity = "0", description = "a switch (default: off)")
        boolean flag;

        @Option(names = "--mode", converter = Mode.class, description = "a or b (default: ${DEFAULT-VALUE})")
        String mode = "a";

        @Option(names = "--nodefault", description = "says nothing about what it is when not given")
        String nodefault;

        @Override
        public Integer call() {
            return 0;
        }
    }

    static final class Mode implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (value.equals("whole")) {
                throw new Cli.BadValue("--mode: a whole message of the domain parser");
            }
            if (!value.equals("a") && !value.equals("b")) {
                throw new CommandLine.TypeConversionException("must be a or b, got '" + value + "'");
            }
            return value;
        }
    }

    private static String message(String... args) {
        ParameterException e = assertThrows(ParameterException.class,
                () -> Cli.parse(Cli.commandLine(new Tool()), args));
        return Cli.message(e);
    }

    @Test
    void messagesNameTheOptionAndTheValue() {
        assertEquals("--count must be an integer, got 'x'", message("--count", "x"));
        assertEquals("--count needs a value", message("--count"));
        assertEquals("--count given twice", message("--count", "1", "--count=2"));
        assertEquals("--flag takes no value", message("--flag=yes"));
        assertEquals("--mode must be a or b, got 'c'", message("--mode", "c"));
        assertEquals("--mode: a whole message of the domain parser", message("--mode", "whole"));
        assertEquals("unknown option --bogus", message("--bogus=1"));
        assertEquals("unexpected argument 'extra'", message("extra"));
    }

    @Test
    void executePrintsOneLineAndAPointerAndExits2() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Cli.execute(Cli.commandLine(new Tool()), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8), "--count", "1_000x");
        assertEquals(Cli.EXIT_USAGE, status);
        assertEquals(List.of("tool: --count must be an integer, got '1_000x'", "Run 'tool --help' for the options."),
                err.toString(StandardCharsets.UTF_8).lines().toList());
    }

    @Test
    void optionsWithoutDefaultAreFound() {
        assertEquals(List.of("tool --nodefault"), Cli.optionsWithoutDefault(Cli.commandLine(new Tool())));
    }
}
