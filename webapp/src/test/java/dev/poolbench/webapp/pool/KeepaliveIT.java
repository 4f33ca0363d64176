package dev.poolbench.webapp.pool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.poolbench.sql.EmbeddedMariaDb;
import dev.poolbench.webapp.EmbeddedTestServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.springframework.core.env.StandardEnvironment;

/**
 * POOLBENCH_POOL_SETTINGS=keepalive on a real MariaDB (the IT server): a pooled connection left idle is
 * exercised within the set's 30 s (its idle time on the server, information_schema.PROCESSLIST's TIME_MS,
 * starts again), so a network idle timeout above that never forgets it; under recommended only the pools
 * whose equalized values already test idle connections (every 5 s) exercise it, and Vibur and UCP under
 * neither. Every pool of both sets is opened at once and left idle through one wait just past 30 s
 * (HikariCP takes no shorter keepaliveTime), so the suite waits once, not once per pool. Then a borrow from
 * each recommended pool without an idle test shows that its validation on borrow reaches the server.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class KeepaliveIT {

    static final List<String> POOLS = ReadOnlyEvictionIT.POOLS;
    /** Past the set's 30 s after the last keepalive pool was used (HikariCP's 27 to 30 s after a connection opened). */
    private static final long IDLE_MILLIS = 31_500;
    /** An exercised connection was idle at least this much less than the time since its pool was used. */
    private static final long EXERCISED_MARGIN_MILLIS = 10_000;
    /** An untouched one was idle at least that time, less this (the warm-up's own return to the pool). */
    private static final long UNTOUCHED_MARGIN_MILLIS = 1_000;
    /** Equalized mode tests their idle connections every 5 s already (application-&lt;profile&gt;.properties). */
    private static final Set<String> IDLE_TESTED_WHEN_RECOMMENDED = Set.of("dbcp", "dbcp2", "c3p0");
    /** The others: idle through the whole wait under recommended, so a borrow's validation shows. */
    static final List<String> IDLE_UNTESTED_WHEN_RECOMMENDED = POOLS.stream()
            .filter(profile -> !IDLE_TESTED_WHEN_RECOMMENDED.contains(profile)).toList();
    /** A validation's command started within this before the processlist was read. */
    private static final long JUST_NOW_MILLIS = 1_000;
    private static final String DATABASE = "keepalive_it";

    /** Per set and pool ("keepalive hikari"): how long since the warm-up, how long each connection was idle. */
    private static final Map<String, Idle> IDLE = new HashMap<>();
    /** Per pool of IDLE_UNTESTED_WHEN_RECOMMENDED, recommended: its connections' idle times while one is borrowed. */
    private static final Map<String, Map<Long, Long>> WHILE_BORROWED = new HashMap<>();

    record Idle(long sinceUsedMillis, Map<Long, Long> idleMillisById) {
        boolean exercised() {
            return !idleMillisById.isEmpty() && idleMillisById.values().stream()
                    .allMatch(idle -> idle >= 0 && idle < sinceUsedMillis - EXERCISED_MARGIN_MILLIS);
        }

        boolean untouched() {
            return !idleMillisById.isEmpty() && idleMillisById.values().stream()
                    .allMatch(idle -> idle >= sinceUsedMillis - UNTOUCHED_MARGIN_MILLIS);
        }
    }

    /** A pool, opened and used once on every one of its connections at {@code usedAtNanos}. */
    record Opened(PoolSettingsSet set, String profile, PoolDescriptor<?> descriptor, DataSource pool, List<Long> ids,
            long usedAtNanos) {
        String key() {
            return set.label() + " " + profile;
        }

        /** Its connections' idle times in {@code idleById}; -1: gone from the server (the pool closed or replaced it). */
        Map<Long, Long> idleOf(Map<Long, Long> idleById) {
            Map<Long, Long> idle = new HashMap<>();
            ids.forEach(id -> idle.put(id, idleById.getOrDefault(id, -1L)));
            return idle;
        }
    }

    @BeforeAll
    static void openEveryPoolAndLeaveItIdle() throws Exception {
        EmbeddedMariaDb server = EmbeddedTestServer.get();
        try (Connection root = DriverManager.getConnection(server.jdbcUrl(""), "root", "");
             Statement s = root.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS " + DATABASE);
        }
        List<Opened> opened = new ArrayList<>();
        try {
            // Keepalive's first: the wait counts from the last of them; recommended's are idle a little less.
            for (PoolSettingsSet set : List.of(PoolSettingsSet.KEEPALIVE, PoolSettingsSet.RECOMMENDED)) {
                for (String profile : POOLS) {
                    opened.add(open(server, set, profile));
                }
            }
            long lastKeepalive = opened.stream().filter(o -> o.set() == PoolSettingsSet.KEEPALIVE)
                    .mapToLong(Opened::usedAtNanos).max().orElseThrow();
            long waitMillis = IDLE_MILLIS - (System.nanoTime() - lastKeepalive) / 1_000_000;
            Thread.sleep(Math.max(0, waitMillis));
            Map<Long, Long> idleById = idleMillisById(server);
            long sampled = System.nanoTime();
            for (Opened o : opened) {
                IDLE.put(o.key(), new Idle((sampled - o.usedAtNanos()) / 1_000_000, o.idleOf(idleById)));
                System.out.println(o.key() + ": " + IDLE.get(o.key()));
            }
            for (Opened o : opened) {
                if (o.set() == PoolSettingsSet.RECOMMENDED && IDLE_UNTESTED_WHEN_RECOMMENDED.contains(o.profile())) {
                    try (Connection borrowed = o.pool().getConnection()) {
                        WHILE_BORROWED.put(o.profile(), o.idleOf(idleMillisById(server)));
                        System.out.println(o.key() + ", one borrowed: " + WHILE_BORROWED.get(o.profile()));
                    }
                }
            }
        } finally {
            opened.forEach(o -> o.descriptor().closeQuietly(o.pool()));
        }
    }

    @ParameterizedTest
    @FieldSource("POOLS")
    void keepaliveExercisesEveryIdleConnectionWithinItsInterval(String profile) {
        Idle idle = IDLE.get("keepalive " + profile);
        boolean keepsAlive = !RecommendedSettingsTest.NO_KEEPALIVE.contains(profile);
        assertThat(keepsAlive ? idle.exercised() : idle.untouched())
                .as(profile + (keepsAlive ? " exercised" : " untouched (none found)") + ": " + idle).isTrue();
    }

    @ParameterizedTest
    @FieldSource("POOLS")
    void recommendedLeavesThemIdleUnlessEqualizedTestsIdleConnections(String profile) {
        Idle idle = IDLE.get("recommended " + profile);
        boolean tested = IDLE_TESTED_WHEN_RECOMMENDED.contains(profile);
        assertThat(tested ? idle.exercised() : idle.untouched())
                .as(profile + (tested ? " exercised" : " untouched") + ": " + idle).isTrue();
    }

    @ParameterizedTest
    @FieldSource("IDLE_UNTESTED_WHEN_RECOMMENDED")
    void recommendedValidatesABorrowedConnectionThatWasIdle(String profile) {
        Map<Long, Long> idle = WHILE_BORROWED.get(profile);
        assertThat(idle.values()).as(profile + ": a connection's idle time while one is borrowed, before any "
                + "statement of the app (ms by connection id): " + idle).anyMatch(ms -> ms >= 0 && ms < JUST_NOW_MILLIS);
    }

    /** The pool as the app builds it, its read-back as requested, every connection used once at the same time. */
    private static Opened open(EmbeddedMariaDb server, PoolSettingsSet set, String profile) throws Exception {
        StandardEnvironment environment = RecommendedSettingsTest.environment(profile, Map.of(
                RecommendedSettings.SETTING, set.label(), "POOLBENCH_POOL_WAIT_MILLIS", "5000",
                "ISU4_DB_HOST", "127.0.0.1", "ISU4_DB_PORT", String.valueOf(server.port()), "ISU4_DB_USER", "root",
                "ISU4_DB_PASSWORD", "", "ISU4_DB_NAME", DATABASE));
        PoolSettings settings = PoolSettings.from(environment);
        PoolDescriptor<?> descriptor = PoolProfiles.descriptor(profile);
        DatabaseSettings database = DatabaseSettings.from(environment);
        DataSource pool = PoolWiring.build(descriptor, database, settings, environment);
        Map<String, Object> report = new PoolSettingsReport(descriptor, pool, settings, database, environment).read();
        assertThat(report.get("matchesRequested")).as(profile + " " + set.label() + ": " + report.get("mismatches"))
                .isEqualTo(true);
        List<Connection> held = new ArrayList<>();
        List<Long> ids = new ArrayList<>();
        try {
            for (int i = 0; i < settings.size(); i++) {
                Connection c = pool.getConnection();
                held.add(c);
                ids.add(connectionId(c));
            }
        } finally {
            for (Connection c : held) {
                c.close();
            }
        }
        return new Opened(set, profile, descriptor, pool, ids, System.nanoTime());
    }

    private static long connectionId(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Each session's time since its last command began (a COM_PING's too), in ms. */
    private static Map<Long, Long> idleMillisById(EmbeddedMariaDb server) throws SQLException {
        Map<Long, Long> idle = new HashMap<>();
        try (Connection root = DriverManager.getConnection(server.jdbcUrl(""), "root", "");
             Statement s = root.createStatement();
             ResultSet rs = s.executeQuery("SELECT ID, TIME_MS FROM information_schema.PROCESSLIST")) {
            while (rs.next()) {
                idle.put(rs.getLong(1), (long) rs.getDouble(2));
            }
        }
        return idle;
    }
}
