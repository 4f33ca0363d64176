package dev.poolbench.bench.compare.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.faultfigures.FaultRunRecord;
import dev.poolbench.bench.compare.faultplan.FaultOptions;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.cli.Cli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code faults-summarize} on a results directory written file by file as Ansible's
 * faults.yml writes it (the text of each file, not the Java objects that read it), with the
 * timeline of {@code faultfigures.FaultFiguresTest}: a 20-s run, the fault from 5.3 to 8.6 s of load time.
 */
class FaultsSummarizeTest {

    /** Load time 0, a whole second; the app's clock is in {@link #APP_ZONE}, not the reader's. */
    private static final long LOAD_START = 1_795_000_000_000L;
    private static final ZoneId APP_ZONE = ZoneId.of("+09:00");
    /** Decided logins per second: 10/s before, none in the fault, back from second 10. */
    static final long[] DECIDED = {3, 10, 10, 10, 10, 0, 0, 0, 0, 2, 5, 9, 10, 10, 10, 10, 10, 10, 10, 10};

    record Run(int status, String out, String err) {
    }

    static Run summarize(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int status = Cli.execute(Cli.commandLine(new FaultsSummarize()), System.out, System.err, args);
            return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
    }

    /** options.json as faults.yml writes it (Jinja's to_nice_json: lists and numbers). */
    private static void options(Path dir, String scenarios, int durationSeconds) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("options.json"), """
                {"mode": "ansible", "profiles": ["hikari"], "scenarios": [%s], "durationSeconds": %d,
                 "faultAtSeconds": 5, "faultSeconds": 3, "warmupSeconds": 0, "poolSize": 10,
                 "poolWaitMillis": 1000, "workload": 8, "seed": 42, "heap": null}
                """.formatted(scenarios, durationSeconds));
    }

    /** One run's files: progress.tsv, fault-run.json, result.json, poolmetrics.csv. */
    static Path run(Path dir, String name, long[] decided, long extraDecidedInResult) throws Exception {
        long total = java.util.Arrays.stream(decided).sum();
        return run(dir, name.substring(0, name.indexOf('-')), "memory", name, decided, decided,
                "\"decided\": %d, \"noResponse\": 4, \"errorStatus\": 20".formatted(total + extraDecidedInResult));
    }

    /**
     * One run's files, the login_log rows per second ({@code rowsPerSecond}) apart from the load's decided
     * answers per second ({@code answered}, perSecond[].loginsDecided) and its {@code logins}.
     */
    private static Path run(Path dir, String scenario, String session, String name, long[] rowsPerSecond,
                            long[] answered, String logins) throws Exception {
        long[] decided = rowsPerSecond;
        Path runDir = Files.createDirectories(dir.resolve("runs").resolve(name));
        StringBuilder progress = new StringBuilder();
        for (int k = 1; k <= 20; k++) {
            // Elapsed k arrives half-way through second k+1 of the load: the start estimate is LOAD_START.
            progress.append(LOAD_START + k * 1000L + 500).append("\tprogress\telapsed:").append(k).append("\tleft:")
                    .append(20 - k).append("\tsuccess:").append(40 * k).append("\tfail:0\n");
        }
        progress.append("17950000").append("\tprogress\telap"); // a line torn by a killed run
        Files.writeString(runDir.resolve("progress.tsv"), progress);

        StringBuilder rows = new StringBuilder();
        long total = 0;
        for (int k = 1; k <= decided.length; k++) {
            if (decided[k - 1] == 0) {
                continue;
            }
            LocalDateTime second = LocalDateTime.ofInstant(Instant.ofEpochMilli(LOAD_START + (k - 1) * 1000L), APP_ZONE);
            rows.append(rows.isEmpty() ? "" : ", ").append('"').append(FaultRunRecord.SECOND.format(second))
                    .append("\": ").append(decided[k - 1]);
            total += decided[k - 1];
        }
        Files.writeString(runDir.resolve("fault-run.json"), """
                {"schema": 1, "scenario": "%s", "profile": "hikari", "session": "%s",
                 "faultBeginEpochMillis": %d, "faultEndEpochMillis": %d, "faultDetail": null,
                 "poolSamplerStartEpochMillis": %d, "loadExitCode": 0,
                 "loginLog": {"rowsBefore": 100, "maxIdBefore": 100, "rowsAfter": %d, "timeZone": "+0900",
                              "rowsPerSecond": {%s}},
                 "problems": []}
                """.formatted(scenario, session, LOAD_START + 5_300, LOAD_START + 8_600,
                LOAD_START - 2_000, 100 + total, rows));

        StringBuilder perSecond = new StringBuilder();
        for (int k = 1; k <= 20; k++) {
            String statuses = k >= 6 && k <= 9 ? "\"200\": 30, \"500\": 4, \"none\": 1"
                    : k == 12 ? "\"200\": 30, \"503\": 2" : "\"200\": 30";
            perSecond.append(k == 1 ? "" : ",\n").append("{\"second\": ").append(k)
                    .append(", \"passedPages\": 20, \"fails\": 0, \"requests\": 40, \"ko\": 0, \"loginsDecided\": ")
                    .append(answered[k - 1]).append(", \"statuses\": {")
                    .append(statuses).append("}, \"maxLatencyMillis\": 100}");
        }
        Files.writeString(runDir.resolve("result.json"), """
                {"schema": 1, "valid": true, "requests": {"latencyMillis": {"max": 2400}, "overMillis": {"1000": 7}},
                 "logins": {%s},
                 "reportCheck": {"performed": true, "ok": true},
                 "perSecond": [%s]}
                """.formatted(logins, perSecond));

        // The sampler started 2 s before the load: its second 6.5 is load time 4.5.
        Files.writeString(runDir.resolve("poolmetrics.csv"), """
                seconds,active,idle,pending,max,acquires,connections_opened_total
                6.5,3,7,0,10,100,10
                9.5,10,0,5,10,0,12
                21.5,2,8,0,10,90,25
                """);
        return runDir;
    }

    @Test
    void figuresTableJsonAndPicturesFromTheFilesAlone(@TempDir Path results) throws Exception {
        Path dir = results.resolve("20261125-010203").resolve("faults");
        options(dir, "\"unreachable\"", 20);
        Path runDir = run(dir, "unreachable-hikari", DECIDED, 0);

        // results/<stamp> is accepted for results/<stamp>/faults.
        Run r = summarize("--results", dir.getParent().toString(), "--check");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("checks: every measurement taken and consistent"), r.out());

        JsonNode figures = Json.read(runDir.resolve("figures.json"));
        assertEquals(5.3, figures.get("faultBeginSecond").asDouble(), 1e-9);
        assertEquals(8.6, figures.get("faultEndSecond").asDouble(), 1e-9);
        assertEquals(20, figures.get("errorsDuringFault").asLong());
        assertEquals(Map.of("500", 16, "none", 4), Json.MAPPER.convertValue(figures.get("errorsByStatus"), Map.class));
        assertEquals(2, figures.get("errorsAfterReturn").asLong());
        assertEquals(10.0, figures.get("preFaultDecidedPerSecond").asDouble(), 1e-9);
        // The rows of created_at seconds in +09:00 land in their load seconds: first success in
        // second 10, 0.4 s after the return; 90 % from second 12.
        assertEquals(0.4, figures.get("firstSuccessSeconds").asDouble(), 1e-9);
        assertEquals(2.4, figures.get("recoverySeconds").asDouble(), 1e-9);
        // Pool samples shifted by the sampler's start: opened 25 - 10 from the fault on, 5 pending.
        assertEquals(15.0, figures.get("connectionsOpened").asDouble(), 1e-9);
        assertEquals(5.0, figures.get("peakPending").asDouble(), 1e-9);
        assertEquals("ok", figures.at("/loginLog/verdict").asText());
        assertEquals(139, figures.at("/loginLog/rowsAdded").asLong());
        assertEquals(0, figures.get("decidedInsideFault").asLong());

        List<String> series = Files.readAllLines(runDir.resolve("series.csv"));
        assertEquals("second,decided_logins,errors,active,pending", series.get(0));
        assertEquals("8,0,5,10,5", series.get(8), "second 8: no login, 5 errors, the sample of 7.5 s");

        String table = Files.readString(dir.resolve("faults.txt"));
        assertTrue(table.startsWith("poolbench faults: 20 s runs, fault at 5 s for 3 s, pool size 10, pool wait "
                + "1000 ms, workload 8"), table);
        assertTrue(table.contains(String.format(Locale.ROOT, "%-12s %-7s %6s %7s %-22s %6d", "unreachable", "hikari",
                "3.3", "0.7", "20 (500:16 none:4)", 2)), table);
        assertTrue(table.contains("away s 1st err errors in fault"), "the header names the column: " + table);
        assertEquals(0.7, figures.get("firstErrorSeconds").asDouble(), 1e-9, "the first error 0.7 s after the fault began");
        JsonNode json = Json.read(dir.resolve("faults.json"));
        assertTrue(json.get("environment").isEmpty(), "environment.json is optional");
        assertEquals(20, json.at("/runs/0/figures/errorsDuringFault").asLong());
        assertTrue(Files.size(dir.resolve("faults-unreachable.png")) > 10_000);
        reportPage(dir);
    }

    /** report.html: the checks and the fault table first, the picture embedded, the run linked; it renders in Chromium. */
    private static void reportPage(Path dir) throws Exception {
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.indexOf("<b>Checks:</b> every measurement taken and consistent.") < html.indexOf("<img "), html);
        assertTrue(html.contains("<td>unreachable</td><td>hikari</td><td class=\"num\">3.3</td>"
                + "<td class=\"num\">0.7</td><td>20 (500:16 none:4)</td>"), html);
        assertTrue(html.contains("<img src=\"data:image/png;base64,"), html);
        assertTrue(html.contains("(<a href=\"faults-unreachable.png\">faults-unreachable.png</a>)"), html);
        assertTrue(html.contains("<a href=\"runs/unreachable-hikari\">unreachable-hikari</a>"), html);
        Path script = Path.of("..", "..", "tests", "check-report-html.sh").toAbsolutePath().normalize();
        Process p = new ProcessBuilder("bash", script.toString(), dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        int status = p.waitFor();
        org.junit.jupiter.api.Assumptions.assumeFalse(status == 3, out);
        assertEquals(0, status, out);
    }

    @Test
    void aRedisRestartCountsTheLoadsDecidedAnswersWhileTheRowsGoOn(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("options.json"), """
                {"profiles": ["hikari"], "scenarios": ["redis-restart"], "durationSeconds": 20,
                 "faultAtSeconds": 5, "faultSeconds": 3, "warmupSeconds": 0, "poolSize": 10,
                 "poolWaitMillis": 1000, "session": ["redis-pooled"], "redisPoolSize": 4}
                """);
        // The app logs every attempt before it saves the session: rows go on while Redis is away
        // (16 of them: 12 answered with an error status, 4 with no response).
        long[] rows = {3, 10, 10, 10, 10, 4, 4, 4, 4, 2, 5, 9, 10, 10, 10, 10, 10, 10, 10, 10};
        Path runDir = run(dir, "redis-restart", "redis-pooled", "redis-restart-hikari-redis-pooled", rows, DECIDED,
                "\"decided\": 139, \"noResponse\": 4, \"errorStatus\": 12");

        Run r = summarize("--results", dir.toString(), "--check");
        assertEquals(0, r.status(), r.out() + r.err());
        JsonNode figures = Json.read(runDir.resolve("figures.json"));
        assertEquals(0, figures.get("decidedInsideFault").asLong(), "the rows inside the fault are not decisions");
        assertEquals(0.4, figures.get("firstSuccessSeconds").asDouble(), 1e-9);
        assertEquals(2.4, figures.get("recoverySeconds").asDouble(), 1e-9);
        assertEquals(155, figures.at("/loginLog/rowsAdded").asLong());
        assertEquals("ok", figures.at("/loginLog/verdict").asText(), "155 rows <= 139 decided + 4 + 12");
        assertTrue(r.out().contains("redis-restart/hikari/redis-pooled: 20 errors in the fault"), r.out());
        String table = Files.readString(dir.resolve("faults.txt"));
        assertTrue(table.contains(String.format(Locale.ROOT, "%-13s %-19s %6s", "redis-restart",
                "hikari/redis-pooled", "3.3")), table);
        assertEquals("redis-pooled", Json.read(dir.resolve("faults.json")).at("/runs/0/session").asText());

        // The same files under a database restart would count the rows as decisions.
        Files.writeString(runDir.resolve("fault-run.json"), Files.readString(runDir.resolve("fault-run.json"))
                .replace("\"session\": \"redis-pooled\"", "\"session\": \"memory\""));
        Run wrong = summarize("--results", dir.toString());
        assertEquals(1, wrong.status());
        assertTrue(wrong.err().contains("fault-run.json names the session store memory, the plan redis-pooled"),
                wrong.err());
    }

    @Test
    void aRebootRunFromTheFleetIsSummarizedAsTheOthers(@TempDir Path dir) throws Exception {
        // faults.yml's reboot: the window from the reboot's issue to MariaDB's first answer at boot.
        options(dir, "\"restart\", \"reboot\"", 20);
        run(dir, "restart-hikari", DECIDED, 0);
        Path runDir = run(dir, "reboot-hikari", DECIDED, 0);
        Files.writeString(runDir.resolve("fault-run.json"), Files.readString(runDir.resolve("fault-run.json"))
                .replace("\"faultDetail\": null", "\"faultDetail\": \"host up 2.1s after the reboot, MariaDB answered "
                        + "1.2s later\""));

        Run r = summarize("--results", dir.toString(), "--check");
        assertEquals(0, r.status(), r.out() + r.err());
        JsonNode figures = Json.read(runDir.resolve("figures.json"));
        assertEquals(20, figures.get("errorsDuringFault").asLong());
        assertEquals(2.4, figures.get("recoverySeconds").asDouble(), 1e-9);
        assertEquals("host up 2.1s after the reboot, MariaDB answered 1.2s later", figures.get("faultDetail").asText());
        String table = Files.readString(dir.resolve("faults.txt"));
        assertTrue(table.contains(String.format(Locale.ROOT, "%-12s %-7s %6s %7s %-22s", "reboot", "hikari", "3.3",
                "0.7", "20 (500:16 none:4)")), table);
        assertEquals("reboot", Json.read(dir.resolve("faults.json")).at("/runs/1/scenario").asText());
        assertTrue(Files.size(dir.resolve("faults-reboot.png")) > 10_000);
    }

    @Test
    void aPostgresRunFromTheFleetMustHaveMeasuredPostgres(@TempDir Path dir) throws Exception {
        // faults.yml with poolbench_database=postgres: options.json names the server; the app's read-back must agree.
        options(dir, "\"restart\"", 20);
        Files.writeString(dir.resolve("options.json"), Files.readString(dir.resolve("options.json"))
                .replace("\"heap\": null", "\"heap\": null, \"database\": \"postgres\""));
        Path runDir = run(dir, "restart-hikari", DECIDED, 0);
        Files.writeString(runDir.resolve("poolsettings.json"), "{\"settings\": \"shipped\", "
                + "\"driverVersion\": \"PostgreSQL JDBC Driver 42.7.8\", \"serverVersion\": \"PostgreSQL 15.14\", "
                + "\"releases\": {\"pool\": \"HikariCP 7.1.0\", \"driver\": \"postgresql 42.7.8\"}}");
        Files.writeString(dir.resolve("environment.json"), "{\"mode\": \"ansible\"}");

        Run r = summarize("--results", dir.toString(), "--check");
        assertEquals(0, r.status(), r.out() + r.err());
        // Ansible's environment.json gets the releases the runs' apps reported, as a local run's has them.
        assertEquals("{\"mode\":\"ansible\",\"releases\":{\"hikari\":{\"pool\":\"HikariCP 7.1.0\","
                + "\"driver\":\"postgresql 42.7.8\"}}}", Json.read(dir.resolve("environment.json")).toString());
        assertTrue(Files.readString(dir.resolve("faults.txt")).startsWith("poolbench faults: 20 s runs, fault at 5 s "
                + "for 3 s, pool size 10, pool wait 1000 ms, workload 8, PostgreSQL"));
        assertEquals("postgres", Json.read(dir.resolve("faults.json")).at("/options/database").asText());

        // An app that measured MariaDB under these options: the run failed.
        Files.writeString(runDir.resolve("poolsettings.json"), "{\"serverVersion\": \"MySQL 5.5.5-10.11.14-MariaDB\"}");
        Run wrong = summarize("--results", dir.toString());
        assertEquals(1, wrong.status());
        assertTrue(wrong.err().contains("restart/hikari: run failed: the app's database is MySQL 5.5.5-10.11.14-MariaDB, "
                + "the options' postgres"), wrong.err());
    }

    @Test
    void aMissingRunAndAnInconsistentOneFailTheChecks(@TempDir Path dir) throws Exception {
        options(dir, "\"unreachable\", \"hang\"", 20);
        Files.writeString(dir.resolve("environment.json"), "{\"mode\": \"ansible\", \"hosts\": {\"pb1\": 2}}");
        long[] decided = DECIDED.clone();
        decided[6] = 3; // three logins decided in second 7, wholly inside the fault
        run(dir, "unreachable-hikari", decided, 0);

        Run r = summarize("--results", dir.toString(), "--check");
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("unreachable/hikari: 3 logins decided while the database was away"), r.err());
        assertTrue(r.err().contains("hang/hikari: run failed: no run directory"), r.err());
        assertTrue(Files.readString(dir.resolve("faults.txt")).contains("hang         hikari  FAILED: no run directory"));
        assertEquals("{\"pb1\":2}", Json.read(dir.resolve("faults.json")).at("/environment/hosts").asText());

        // Without --check only the failed run counts.
        Run plain = summarize("--results", dir.toString());
        assertEquals(1, plain.status());
        assertFalse(plain.err().contains("decided while the database was away"), plain.err());
    }

    @Test
    void aRunThatDidNotGetItsFaultOrItsRecordFails(@TempDir Path dir) throws Exception {
        options(dir, "\"unreachable\", \"restart\"", 20);
        Path unreachable = run(dir, "unreachable-hikari", DECIDED, 0);
        String record = Files.readString(unreachable.resolve("fault-run.json"));
        Files.writeString(unreachable.resolve("fault-run.json"), record
                .replace("\"faultEndEpochMillis\": " + (LOAD_START + 8_600), "\"faultEndEpochMillis\": null")
                .replace("\"problems\": []", "\"problems\": [\"toxiproxy: HTTP 500\"]"));
        Path restart = run(dir, "restart-hikari", DECIDED, 0);
        Files.delete(restart.resolve("fault-run.json"));

        Run r = summarize("--results", dir.toString());
        assertEquals(1, r.status());
        assertTrue(r.err().contains("unreachable/hikari: run failed: toxiproxy: HTTP 500; the fault unreachable was "
                + "not applied or did not end"), r.err());
        assertTrue(r.err().contains("restart/hikari: run failed: no fault-run.json"), r.err());
    }

    @Test
    void aReturnTooCloseToTheEndIsAProblem(@TempDir Path dir) throws Exception {
        // An 11-s run whose fault ends at 8.6 s: less than the 3-s recovery window before the end.
        options(dir, "\"unreachable\"", 11);
        run(dir, "unreachable-hikari", DECIDED, 0);
        Run r = summarize("--results", dir.toString());
        assertEquals(1, r.status());
        assertTrue(r.err().contains("the database came back at 8.6 s, less than 3 s before the run's end at 11 s"),
                r.err());
    }

    @Test
    void notAFaultsDirectoryOrBadOptionsAreUsageErrors(@TempDir Path dir) throws Exception {
        Run none = summarize("--results", dir.toString());
        assertEquals(2, none.status());
        assertTrue(none.err().contains("no options.json in " + dir + ": not a faults results directory"), none.err());

        options(dir, "\"unreachable\"", 5);
        Run bad = summarize("--results", dir.toString());
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains(dir.resolve("options.json") + ": --duration 5 is too short"), bad.err());

        Files.writeString(dir.resolve("options.json"), "{\"profiles\": [\"hikari\"], \"scenarios\": [\"flood\"]}");
        Run unknown = summarize("--results", dir.toString());
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("'durationSeconds' is missing"), unknown.err());
    }

    @Test
    void theLocalCommandsOptionsJsonReadsBackAsItsOptions() throws Exception {
        FaultOptions local = FaultOptions.parse("--profiles", "hikari,nopool", "--scenarios", "restart,hang",
                "--duration", "30", "--fault-at", "6", "--fault-seconds", "4", "--warmup", "0", "--pool-size", "4",
                "--pool-wait-ms", "700", "--workload", "3", "--heap", "768m", "--seed", "7", "--db-port", "13606",
                "--check");
        // Through the text of the file, as faults-summarize reads it.
        JsonNode written = Json.parse(Json.MAPPER.writeValueAsString(local.toJson()));
        FaultOptions back = FaultOptions.fromJson(written, "options.json");
        assertEquals(local.toJson().without(List.of("dbPort", "check")), back.toJson().without(List.of("dbPort", "check")));
        assertFalse(back.check, "--check comes from faults-summarize's own command line");
    }
}
