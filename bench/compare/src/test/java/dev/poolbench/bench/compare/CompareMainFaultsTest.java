package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code faults} on the runner's command line: bad options are exit 2 before anything starts. */
class CompareMainFaultsTest {

    @Test
    void unknownScenarioAndBadValueAreUsageErrors() {
        assertEquals(2, runCapturingErr("faults", "--scenarios", "unreachable,flood").status);
        assertTrue(runCapturingErr("faults", "--scenarios", "flood").err
                .contains("unknown scenario 'flood'; valid scenarios: unreachable, hang, restart, redis-restart"));
        Result noRedis = runCapturingErr("faults", "--scenarios", "redis-restart");
        assertEquals(2, noRedis.status);
        assertEquals("poolbench faults: --scenarios redis-restart needs --session redis-shared or redis-pooled",
                noRedis.err.lines().findFirst().orElse(""), noRedis.err);
        // Hosts only: one line naming the fleet, before anything starts.
        Result reboot = runCapturingErr("faults", "--quick", "--scenarios", "hang,reboot");
        assertEquals(2, reboot.status);
        assertEquals("poolbench faults: --scenarios reboot needs the fleet: it reboots the database host, so run it "
                + "with ansible/faults.yml on the local fleet or the VMs (docs/vm-path.md); on one machine, restart is "
                + "the closest", reboot.err.lines().findFirst().orElse(""), reboot.err);
        Result settings = runCapturingErr("faults", "--settings", "shipped,tuned");
        assertEquals(2, settings.status);
        assertEquals("poolbench faults: --settings takes shipped, recommended, evict-read-only, keepalive (a comma list "
                + "runs each), got 'tuned'",
                settings.err.lines().findFirst().orElse(""), settings.err);
        Result replicas = runCapturingErr("faults", "--scenarios", "max-connections", "--replicas", "0");
        assertEquals(2, replicas.status);
        assertEquals("poolbench faults: --replicas must be between 2 and 16, got 0",
                replicas.err.lines().findFirst().orElse(""), replicas.err);
        Result bad = runCapturingErr("faults", "--pool-wait-ms", "-5");
        assertEquals(2, bad.status);
        assertTrue(bad.err.contains("--pool-wait-ms must be between 1 and 600000, got -5"), bad.err);
        assertTrue(bad.err.contains("Run 'poolbench faults --help'"), bad.err);
    }

    @Test
    void prometheusOnPostgresIsOneLineAndExitStatus2() {
        // Both commands that start mysqld_exporter; the refusal comes before anything starts.
        for (String command : List.of("faults", "compare")) {
            Result refused = runCapturingErr(command, "--database", "postgres", "--prometheus");
            assertEquals(2, refused.status, refused.err);
            assertEquals("poolbench " + command + ": --prometheus watches MariaDB only (mysqld_exporter): it cannot be "
                    + "used with --database postgres", refused.err.lines().findFirst().orElse(""), refused.err);
        }
    }

    @Test
    void helpPrintsTheFaultsUsage() {
        PrintStream before = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, CompareMain.run("faults", "--help"));
        } finally {
            System.setOut(before);
        }
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: poolbench faults"));
    }

    @Test
    void faultsSummarizeAndFaultsSampleAreCommandsOfTheRunner() {
        Result notFaults = runCapturingErr("faults-summarize", "--results", "no-such-results-dir");
        assertEquals(2, notFaults.status);
        assertTrue(notFaults.err.contains("poolbench faults-summarize: no options.json in no-such-results-dir"),
                notFaults.err);
        assertEquals(2, runCapturingErr("faults-summarize").status, "--results is required");
        assertEquals(2, runCapturingErr("faults-sample", "--out", "x", "--max-seconds", "-1").status);
    }

    private record Result(int status, String err) {
    }

    private static Result runCapturingErr(String... args) {
        PrintStream before = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int status = CompareMain.run(args);
            return new Result(status, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(before);
        }
    }
}
