package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.cli.Cli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.OptionSpec;

/** The runner's command line as a user meets it: generated help, one-line errors, exit status 2. */
class CompareCommandLineTest {

    private record Result(int status, String out, String err) {
    }

    private static Result run(String... args) {
        PrintStream out0 = System.out;
        PrintStream err0 = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int status = CompareMain.run(args);
            return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out0);
            System.setErr(err0);
        }
    }

    @Test
    void helpOfEveryCommandListsEveryOptionWithItsDefault() {
        assertEquals(List.of(), Cli.optionsWithoutDefault(CompareMain.commandLine()));
        Result help = run("compare", "--help");
        assertEquals(0, help.status, help.err);
        for (OptionSpec o : CompareMain.commandLine().getSubcommands().get("compare").getCommandSpec().options()) {
            assertTrue(help.out.contains(o.longestName()), o.longestName() + " missing from\n" + help.out);
        }
        assertTrue(help.out.contains("--runs=N") && help.out.contains("(default: 3)"), help.out);
        // Help wraps long lines at commas or spaces: compare without the line breaks.
        String flat = help.out.replaceAll("\\s+", " ").replace(", ", ",");
        assertTrue(flat.contains("(default: hikari,tomcat,dbcp,dbcp2,nopool)"), help.out);
        assertTrue(flat.contains("(default: steal=5%,other=10%,gc=5%,loadgen=90%,load=off)"), help.out);
        assertTrue(help.out.contains("margin (default: 5.0%)"), help.out);
        assertTrue(run("faults", "--help").out.contains("--pool-wait-ms=MS"));
        assertTrue(run("summarize", "--help").out.contains("--results=DIR"));
        assertTrue(run("prometheus", "--help").out.contains("--results=DIR"));
        assertTrue(run("faults", "--help").out.contains("--prometheus"));
    }

    @Test
    void badInputIsOneLineAndExitStatus2() {
        assertBad("compare", "--runs 0", "poolbench compare: --runs must be >= 1, got 0", "--runs", "0");
        assertBad("compare", "unknown", "poolbench compare: unknown option --bogus", "--bogus", "1");
        assertBad("compare", "twice", "poolbench compare: --runs given twice", "--runs", "2", "--runs=3");
        assertBad("compare", "flag value", "poolbench compare: --quick takes no value", "--quick=yes");
        assertBad("compare", "no value", "poolbench compare: --duration needs a value", "--duration");
        assertBad("compare", "percent", "poolbench compare: --equivalence-margin must be a percentage above 0 and "
                + "below 100 such as 5%, got '120%'", "--equivalence-margin", "120%");
        assertBad("compare", "one of", "poolbench compare: --order must be one of interleaved, sequential, got "
                + "'random'", "--order", "random");
        assertBad("compare", "profile", "poolbench compare: unknown profile 'bonecp'; valid profiles: hikari, "
                + "tomcat, dbcp, dbcp2, c3p0, vibur, agroal, ucp, nopool, or all", "--profiles", "bonecp");
        assertBad("compare", "latency", "poolbench compare: --db-latency must not be negative, got '-1ms'",
                "--db-latency", "-1ms");
        assertBad("compare", "thresholds", "poolbench compare: --disturbance-thresholds: gc takes a percentage "
                + "such as 10%, got '3'", "--disturbance-thresholds", "gc=3");
        assertBad("compare", "sizes", "poolbench compare: --pool-size takes one size, got '3,10'; to find the size a pool needs, run ./poolbench size (docs/pool-size-sweep.md)",
                "--pool-size", "3,10");
        assertBad("compare", "budget alone", "poolbench compare: --max-minutes is the budget of --until-decided's "
                + "rounds; give --until-decided too, or use --runs alone", "--runs", "3", "--max-minutes", "20");
        assertBad("compare", "budget", "poolbench compare: --max-minutes takes minutes above 0, got 0.0",
                "--max-minutes", "0");
        assertBad("summarize", "required", "poolbench summarize: --results is required");
        assertBad("prometheus", "required", "poolbench prometheus: --results is required");
        assertBad("compare", "remote prometheus", "poolbench compare: --prometheus starts Prometheus and its "
                + "exporters beside the local runs; in remote mode the VMs have their own (ansible's monitoring "
                + "roles, docs/dashboards.md, \"On the VMs\")", "--app-url", "http://10.0.0.2:8080",
                "--reset-command", "x", "--prometheus");
        assertBad("poolbench", "command", "poolbench: unexpected argument 'frobnicate'", "frobnicate");
    }

    private static void assertBad(String command, String what, String firstLine, String... rest) {
        String[] args = command.equals("poolbench") ? rest : prepend(command, rest);
        Result r = run(args);
        assertEquals(2, r.status, what + ": " + r.err);
        String[] lines = r.err.split("\n");
        assertEquals(firstLine, lines[0], what);
        assertEquals(2, lines.length, what + ": one line and the pointer to --help: " + r.err);
        assertTrue(lines[1].startsWith("Run '") && lines[1].contains(" --help'"), lines[1]);
    }

    private static String[] prepend(String first, String... rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    @Test
    void goodInputParsesToTypedValues() throws Exception {
        CompareOptions o = CompareOptions.parse("--pool-size=20", "--cds", "OFF",
                "--equivalence-margin", "3 %", "--heap", "512m", "--db-distance", "lan", "--seed", "7");
        assertEquals(List.of(20), o.poolSizes);
        assertEquals(false, o.cds);
        assertEquals(3.0, o.equivalenceMarginPercent);
        assertEquals("512m", o.heap);
        assertEquals("lan", o.dbDistance.name());
        assertEquals(7L, o.seed);
    }

    @Test
    void completionScriptCoversTheCommandsAndOptions() {
        Result r = run("completion");
        assertEquals(0, r.status, r.err);
        assertTrue(r.out.contains("complete -F _complete_poolbench"), "registers the function for poolbench");
        for (String word : List.of("compare", "summarize", "faults", "prometheus", "--pool-size", "--fault-at",
                "--prometheus")) {
            assertTrue(r.out.contains(word), word);
        }
    }
}
