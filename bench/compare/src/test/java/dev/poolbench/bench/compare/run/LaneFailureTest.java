package dev.poolbench.bench.compare.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.poolbench.bench.compare.launch.LoadProcess;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.launch.RunTarget;
import dev.poolbench.bench.compare.machine.OwnProcesses;
import dev.poolbench.bench.compare.outcomes.RunOutcome;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunVariant;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A duet lane that fails to start stops the duet: the other lane, already up and waiting for its
 * partner, fails with a clear reason instead of waiting forever, its load JVM is stopped and its
 * app released. The site here is a stand-in (a real HTTP endpoint for the settings, a real child
 * process for the load JVM): what is tested is the window's orchestration, not the servers.
 */
class LaneFailureTest {

    @Test
    void aLaneThatFailsToStartStopsTheDuetAndThePartnersAppAndLoad(@TempDir Path dir) throws Exception {
        HttpServer settings = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        settings.createContext("/actuator/poolsettings", exchange -> {
            byte[] body = "{\"profile\":\"hikari\",\"matchesRequested\":true}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        settings.start();
        try {
            URI url = URI.create("http://127.0.0.1:" + settings.getAddress().getPort());
            FailingSecondLane site = new FailingSecondLane(url);
            CompareOptions options = CompareOptions.parse("--profiles", "hikari,dbcp2", "--duet", "--warmup", "0",
                    "--duration", "5");
            RunPlan.Window window = RunPlan.duets(options.profiles, "hikari", List.of(10),
                    List.of(RunVariant.DEFAULT), 1, 1, null, 1).windows().next();
            List<Path> runDirs = new ArrayList<>();
            for (RunPlan.Planned p : window.lanes()) {
                runDirs.add(Files.createDirectories(dir.resolve(p.dirName())));
            }
            ByteArrayOutputStream shown = new ByteArrayOutputStream();
            Progress progress = new Progress(new PrintStream(shown, true, StandardCharsets.UTF_8), false, 1, 5_000);
            List<RunOutcome> outcomes = new WindowMeasurement(options, site, new OwnProcesses(), progress)
                    .measure(window, runDirs, null);
            progress.close();

            int good = site.goodLane;
            int bad = 1 - good;
            assertTrue(outcomes.get(bad).problems.get(0).contains("app did not start"), outcomes.get(bad).problems.toString());
            assertTrue(outcomes.get(good).problems.get(0).contains("the partner lane failed before the start"),
                    outcomes.get(good).problems.toString());
            assertEquals(1, site.released.size(), "the partner's app is released (stopped)");
            assertFalse(site.load.isAlive(), "the partner's load JVM is stopped");
            assertTrue(shown.toString(StandardCharsets.UTF_8).contains("failed"), shown.toString());
        } finally {
            settings.stop(0);
        }
    }

    /** Lane "dbcp2" cannot start; lane "hikari" starts a load JVM that waits for its start line. */
    private static final class FailingSecondLane implements RunSite {
        private final URI url;
        final List<RunTarget> released = new CopyOnWriteArrayList<>();
        volatile Process load;
        volatile int goodLane;

        FailingSecondLane(URI url) {
            this.url = url;
        }

        @Override
        public RunTarget open(RunPlan.Planned planned, Path runDir, RunOutcome outcome, Progress progress)
                throws java.io.IOException {
            if (planned.profile().equals("dbcp2")) {
                throw new IllegalStateException("app did not start: exit 1 (see app.log)");
            }
            goodLane = planned.laneIndex();
            load = new ProcessBuilder("bash", "-c", "echo ready; read line; sleep 60").start();
            return new RunTarget(url, url, null, new LoadProcess.Started(load, System.nanoTime()));
        }

        @Override
        public void release(RunTarget target) {
            if (target != null) {
                released.add(target);
            }
        }

        @Override
        public List<String> profiles() {
            return List.of("hikari", "dbcp2");
        }

        @Override
        public List<Integer> sizes() {
            return List.of(10);
        }

        @Override
        public String poolMode() {
            return "equalized";
        }

        @Override
        public void prepare(List<String> profiles, ComparisonEnvironment environment) {
        }

        @Override
        public void beginWindow(RunPlan.Window window) {
        }

        @Override
        public void reset(RunPlan.Planned planned, Path runDir) {
        }

        @Override
        public void measuredLoadDone(RunPlan.Window next) {
        }

        @Override
        public long awaitPreviousApps() {
            return 0;
        }

        @Override
        public List<String> settingsProblems(JsonNode settings, RunPlan.Planned planned) {
            return List.of();
        }

        @Override
        public void addAppFindings(ObjectNode record, RunPlan.Planned planned, Path runDir, RunOutcome outcome) {
        }

        @Override
        public Path gcLog(Path runDir) {
            return null;
        }

        @Override
        public double proxyCpuSeconds() {
            return Double.NaN;
        }

        @Override
        public String databaseVersion() {
            return null;
        }

        @Override
        public void close() {
        }
    }
}
