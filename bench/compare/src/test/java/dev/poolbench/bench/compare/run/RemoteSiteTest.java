package dev.poolbench.bench.compare.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.launch.RunTarget;
import dev.poolbench.bench.compare.outcomes.RunOutcome;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.util.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A remote duet's lanes as the runner sees them: each run's app restarted by the app command
 * with the lane, profile and pool of the run, its health waited for on the lane's own ports, its
 * own copy of the database reset, and the record saying where it ran. The "apps there" are real
 * HTTP endpoints and the commands real shells; the load JVM is not run (the steps after open()
 * are WindowMeasurement's, the same as locally).
 */
class RemoteSiteTest {

    /** RemoteLaneOptions.SECOND_LANE_PORT_STEP: the second lane's default ports are the first's plus this. */
    private static final int SECOND_LANE_PORT_STEP = 2;

    private final List<HttpServer> servers = new ArrayList<>();

    @AfterEach
    void stopServers() {
        servers.forEach(s -> s.stop(0));
    }

    /** An app's port there: health UP, the login page, the pool settings. */
    private URI appPort() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = (exchange.getRequestURI().getPath().equals("/actuator/health") ? "{\"status\":\"UP\"}"
                    : "ok").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        servers.add(server);
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /**
     * One lane's app and management URLs, on ports not {@value #SECOND_LANE_PORT_STEP} apart:
     * with --app-command the second lane's ports default to these plus that step
     * (RemoteLaneOptions), so ports 2 apart would give the lanes a port in common. A port
     * passed over stays bound until {@link #stopServers}, so it is not handed out again.
     */
    private List<String> laneUrls() throws Exception {
        URI app = appPort();
        URI management = appPort();
        while (Math.abs(management.getPort() - app.getPort()) == SECOND_LANE_PORT_STEP) {
            management = appPort();
        }
        return List.of("--app-url", app.toString(), "--management-url", management.toString());
    }

    private static CompareOptions parse(List<String> urls, String... args) throws Exception {
        List<String> all = new ArrayList<>(urls);
        all.addAll(List.of(args));
        return CompareOptions.parse(all.toArray(String[]::new));
    }

    private CompareOptions options(Path dir, String appCommand) throws Exception {
        return CompareOptions.parse("--app-url", appPort().toString(), "--management-url", appPort().toString(),
                "--second-app-url", appPort().toString(), "--second-management-url", appPort().toString(),
                "--app-command", appCommand,
                "--reset-command", "echo \"$POOLBENCH_LANE$POOLBENCH_DATABASE_SUFFIX\" >>" + dir.resolve("resets.txt"),
                "--profiles", "hikari,dbcp2", "--duet", "--pool-size", "7", "--cds", "off", "--results",
                dir.resolve("results").toString());
    }

    private static RemoteSite connect(CompareOptions options, ComparisonEnvironment environment, Path dir)
            throws Exception {
        RunJvms jvms = new RunJvms(options, "java", dir, dir, () -> null, () -> null, Map.of(), dir.resolve("lib"));
        return RemoteSite.connect(options, jvms, dir.resolve("no-load.jar"), environment, line -> { });
    }

    private static ComparisonEnvironment environment(CompareOptions options, Path dir) throws Exception {
        return ComparisonEnvironment.start(options, "java", Files.createDirectories(dir));
    }

    private static Progress progress() {
        return new Progress(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false, 1, 1);
    }

    @Test
    void eachLanesAppIsRestartedWithItsRunOnItsOwnPortsAndDatabase(@TempDir Path dir) throws Exception {
        CompareOptions options = options(dir, "echo \"$POOLBENCH_LANE $POOLBENCH_PROFILE $POOLBENCH_POOL_MODE "
                + "$POOLBENCH_POOL_SIZE $POOLBENCH_DATABASE_SUFFIX\" >>" + dir.resolve("restarts.txt"));
        ComparisonEnvironment env = environment(options, dir.resolve("env"));
        RemoteSite site = connect(options, env, dir.resolve("env"));
        assertEquals(List.of("hikari", "dbcp2"), site.profiles(), "the options' profiles, not one read back");
        JsonNode environment = env.json();
        RunPlan.Window window = RunPlan.duets(site.profiles(), "hikari", site.sizes(), options.variants, 1, 1, null,
                options.seed).windows().next();
        List<String> expected = new ArrayList<>();
        for (RunPlan.Planned planned : window.lanes()) {
            Path runDir = Files.createDirectories(dir.resolve(planned.dirName()));
            RunOutcome outcome = new RunOutcome();
            RunTarget target = site.open(planned, runDir, outcome, progress());
            target.load().discard();
            URI appUrl = planned.laneIndex() == 0 ? options.appUrl : options.secondAppUrl;
            URI managementUrl = planned.laneIndex() == 0 ? options.managementUrl : options.secondManagementUrl;
            assertEquals(appUrl, target.appUrl());
            assertEquals(managementUrl.resolve("/actuator/poolsettings"), target.settingsUrl());
            assertTrue(outcome.timings.containsKey("resetMillis") && outcome.timings.containsKey("appStartMillis"),
                    outcome.timings.toString());
            expected.add(planned.laneIndex() + " " + planned.appProfile() + " equalized 7 "
                    + (planned.laneIndex() == 0 ? "" : "_2"));

            ObjectNode record = Json.object();
            site.addAppFindings(record, planned, runDir, outcome);
            assertEquals(appUrl.toString(), record.path("remote").path("appUrl").asText());
            assertTrue(record.path("remote").path("restarted").asBoolean());
        }
        assertEquals(expected.stream().map(String::trim).toList(), Files.readAllLines(dir.resolve("restarts.txt"))
                .stream().map(String::trim).toList());
        assertEquals(List.of("0", "1_2"), Files.readAllLines(dir.resolve("resets.txt")));
        assertEquals(2, environment.path("remote").path("lanes").size(), environment.toString());
        assertEquals("_2", environment.path("remote").path("lanes").path(1).path("databaseSuffix").asText());
    }

    @Test
    void aFailedAppCommandFailsTheRunAndAnAppAskedWronglyIsFound(@TempDir Path dir) throws Exception {
        CompareOptions options = options(dir, "echo no such profile; exit 3");
        RemoteSite site = connect(options, environment(options, dir.resolve("env")), dir.resolve("env"));
        RunPlan.Planned planned = RunPlan.duets(site.profiles(), "hikari", site.sizes(), List.of(
                dev.poolbench.bench.compare.plan.RunVariant.DEFAULT), 1, 1, null, 1).windows().next().first();
        Path runDir = Files.createDirectories(dir.resolve("run"));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> site.open(planned, runDir, new RunOutcome(), progress()));
        assertTrue(e.getMessage().startsWith("--app-command failed with exit status 3"), e.getMessage());
        assertTrue(Files.readString(runDir.resolve("app-command.log")).contains("no such profile"));

        JsonNode asked = Json.parse("{\"mode\":\"defaults\",\"requested\":{\"size\":null}}");
        assertEquals(2, site.settingsProblems(asked, planned).size(), site.settingsProblems(asked, planned).toString());
        JsonNode right = Json.parse("{\"mode\":\"equalized\",\"requested\":{\"size\":7},"
                + "\"serverVersion\":\"MySQL 5.5.5-10.11.18-MariaDB\"}");
        assertEquals(List.of(), site.settingsProblems(right, planned));
        // --database mariadb (the default) against an app on PostgreSQL: the run is not what it says.
        ((ObjectNode) right).put("serverVersion", "PostgreSQL 15.18");
        assertEquals(List.of("app's database is PostgreSQL 15.18, expected MariaDB or MySQL (--database mariadb)"),
                site.settingsProblems(right, planned));
    }

    /**
     * Solo on the VMs (bench.yml's default): one lane, and before every run its app restarted with
     * the run's profile, then its database reset, in that order, the run's round and name told.
     */
    @Test
    void soloRunsSwitchTheOneAppThenResetItsDatabaseInOrder(@TempDir Path dir) throws Exception {
        Path calls = dir.resolve("calls.txt");
        CompareOptions options = parse(laneUrls(), "--app-command", "echo \"switch $POOLBENCH_PROFILE "
                        + "$POOLBENCH_ROUND $POOLBENCH_RUN\" >>" + calls, "--reset-command", "echo reset >>" + calls,
                "--profiles", "hikari,dbcp2", "--runs", "2", "--cds", "off", "--results",
                dir.resolve("results").toString());
        RemoteSite site = connect(options, environment(options, dir.resolve("env")), dir.resolve("env"));
        RunPlan plan = RunPlan.create(site.profiles(), site.sizes(), options.variants, 2, 2, "interleaved", null);
        List<String> expected = new ArrayList<>();
        for (RunPlan.Planned planned : plan) {
            Path runDir = Files.createDirectories(dir.resolve(planned.dirName()));
            site.open(planned, runDir, new RunOutcome(), progress()).load().discard();
            expected.add("switch " + planned.appProfile() + " " + planned.round() + " " + planned.dirName());
            expected.add("reset");
        }
        assertEquals(8, expected.size(), "two rounds of two profiles");
        assertEquals(expected, Files.readAllLines(calls));
    }

    @Test
    void aFailedResetNamesItsOptionExitStatusAndLog(@TempDir Path dir) throws Exception {
        CompareOptions options = parse(laneUrls(), "--app-command", "true", "--reset-command",
                "echo access denied; exit 5", "--profiles", "hikari,dbcp2", "--cds", "off", "--results",
                dir.resolve("results").toString());
        RemoteSite site = connect(options, environment(options, dir.resolve("env")), dir.resolve("env"));
        RunPlan.Planned planned = RunPlan.create(site.profiles(), site.sizes(), options.variants, 1, 1,
                "interleaved", null).windows().next().first();
        Path runDir = Files.createDirectories(dir.resolve("run"));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> site.open(planned, runDir, new RunOutcome(), progress()));
        assertEquals("--reset-command failed with exit status 5 (see " + runDir.resolve("reset.log") + ")",
                e.getMessage());
        assertTrue(Files.readString(runDir.resolve("reset.log")).contains("access denied"));
    }
}
