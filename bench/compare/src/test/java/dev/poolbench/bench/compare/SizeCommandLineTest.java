package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code poolbench size}'s command line: its help, and bad input refused in one line before anything starts. */
class SizeCommandLineTest {

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
    void helpListsTheSearchsOwnOptions() {
        Result help = run("size", "--help");
        assertEquals(0, help.status, help.err);
        for (String option : new String[] {"--sizes=LIST", "--max-size=N", "--reference-size=N", "--max-duets=N",
                "--max-minutes=M", "--margin=X%", "--db-distance=NAME", "--profiles=LIST", "--db-cores=N",
                "--max-connections=N", "--app-command=CMD"}) {
            assertTrue(help.out.contains(option), option + " missing from\n" + help.out);
        }
    }

    @Test
    void badInputIsOneLineAndExitStatus2() {
        assertBad("not a number", "poolbench size: --sizes takes positive whole numbers, comma-separated; 'x' is "
                + "not one", "--sizes", "2,x");
        assertBad("zero", "poolbench size: --sizes takes pool sizes from 1 to 1000; 0 is not one", "--sizes", "0,5");
        assertBad("empty", "poolbench size: --sizes takes positive whole numbers, comma-separated; '' is not one",
                "--sizes", "");
        assertBad("reference outside", "poolbench size: --reference-size 50 is outside the candidate range 5..10: "
                + "the reference must be one of the sizes searched, a large one", "--sizes", "5,10",
                "--reference-size", "50");
        assertBad("nothing below", "poolbench size: no candidate below the reference size 4: give smaller sizes "
                + "(--sizes) or a larger reference", "--sizes", "4,8", "--reference-size", "4");
        assertBad("empty range", "poolbench size: no candidate below the reference size 1: give smaller sizes "
                + "(--sizes) or a larger reference", "--max-size", "1");
        assertBad("budget", "poolbench size: --max-duets 1 cannot decide anything: one verdict needs at least 2 "
                + "duets of a size against the reference", "--max-duets", "1");
        assertBad("minutes", "poolbench size: --max-minutes 1.0 cannot decide anything: one verdict needs at least "
                + "2 duets of about 2.3 min each (--duration 60, --warmup 60, plus about 20 s of start-up)",
                "--max-minutes", "1");
        for (String margin : new String[] {"0", "-3", "50", "x"}) {
            assertBad("margin " + margin, "poolbench size: --margin " + margin + " is refused: the margin is a loss "
                    + "in percent above 0 and below 50, such as 5 or 5%", "--margin", margin);
        }
        assertBad("compare's margin", "poolbench size: --equivalence-margin is compare's: size's margin is --margin",
                "--equivalence-margin", "3");
        assertBad("solo", "poolbench size: --solo: size decides by duets (each candidate beside the reference size, "
                + "at the same time), never one app at a time", "--solo");
        assertBad("compare's", "poolbench size: --pool-size is compare's: size chooses its runs and sizes itself "
                + "(candidates: --sizes, --max-size, --reference-size; budget: --max-duets, --max-minutes)",
                "--pool-size", "3,10");
        assertBad("compare's own checks", "poolbench size: --duration must be >= 1, got 0", "--duration", "0");
        assertBad("remote as is", "poolbench size: size in remote mode needs --app-command: the runner restarts each "
                + "lane's app there with its pool size (Ansible's size.yml)", "--app-url", "http://10.0.0.2:8080",
                "--reset-command", "true");
        assertBad("cores", "poolbench size: --db-cores takes the database host's cores, from 1 to 10000; 0 is not one",
                "--db-cores", "0");
        assertBad("max_connections", "poolbench size: --max-connections takes the server's max_connections, from 1 "
                + "to 1000000; 0 is not one", "--max-connections", "0");
    }

    private static void assertBad(String what, String firstLine, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "size";
        System.arraycopy(args, 0, all, 1, args.length);
        Result r = run(all);
        assertEquals(2, r.status, what + ": " + r.err);
        String[] lines = r.err.split("\n");
        assertEquals(firstLine, lines[0], what);
        assertEquals(2, lines.length, what + ": one line and the pointer to --help: " + r.err);
        assertEquals("", r.out, what + ": nothing started");
    }
}
