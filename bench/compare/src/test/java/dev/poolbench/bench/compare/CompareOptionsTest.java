package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.util.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompareOptionsTest {

    private static String error(String... args) {
        return assertThrows(UsageException.class, () -> CompareOptions.parse(args)).getMessage();
    }

    @Test
    void defaults() throws Exception {
        CompareOptions o = CompareOptions.parse();
        assertEquals(List.of("hikari", "tomcat", "dbcp", "dbcp2", "nopool"), o.profiles);
        assertEquals(3, o.runs);
        assertEquals(60, o.durationSeconds);
        assertEquals(60, o.warmupSeconds);
        assertNull(o.workload);
        assertEquals(List.of(10), o.poolSizes);
        assertEquals("equalized", o.poolMode);
        assertEquals("interleaved", o.order);
        assertEquals(42, o.seed);
        assertEquals(13_306, o.dbPort);
    }

    @Test
    void quickSetsShortRunsButExplicitOptionsWin() throws Exception {
        CompareOptions o = CompareOptions.parse("--duration", "20", "--quick");
        assertEquals(20, o.durationSeconds);
        assertEquals(3, o.warmupSeconds);
        assertEquals(1, o.runs);
        assertFalse(o.cds, "a quick trial trains no class archives");
        assertTrue(CompareOptions.parse("--quick", "--cds", "on").cds);
        assertTrue(CompareOptions.parse().cds);
    }

    @Test
    void poolSizeAndProfiles() throws Exception {
        CompareOptions o = CompareOptions.parse("--profiles", "hikari,dbcp2", "--pool-size=20",
                "--order", "sequential", "--gc", "parallel", "--warmup", "0");
        assertEquals(List.of("hikari", "dbcp2"), o.profiles);
        assertEquals(List.of(20), o.poolSizes);
        assertTrue(error("--pool-size", "5,10").contains("run ./poolbench size"), "sweeps are retired");
        assertTrue(error("--pool-size", "x").contains("--pool-size must be an integer, got 'x'"));
        assertTrue(error("--pool-size", "0").contains("--pool-size must be >= 1"));
        assertEquals("Parallel", o.gc);
        assertEquals(0, o.warmupSeconds);
    }

    @Test
    void allRunsEveryPoolAndMixesWithNames() throws Exception {
        assertEquals(List.of("hikari", "tomcat", "dbcp", "dbcp2", "c3p0", "vibur", "agroal", "ucp", "nopool"),
                CompareOptions.parse("--profiles", "ALL").profiles);
        assertEquals(List.of("ucp", "hikari", "tomcat", "dbcp", "dbcp2", "c3p0", "vibur", "agroal", "ucp_2", "nopool"),
                CompareOptions.parse("--profiles", "ucp, all").profiles);
        assertEquals(List.of("c3p0", "vibur", "agroal", "ucp"),
                CompareOptions.parse("--profiles", "c3p0,vibur,agroal,ucp").profiles);
    }

    @Test
    void validationErrorsNameOptionAndValue() {
        assertEquals("unknown profile 'c3p1'; valid profiles: hikari, tomcat, dbcp, dbcp2, c3p0, vibur, agroal, ucp,"
                + " nopool, or all", error("--profiles", "hikari,C3P1"));
        assertTrue(error("--runs", "0").contains("--runs must be >= 1"));
        assertTrue(error("--duration", "abc").contains("--duration must be an integer, got 'abc'"));
        assertTrue(error("--pool-mode", "max").contains("equalized, defaults"));
        assertTrue(error("--heap", "lots").contains("--heap"));
        assertTrue(error("--bogus", "1").contains("unknown option --bogus"));
        assertTrue(error("--runs").contains("needs a value"));
        assertTrue(error("--pool-mode", "defaults", "--pool-size", "5").contains("equalized only"));
        assertTrue(error("--app-url", "http://10.0.0.2:8080").contains("--reset-command"));
        assertTrue(error("--app-url", "10.0.0.2", "--reset-command", "x").contains("http(s) URL"));
        assertTrue(error("--reset-command", "x").contains("needs --app-url"));
        assertTrue(error("--app-url", "http://h:8080", "--reset-command", "x", "--profiles", "hikari")
                .contains("remote mode"));
        assertTrue(error("--runs", "2", "--runs", "3").contains("given twice"));
    }

    @Test
    void prometheusIsOffByDefaultAndRecordedOnlyWhenOn() throws Exception {
        CompareOptions off = CompareOptions.parse();
        assertTrue(!off.prometheus && !off.toJson().has("prometheus"), "the keys of environment.json as before");
        // Debian's prometheus packages are installed where this runs (else the line says how to get them).
        CompareOptions on = CompareOptions.parse("--quick", "--prometheus");
        assertTrue(on.prometheus && on.toJson().path("prometheus").asBoolean());
    }

    @Test
    void remoteModeDerivesTheManagementUrl() throws Exception {
        CompareOptions o = CompareOptions.parse("--app-url", "http://10.0.0.2:8080/",
                "--reset-command", "ssh db reset");
        assertTrue(o.remote());
        assertEquals("http://10.0.0.2:8080", o.appUrl.toString());
        assertEquals("http://10.0.0.2:8081", o.managementUrl.toString());
    }

    @Test
    void commandLineExitStatus() {
        assertEquals(2, CompareMain.run("compare", "--profiles", "bonecp"));
        assertEquals(2, CompareMain.run("frobnicate"));
        assertEquals(2, CompareMain.run("summarize"));
    }

    @Test
    void aaProfiles() throws Exception {
        assertEquals(List.of("hikari", "hikari_2"), CompareOptions.parse("--profiles", "hikari,hikari").profiles);
        assertEquals(List.of("hikari", "dbcp2", "hikari_2", "hikari_3"),
                CompareOptions.parse("--profiles", "hikari,dbcp2,hikari,hikari").profiles);
        assertTrue(error("--calibrate").contains("unknown option --calibrate"), "retired: list the profile twice");
        assertEquals("hikari", CompareOptions.appProfile("hikari_2"));
        assertEquals("dbcp2", CompareOptions.appProfile("dbcp2"));
    }

    @Test
    void verdictOptions() throws Exception {
        CompareOptions o = CompareOptions.parse("--profiles", "hikari,dbcp2", "--reference", "dbcp2",
                "--equivalence-margin", "3 %", "--until-decided");
        assertEquals("dbcp2", o.reference);
        assertEquals(3.0, o.equivalenceMarginPercent);
        assertEquals(CompareOptions.DEFAULT_MAX_RUNS_DECIDED, o.maxRuns);
        assertEquals("dbcp2", o.toJson().path("reference").asText());
        assertEquals("hikari", CompareOptions.parse("--profiles", "hikari,dbcp2").toJson().path("reference").asText());
        assertEquals(5.0, CompareOptions.parse().equivalenceMarginPercent);
        assertEquals(4, CompareOptions.parse("--profiles", "hikari,dbcp2", "--until-decided",
                "--max-runs", "4").maxRuns);
    }

    @Test
    void verdictOptionErrors() {
        assertTrue(error("--profiles", "hikari,dbcp2", "--reference", "tomcat").contains("not among the profiles"));
        assertTrue(error("--equivalence-margin", "abc").contains("--equivalence-margin must be a percentage"));
        assertTrue(error("--equivalence-margin", "0%").contains("above 0"));
        assertTrue(error("--max-runs", "5", "--runs", "3").contains("budget of --until-decided"));
        assertTrue(error("--until-precision", "2%").contains("unknown option --until-precision"), "retired");
        assertTrue(error("--until-decided", "--runs", "1").contains("--runs 2"));
        assertTrue(error("--until-decided", "--profiles", "hikari").contains("two profiles"));
        assertTrue(error("--until-decided", "--solo", "--order", "sequential").contains("interleaved"));
        assertTrue(error("--until-decided", "--quick").contains("--runs 2"));
        assertTrue(error("--until-decided", "--runs", "5", "--max-runs", "4").contains("below --runs"));
        assertTrue(error("--quick=yes").contains("takes no value"));
    }

    /** What a user wants is a decided verdict: duets of profiles go on for the undecided pairs unless told how many rounds. */
    @Test
    void untilDecidedIsTheDefaultOfADuetComparisonOfProfiles() throws Exception {
        CompareOptions o = CompareOptions.parse();
        assertTrue(o.duet && o.untilDecided && o.adaptive());
        assertEquals(CompareOptions.DEFAULT_MAX_RUNS_DECIDED, o.maxRuns);
        assertTrue(o.toJson().path("untilDecided").asBoolean());
        assertEquals(8, CompareOptions.parse("--max-runs", "8").maxRuns);
        assertFalse(CompareOptions.parse("--runs", "3").untilDecided, "--runs N: exactly N rounds");
        assertFalse(CompareOptions.parse("--quick").untilDecided);
        assertFalse(CompareOptions.parse("--solo").untilDecided);
        assertTrue(CompareOptions.parse("--solo", "--until-decided", "--runs", "2").untilDecided);
        assertTrue(CompareOptions.parse("--profiles", "hikari,hikari").untilDecided, "an A/A ends when it is equivalent");
    }
}
