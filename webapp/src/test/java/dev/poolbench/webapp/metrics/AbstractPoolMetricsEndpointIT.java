package dev.poolbench.webapp.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.poolbench.webapp.PoolbenchApplication;
import java.nio.ByteBuffer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The real app per pool profile (tiny subclasses), pool size 2: {@code :management/actuator/prometheus}
 * publishes the same {@code poolbench_pool_*} names for every profile, shows 6 pending while 8
 * threads borrow from the app's own DataSource bean (0 without a pool), and
 * {@code /actuator/poolsettings} still reads the live pool through the wrapper.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractPoolMetricsEndpointIT {

    /** Every profile publishes exactly these pool series (besides Micrometer's standard ones). */
    static final Set<String> POOL_SERIES = new TreeSet<>(List.of(
            "poolbench_pool_acquire_seconds_bucket", "poolbench_pool_acquire_seconds_count",
            "poolbench_pool_acquire_seconds_sum", "poolbench_pool_acquire_seconds_max",
            "poolbench_pool_hold_seconds_bucket", "poolbench_pool_hold_seconds_count",
            "poolbench_pool_hold_seconds_sum", "poolbench_pool_hold_seconds_max",
            "poolbench_pool_connections_opened_total", "poolbench_pool_acquire_timeouts_total",
            "poolbench_pool_active", "poolbench_pool_idle", "poolbench_pool_pending", "poolbench_pool_max",
            "poolbench_pool_info"));
    static final int POOL_SIZE = 2;
    static final int THREADS = 8;
    static final long HOLD_MILLIS = 600;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    ConfigurableApplicationContext app;
    String managementUrl;

    abstract String profile();

    boolean pooled() {
        return true;
    }

    @BeforeAll
    void startApp() {
        app = start(profile(), "on");
        managementUrl = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.management.port");
    }

    @AfterAll
    void stopApp() {
        if (app != null) {
            app.close();
        }
    }

    static ConfigurableApplicationContext start(String profile, String metricsSwitch) {
        String jdbcUrl = MetricsTestDatabase.jdbcUrl();
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("ISU4_DB_HOST", "127.0.0.1");
        settings.put("ISU4_DB_PORT", String.valueOf(MetricsTestDatabase.get().port()));
        settings.put("ISU4_DB_USER", "root");
        settings.put("ISU4_DB_PASSWORD", "");
        settings.put("ISU4_DB_NAME", "mysql"); // no tables needed: only the pool is exercised
        settings.put("spring.profiles.active", profile);
        settings.put("server.port", "0");
        settings.put("POOLBENCH_MANAGEMENT_PORT", "0");
        settings.put("POOLBENCH_POOL_SIZE", String.valueOf(POOL_SIZE));
        settings.put("POOLBENCH_POOL_METRICS", metricsSwitch);
        settings.put("logging.level.root", "WARN");
        assertThat(jdbcUrl).isNotNull();
        String[] args = settings.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue())
                .toArray(String[]::new);
        return new SpringApplicationBuilder(PoolbenchApplication.class).run(args);
    }

    static String get(String url) throws Exception {
        // The sampler's Accept header for the scrape; anything for the JSON endpoints.
        String accept = url.endsWith("/prometheus") ? "text/plain;version=0.0.4" : "*/*";
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url))
                .header("Accept", accept).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(url).isEqualTo(200);
        return response.body();
    }

    static Set<String> poolSeries(String scrape) {
        Set<String> names = new TreeSet<>();
        for (String line : scrape.split("\n")) {
            if (line.startsWith("poolbench_pool_")) {
                names.add(line.split("[{ ]", 2)[0]);
            }
        }
        return names;
    }

    /** The value of {@code name{pool="<profile>"}} (the first sample with that name). */
    double value(String scrape, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + "\\{[^}]*pool=\"" + profile() + "\"[^}]*} (\\S+)")
                .matcher(scrape);
        assertThat(m.find()).as(name + " in scrape").isTrue();
        return Double.parseDouble(m.group(1));
    }

    @Test
    void prometheusEndpointPublishesTheSameNamesForEveryProfile() throws Exception {
        String scrape = get(managementUrl + "/actuator/prometheus");
        assertThat(poolSeries(scrape)).isEqualTo(POOL_SERIES);
        assertThat(scrape).contains("poolbench_pool_info{pool=\"" + profile() + "\"")
                .contains("wrapper=\"on\"")
                .contains("jvm_threads_live_threads")
                .contains("process_cpu_usage");
        // Only the wrapper times borrows: Boot's pool metrics (and HikariCP's own tracker) are off.
        assertThat(scrape).doesNotContain("hikaricp_").doesNotContain("jdbc_connections_");
    }

    @Test
    void pendingReachesSixWhileEightThreadsBorrowFromAPoolOfTwo() throws Exception {
        DataSource dataSource = app.getBean(DataSource.class);
        assertThat(dataSource).isInstanceOf(TimedDataSource.class);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            done.add(threads.submit(() -> {
                go.await();
                try (Connection connection = dataSource.getConnection();
                     Statement statement = connection.createStatement()) {
                    statement.execute("SELECT 1");
                    Thread.sleep(HOLD_MILLIS);
                }
                return null;
            }));
        }
        go.countDown();
        Thread.sleep(HOLD_MILLIS / 2);
        String during = get(managementUrl + "/actuator/prometheus");
        for (Future<?> f : done) {
            f.get();
        }
        threads.shutdown();
        String after = get(managementUrl + "/actuator/prometheus");

        if (pooled()) {
            assertThat(value(during, "poolbench_pool_pending")).isEqualTo(THREADS - POOL_SIZE);
            assertThat(value(during, "poolbench_pool_active")).isEqualTo(POOL_SIZE);
            assertThat(value(after, "poolbench_pool_acquire_seconds_max")).isGreaterThan(2.5 * HOLD_MILLIS / 1000);
            assertThat(value(after, "poolbench_pool_max")).isEqualTo(POOL_SIZE);
        } else {
            assertThat(value(during, "poolbench_pool_pending")).isZero();
            assertThat(value(during, "poolbench_pool_active")).isEqualTo(THREADS);
            assertThat(value(after, "poolbench_pool_acquire_seconds_max")).isLessThan(HOLD_MILLIS / 1000.0);
        }
        assertThat(value(after, "poolbench_pool_pending")).isZero();
        assertThat(value(after, "poolbench_pool_hold_seconds_max")).isGreaterThanOrEqualTo(HOLD_MILLIS / 1000.0);
        assertThat(value(after, "poolbench_pool_acquire_timeouts_total")).isZero();
    }

    @Test
    void poolHistogramsHoldEveryBorrowExactly() throws Exception {
        DataSource dataSource = app.getBean(DataSource.class);
        Histogram[] before = histograms();
        for (int i = 0; i < 5; i++) {
            try (Connection connection = dataSource.getConnection()) {
                Thread.sleep(50);
            }
        }
        Histogram[] after = histograms();
        Histogram acquire = after[0].copy();
        acquire.subtract(before[0]);
        Histogram hold = after[1].copy();
        hold.subtract(before[1]);
        assertThat(acquire.getTotalCount()).isGreaterThanOrEqualTo(5);
        // The five 50-ms holds, nanoseconds, within HdrHistogram's 3 significant digits.
        assertThat(hold.getCountBetweenValues(49_900_000L, hold.getMaxValue())).isEqualTo(5);
        assertThat(hold.getMaxValue()).isLessThan(5_000_000_000L);
    }

    /** acquire, hold from {@code /actuator/poolhistograms} (HdrHistogram, compressed, base64). */
    Histogram[] histograms() throws Exception {
        JsonNode body = JsonMapper.shared().readTree(get(managementUrl + "/actuator/poolhistograms"));
        assertThat(body.path("unit").asString()).isEqualTo("nanoseconds");
        return new Histogram[] {decode(body.path("acquire").asString()), decode(body.path("hold").asString())};
    }

    private static Histogram decode(String base64) throws Exception {
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    }

    @Test
    void poolSettingsStillReadTheLivePoolThroughTheWrapper() throws Exception {
        String settings = get(managementUrl + "/actuator/poolsettings");
        assertThat(settings).contains("\"matchesRequested\":true").doesNotContain("TimedDataSource");
    }
}
