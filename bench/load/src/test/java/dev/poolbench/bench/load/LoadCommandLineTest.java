package dev.poolbench.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.cli.Cli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code run} and {@code merge} parsed by picocli: typed values, one-line errors, help with defaults. */
class LoadCommandLineTest {

    private static final PrintStream NOWHERE = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    private record Result(int status, String out, String err) {
    }

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = LoadMain.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void runOptionsBecomeTheConfig() {
        CommandLine cl = LoadMain.commandLine(NOWHERE, NOWHERE);
        cl.parseArgs("run", "--base-url=http://10.0.0.2:8080/", "--data", "d", "--workload", "16",
                "--duration=30", "--partition", "2/3", "--seed", "7", "--out", "o", "--label", "round 1",
                "--no-report-check", "--quiet");
        Config c = ((LoadMain.Run) cl.getSubcommands().get("run").getCommand()).config;
        c.validate();
        assertEquals("http://10.0.0.2:8080", c.baseUrl);
        assertEquals(Path.of("d"), c.dataDir);
        assertEquals(16, c.workload);
        assertEquals(30, c.durationSeconds);
        assertEquals("2/3", c.partition.toString());
        assertEquals(7L, c.seed);
        assertEquals(Path.of("o"), c.outDir);
        assertEquals("round 1", c.label);
        assertFalse(c.reportCheck);
        assertTrue(c.quiet);

        CommandLine again = LoadMain.commandLine(NOWHERE, NOWHERE);
        again.parseArgs("run", "--duration", "4", "--duration", "2");
        assertEquals(2, ((LoadMain.Run) again.getSubcommands().get("run").getCommand()).config.durationSeconds,
                "a flag given again wins, as callers append overrides");

        CommandLine plain = LoadMain.commandLine(NOWHERE, NOWHERE);
        plain.parseArgs("run");
        Config d = ((LoadMain.Run) plain.getSubcommands().get("run").getCommand()).config;
        assertTrue(d.reportCheck, "the /report check is on unless --no-report-check");
        assertFalse(d.quiet);
        assertEquals(Config.DEFAULT_WORKLOAD, d.workload);
    }

    @Test
    void mergeTakesTheResultFiles() {
        CommandLine cl = LoadMain.commandLine(NOWHERE, NOWHERE);
        cl.parseArgs("merge", "--out", "m", "a/result.json", "b/result.json");
        LoadMain.Merge merge = (LoadMain.Merge) cl.getSubcommands().get("merge").getCommand();
        assertEquals(List.of(Path.of("a/result.json"), Path.of("b/result.json")), merge.inputs);
        assertEquals(Path.of("m"), merge.options.outDir);
    }

    @Test
    void badInputIsOneLineAndExitStatus2() {
        assertBad("poolbench-load run: --workload must be an integer, got 'zero'", "run", "--workload", "zero");
        assertBad("poolbench-load run: --partition must be i/K with 1 <= i <= K, got 3/2", "run", "--partition", "3/2");
        assertBad("poolbench-load run: unknown option --frobnicate", "run", "--frobnicate");
        assertBad("poolbench-load run: --duration needs a value", "run", "--duration");
        assertBad("poolbench-load run: --quiet takes no value", "run", "--quiet=yes");
        assertBad("poolbench-load merge: unknown option --workload", "merge", "--workload", "8", "r.json");
        assertBad("poolbench-load merge: missing RESULT_JSON", "merge");
        assertBad("poolbench-load: unexpected argument 'fly'", "fly");
        Result jump = run("run", "--duration", "10", "--jump-workload", "4", "--jump-at", "8", "--jump-seconds", "5");
        assertEquals(2, jump.status);
        assertEquals("poolbench-load: --jump-at 8 and --jump-seconds 5 must be >= 1 and end within --duration 10",
                jump.err.strip());
        Result pause = run("run", "--duration", "10", "--pause-at", "4", "--pause-seconds", "6");
        assertEquals(2, pause.status);
        assertEquals("poolbench-load: --pause-at 4 and --pause-seconds 6 must be >= 1 and end before --duration 10",
                pause.err.strip());
        Result both = run("run", "--duration", "20", "--pause-seconds", "3", "--jump-workload", "2");
        assertEquals(2, both.status);
        assertEquals("poolbench-load: --pause-seconds and --jump-workload do not go together: a run pauses or jumps",
                both.err.strip());
        Result url = run("run", "--base-url", "ftp://x");
        assertEquals(2, url.status);
        assertEquals("poolbench-load: --base-url must start with http://, got 'ftp://x'", url.err.strip());
    }

    private static void assertBad(String firstLine, String... args) {
        Result r = run(args);
        assertEquals(2, r.status, r.err);
        List<String> lines = r.err.lines().toList();
        assertEquals(firstLine, lines.get(0));
        assertEquals(2, lines.size(), r.err);
    }

    @Test
    void helpListsEveryOptionWithItsDefault() {
        assertEquals(List.of(), Cli.optionsWithoutDefault(LoadMain.commandLine(NOWHERE, NOWHERE)));
        Result help = run("run", "--help");
        assertEquals(0, help.status);
        for (String s : List.of("--base-url=URL", "(default: http://127.0.0.1:8080)", "--workload=N",
                "(default: 8)", "--partition=i/K", "(default: 1/1)", "--no-report-check")) {
            assertTrue(help.out.contains(s), s + " in\n" + help.out);
        }
        assertEquals(2, run().status, "no command: the list of commands, nothing done");
    }
}
