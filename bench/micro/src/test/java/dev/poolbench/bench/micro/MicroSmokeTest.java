package dev.poolbench.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.webapp.pool.StandalonePool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every benchmark of every pool on every target once (JMH in this JVM, one 100 ms iteration), on a
 * real embedded MariaDB: the JSON, the tables and the charts must hold a figure for each.
 */
class MicroSmokeTest {

    @TempDir
    Path out;

    @Test
    void everyPoolTargetAndBenchmarkGivesAFigure() throws IOException {
        List<String> pools = new ArrayList<>(StandalonePool.profiles());
        pools.add(DriverManagerBaseline.NAME);
        // Agroal 2.8 at pool size 1 with 2 threads sometimes leaves a waiting thread parked for the
        // whole 30-s acquisition timeout although the connection is free again within microseconds
        // (about 1 quick run in 6 here, on any target: docs/micro.md). It gets a contention-free
        // size of its own below; every other pool runs contended.
        pools.remove("agroal");
        // Pool size 1 with 2 threads: connectionCycle contends for the one connection, and
        // statementCycle (one held connection per thread) only runs if the pool grows to 2.
        int status = MicroMain.run("--quick", "--threads", "2", "--pool-size", "1", "--db-port", "0",
                "--profiles", String.join(",", pools),
                "--db-dir", Path.of("target", "micro-mariadb").toString(), "--out", out.toString());
        assertEquals(0, status);
        Path agroal = out.resolve("agroal");
        assertEquals(0, MicroMain.run("--quick", "--threads", "2", "--pool-size", "2", "--db-port", "0",
                "--profiles", "agroal", "--db-dir", Path.of("target", "micro-mariadb").toString(),
                "--out", agroal.toString()));
        assertEquals(MicroOptions.BENCHMARKS.size() * Target.values().length,
                count(Files.readString(agroal.resolve("micro.md")), Pattern.compile("\\| agroal \\| [0-9][0-9,.]* \\|")));
        int trials = pools.size() * Target.values().length * MicroOptions.BENCHMARKS.size();

        String json = Files.readString(out.resolve("jmh-result.json"));
        Matcher scores = Pattern.compile("\"primaryMetric\"\\s*:\\s*\\{\\s*\"score\"\\s*:\\s*([0-9.E+-]+)").matcher(json);
        int found = 0;
        while (scores.find()) {
            assertTrue(Double.parseDouble(scores.group(1)) > 0, "a score of 0 in " + json);
            found++;
        }
        assertEquals(trials, found, "one JMH result per pool x target x benchmark");
        assertEquals(trials, count(json, "\"threads\" : 2"));

        String table = Files.readString(out.resolve("micro.md"));
        for (String benchmark : MicroOptions.BENCHMARKS) {
            for (Target target : Target.values()) {
                assertTrue(table.contains("### " + benchmark + " on " + target.cliName()), table);
                assertTrue(Files.size(out.resolve("micro-" + benchmark + "-" + target.cliName() + ".png")) > 1_000);
            }
        }
        for (String pool : pools) {
            // One line per pool in each of the 6 tables, each with a number in its one column.
            assertEquals(MicroOptions.BENCHMARKS.size() * Target.values().length,
                    count(table, Pattern.compile("\\| " + pool + " \\| [0-9][0-9,.]* \\|")), pool + " in\n" + table);
        }
        assertTrue(Files.readString(out.resolve("micro.txt")).contains("NO FORK"));

        // --render writes the same tables again from jmh-result.json alone.
        Files.delete(out.resolve("micro.md"));
        Files.delete(out.resolve("micro-connectionCycle-stub.png"));
        assertEquals(0, MicroMain.run("--render", out.toString()));
        String rendered = Files.readString(out.resolve("micro.md"));
        assertTrue(rendered.contains("rendered again from jmh-result.json"), rendered);
        assertEquals(withoutHeader(table), withoutHeader(rendered));
        assertTrue(Files.size(out.resolve("micro-connectionCycle-stub.png")) > 1_000);
    }

    @Test
    void renderWithoutAResultIsAUsageError(@TempDir Path empty) throws IOException {
        assertEquals(2, MicroMain.run("--render", empty.toString()));
        Files.writeString(empty.resolve("jmh-result.json"), "{\"not\": \"jmh\"}");
        assertEquals(2, MicroMain.run("--render", empty.toString()));
    }

    @Test
    void aLogAxisErrorBarCoversJmhsInterval() {
        double[][] cases = {{8903, 217}, {32.8, 3.94}, {5305, 25447}, {100, 0}};
        for (double[] c : cases) {
            double score = c[0];
            double error = Math.min(c[1], score * 0.99);
            double argument = MicroChart.logAxisErrorArgument(score, c[1]);
            // XChart draws log10(score) -/+ log10(argument)
            double low = Math.pow(10, Math.log10(score) - Math.log10(argument));
            double high = Math.pow(10, Math.log10(score) + Math.log10(argument));
            assertTrue(low <= score - error + 1e-6 * score, score + " +- " + c[1] + ": low " + low);
            assertTrue(high >= score + error - 1e-6 * score, score + " +- " + c[1] + ": high " + high);
            assertTrue(low > 0, "a log axis has no 0");
        }
        assertEquals(1.0, MicroChart.logAxisErrorArgument(100, Double.NaN));
    }

    private static String withoutHeader(String markdown) {
        return markdown.substring(markdown.indexOf('\n'));
    }

    @Test
    void aBadOptionIsAUsageError() {
        assertEquals(2, MicroMain.run("--targets", "oracle"));
        assertEquals(2, MicroMain.run("--profiles", "hikari,hikari"));
        assertEquals(2, MicroMain.run("--threads", "0"));
        assertEquals(2, MicroMain.run("--no-such-option"));
    }

    private static int count(String text, String literal) {
        return count(text, Pattern.compile(Pattern.quote(literal)));
    }

    private static int count(String text, Pattern pattern) {
        Matcher matcher = pattern.matcher(text);
        int n = 0;
        while (matcher.find()) {
            n++;
        }
        return n;
    }
}
