package dev.poolbench.bench.compare.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.poolbench.sql.EmbeddedMariaDb;
import dev.poolbench.sql.SqlScripts;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every PromQL expression of the committed dashboard (monitoring/grafana/poolbench.json: panel
 * targets, template variables, the runs annotation) returns at least one series from a real
 * Prometheus that scrapes what a monitored comparison scrapes: the real app (built jar, hikari,
 * embedded MariaDB) under a little load, mysqld_exporter on that database and node_exporter. A
 * renamed meter fails here, not on a user's screen. Needs {@code ./mvnw package} of webapp first
 * (the reactor builds it before bench/) and Debian's prometheus packages (CI installs them).
 */
class DashboardQueriesTest {

    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();
    private static final Path APP_JAR = ROOT.resolve("webapp/target/poolbench-webapp.jar");
    private static final Path DASHBOARD = ROOT.resolve("monitoring/grafana/poolbench.json");
    private static final String RUN = "1-hikari";

    @TempDir
    static Path dir;
    static EmbeddedMariaDb db;
    static ComparisonMonitoring monitoring;
    static ChildProcess app;

    @BeforeAll
    static void startEverything() throws Exception {
        assertTrue(Files.isRegularFile(APP_JAR), "build the app first: ./mvnw -B -pl webapp package -DskipTests (" + APP_JAR + ")");
        db = EmbeddedMariaDb.start(0, dir.resolve("mariadb"));
        try (Connection c = DriverManager.getConnection(db.jdbcUrl("mysql"), db.user(), db.password());
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE isu4_qualifier");
        }
        try (Connection c = DriverManager.getConnection(db.jdbcUrl("isu4_qualifier"), db.user(), db.password())) {
            // Empty tables are enough: every login then fails, after borrowing a connection.
            SqlScripts.run(c, SqlScripts.SCHEMA);
        }
        monitoring = ComparisonMonitoring.start(dir.resolve("results"),
                new ComparisonMonitoring.DatabaseEndpoint("127.0.0.1", db.port(), db.user(), db.password()), System.out);
        int port = ChildProcess.freePort();
        app = startApp(port, ChildProcess.freePort());
        monitoring.runStarting(app.address(), "hikari", 1, RUN, "");
        drive(port, Duration.ofSeconds(8));
    }

    /** The app as the runner starts it with --prometheus; a small heap, so it collects garbage early. */
    private static ChildProcess startApp(int port, int managementPort) {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-XX:TieredStopAtLevel=1", "-jar", APP_JAR.toString(), "--spring.profiles.active=hikari");
        Map<String, String> env = new LinkedHashMap<>();
        env.put("SERVER_PORT", String.valueOf(port));
        env.put("ISU4_DB_HOST", "127.0.0.1");
        env.put("ISU4_DB_PORT", String.valueOf(db.port()));
        env.put("ISU4_DB_USER", db.user());
        env.put("ISU4_DB_PASSWORD", db.password());
        env.put("POOLBENCH_MANAGEMENT_PORT", String.valueOf(managementPort));
        env.put("POOLBENCH_POOL_SIZE", "2");
        env.putAll(ComparisonMonitoring.APP_ENVIRONMENT);
        return ChildProcess.start("app", command, env, managementPort, dir.resolve("app.log"),
                "/actuator/health", Duration.ofSeconds(90));
    }

    /** Four clients: the login page and a failing login, back to back. */
    private static void drive(int port, Duration duration) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        URI base = URI.create("http://127.0.0.1:" + port);
        long deadline = System.nanoTime() + duration.toNanos();
        List<Thread> clients = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread t = new Thread(() -> {
                while (System.nanoTime() < deadline) {
                    send(http, HttpRequest.newBuilder(base.resolve("/")).build());
                    send(http, HttpRequest.newBuilder(base.resolve("/login"))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .POST(HttpRequest.BodyPublishers.ofString("login=nobody&password=wrong")).build());
                }
            });
            t.start();
            clients.add(t);
        }
        for (Thread t : clients) {
            t.join();
        }
    }

    private static void send(HttpClient http, HttpRequest request) {
        try {
            http.send(request, HttpResponse.BodyHandlers.discarding());
        } catch (Exception e) {
            // A failed request is an error on the dashboard, not a failed test.
        }
    }

    @AfterAll
    static void stopEverything() {
        if (monitoring != null) {
            monitoring.runEnded();
        }
        if (app != null) {
            app.close();
        }
        if (monitoring != null) {
            monitoring.close();
        }
        if (db != null) {
            db.close();
        }
    }

    @Test
    void everyPanelQueryReturnsSeriesForTheRun() throws Exception {
        Map<String, String> queries = dashboardQueries(new ObjectMapper().readTree(DASHBOARD.toFile()));
        assertTrue(queries.size() >= 25, "dashboard queries found: " + queries.size());
        PrometheusClient client = monitoring.client();
        List<String> empty = new ArrayList<>();
        queries.forEach((where, expr) -> {
            List<PrometheusClient.Series> series = client.query(expr);
            if (series.isEmpty()) {
                empty.add(where + ": " + expr);
            }
        });
        assertEquals(List.of(), empty, "queries without a series");
        assertFalse(client.query("poolbench_pool_active{profile=\"hikari\",run=\"" + RUN + "\",round=\"1\",variant=\"\"}").isEmpty());
    }

    @Test
    void mysqldExporterSeesTheDatabase() {
        PrometheusClient client = monitoring.client();
        List<PrometheusClient.Series> up = client.query("mysql_up{job=\"mysqld\"}");
        assertEquals(1, up.size(), up.toString());
        assertEquals(1.0, up.get(0).value(), "mysql_up");
        List<PrometheusClient.Series> threads = client.query("mysql_global_status_threads_connected{job=\"mysqld\"}");
        assertEquals(1, threads.size(), threads.toString());
        assertTrue(threads.get(0).value() >= 2, "the app's pool of 2 plus the exporter: " + threads.get(0).value());
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
