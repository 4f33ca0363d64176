package dev.poolbench.bench.compare.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.poolbench.bench.compare.ChildComparison;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short real {@code compare --prometheus} (a child JVM, as {@code ./poolbench} runs it: the
 * built app on hikari, the embedded MariaDB, one run of 2 s warm-up and 4 s measured; a heap of
 * 128 MB, so the app collects garbage within those seconds and the GC panels have series), then its
 * stored TSDB served again ({@link PrometheusServer#serveStored}) and looked at as it was during
 * the run: the app was scraped with the run's labels, mysqld_exporter and node_exporter were up
 * and scraped every second, and every PromQL expression of the committed dashboard
 * (monitoring/grafana/poolbench.json: panel targets, template variables, the runs annotation)
 * returns at least one series. A renamed meter fails here, not on a user's screen. Afterwards no
 * Prometheus or exporter of the comparison may still run. Needs {@code ./mvnw package} first
 * (the app and load jars) and Debian's prometheus packages (CI installs them).
 */
class DashboardQueriesTest {

    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();
    private static final Path DASHBOARD = ROOT.resolve("monitoring/grafana/poolbench.json");
    private static final String RUN = "1-hikari";

    @TempDir
    static Path tmp;
    static Path dir;
    static String output;
    static int exitStatus;
    static PrometheusServer stored;
    /** A moment near the end of the run's load, when every panel has data. */
    static Instant during;

    @BeforeAll
    static void compareWithPrometheus() throws Exception {
        for (String jar : List.of("webapp/target/poolbench-webapp.jar", "bench/load/target/poolbench-load.jar")) {
            assertTrue(Files.isRegularFile(ROOT.resolve(jar)), "build first: ./mvnw -B -DskipTests package (" + jar + ")");
        }
        Path results = Files.createDirectories(tmp.resolve("results"));
        int dbPort;
        try (ServerSocket s = new ServerSocket(0)) {
            dbPort = s.getLocalPort();
        }
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.poolbench.bench.compare.CompareMain", "compare",
                "--profiles", "hikari", "--runs", "1", "--duration", "4", "--warmup", "2",
                "--heap", "128m", "--prometheus", "--db-port", String.valueOf(dbPort), "--results", results.toString());
        Path log = tmp.resolve("compare.log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        ChildComparison.shortSettle(builder.environment());
        Process compare = builder.start();
        try {
            assertTrue(compare.waitFor(3, TimeUnit.MINUTES), "the comparison did not end");
            exitStatus = compare.exitValue();
        } finally {
            compare.destroyForcibly();
        }
        output = Files.readString(log);
        System.out.println(output);
        try (Stream<Path> dirs = Files.list(results)) {
            dir = dirs.filter(Files::isDirectory).findFirst().orElseThrow(() -> new AssertionError(output));
        }
        assertTrue(Files.isDirectory(dir.resolve("prometheus/data")), output);
        stored = PrometheusServer.serveStored(dir.resolve("prometheus"), Files.createDirectories(tmp.resolve("copy")));
        // The last second the run's app was scraped, less one: its load still ran.
        List<PrometheusClient.Series> last = stored.client().query(
                "max_over_time(timestamp(poolbench_pool_active{run=\"" + RUN + "\"})[1h:1s])");
        assertEquals(1, last.size(), "the run's app was scraped: " + last + "\n" + output);
        during = Instant.ofEpochMilli((long) (last.get(0).value() * 1000) - 1000);
    }

    @AfterAll
    static void stopStored() {
        if (stored != null) {
            stored.close();
        }
    }

    @Test
    void theComparisonPrintsTheUrlAndEndsWithNothingOfItsMonitoringLeft() throws Exception {
        assertTrue(exitStatus == 0 || exitStatus == 1, "exit status " + exitStatus + " (2: setup error)\n" + output);
        Matcher url = Pattern.compile("prometheus: (http://127\\.0\\.0\\.1:[0-9]+) \\(scrapes every second").matcher(output);
        assertTrue(url.find(), output);
        assertEquals(url.group(1), new ObjectMapper().readTree(dir.resolve("environment.json").toFile())
                .path("prometheus").path("url").asText());
        assertTrue(Files.readString(dir.resolve("runs/" + RUN + "/app-command.txt"))
                .contains("SERVER_TOMCAT_MBEANREGISTRY_ENABLED=true"), "Tomcat's counters on for the monitored app");
        List<String> addresses = new ArrayList<>(List.of(url.group(1).substring("http://".length())));
        for (String job : List.of(PrometheusConfig.NODE_JOB, PrometheusConfig.MYSQLD_JOB)) {
            JsonNode groups = new ObjectMapper().readTree(dir.resolve("prometheus/targets/" + job + ".json").toFile());
            addresses.add(groups.path(0).path("targets").path(0).asText());
        }
        List<String> left = ProcessHandle.allProcesses()
                .map(p -> p.info().commandLine().orElse(""))
                .filter(line -> addresses.stream().anyMatch(a -> line.contains("=" + a)))
                .toList();
        assertEquals(List.of(), left, "monitoring processes still running after the comparison (" + addresses + ")");
    }

    @Test
    void theRunsAppTheDatabaseAndTheHostWereScrapedEverySecond() {
        PrometheusClient client = stored.client();
        assertFalse(client.query("poolbench_pool_active{job=\"poolbench-app\",profile=\"hikari\",round=\"1\",run=\""
                + RUN + "\",variant=\"\"}", during).isEmpty(), "the app's series with the run's labels");
        for (String job : List.of(PrometheusConfig.APP_JOB, PrometheusConfig.MYSQLD_JOB, PrometheusConfig.NODE_JOB)) {
            List<PrometheusClient.Series> up = client.query("up{job=\"" + job + "\"}", during);
            assertEquals(1, up.size(), job + ": " + up);
            assertEquals(1.0, up.get(0).value(), job + " up");
            // A scrape a second: at least 4 samples in the 5 seconds before.
            double samples = client.query("count_over_time(up{job=\"" + job + "\"}[5s])", during).get(0).value();
            assertTrue(samples >= 4, job + ": " + samples + " scrapes in 5 s");
        }
        assertEquals(1.0, client.query("mysql_up{job=\"mysqld\"}", during).get(0).value(), "mysql_up");
        double threads = client.query("mysql_global_status_threads_connected{job=\"mysqld\"}", during).get(0).value();
        assertTrue(threads >= 2, "the app's pool plus the exporter: " + threads);
    }

    @Test
    void everyPanelQueryReturnsSeriesForTheRun() throws Exception {
        Map<String, String> queries = dashboardQueries(new ObjectMapper().readTree(DASHBOARD.toFile()));
        assertTrue(queries.size() >= 25, "dashboard queries found: " + queries.size());
        PrometheusClient client = stored.client();
        List<String> empty = new ArrayList<>();
        queries.forEach((where, expr) -> {
            if (client.query(expr, during).isEmpty()) {
                empty.add(where + ": " + expr);
            }
        });
        assertEquals(List.of(), empty, "queries without a series at " + during);
    }

    /** Panel title (and target) -> PromQL with Grafana's variables replaced as Grafana would for "All". */
    static Map<String, String> dashboardQueries(JsonNode dashboard) {
        Map<String, String> queries = new LinkedHashMap<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                queries.put(panel.path("title").asText() + " [" + target.path("refId").asText() + "]",
                        grafanaVariables(target.path("expr").asText()));
            }
        }
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            if (variable.path("type").asText().equals("query")) {
                queries.put("variable " + variable.path("name").asText(), labelValues(variable.path("query").asText()));
            }
        }
        for (JsonNode annotation : dashboard.path("annotations").path("list")) {
            if (annotation.has("expr")) {
                queries.put("annotation " + annotation.path("name").asText(), grafanaVariables(annotation.path("expr").asText()));
            }
        }
        return queries;
    }

    private static String grafanaVariables(String expr) {
        // "All" is ".*" (allValue); Grafana's $__rate_interval is at least 4 scrape intervals (1 s).
        return expr.replace("$profile", ".*").replace("$run", ".*").replace("$__rate_interval", "5s");
    }

    /** Grafana's {@code label_values(SELECTOR, LABEL)} as plain PromQL. */
    private static String labelValues(String query) {
        Matcher m = Pattern.compile("label_values\\((.*),\\s*(\\w+)\\)").matcher(query);
        assertTrue(m.matches(), "not a label_values query: " + query);
        return "count by (" + m.group(2) + ") (" + grafanaVariables(m.group(1)) + ")";
    }
}
