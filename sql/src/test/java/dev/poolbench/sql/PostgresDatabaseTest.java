package dev.poolbench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Loader, reset, schema variants and the tuned settings against a real PostgreSQL
 * ({@link LocalPostgres}: the machine's postgresql package), with the same data as MariaDB's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresDatabaseTest {
    private static final String DATABASE = "isu4_qualifier";
    private LocalPostgres server;
    private DatabaseLoader loader;

    @BeforeAll
    void startAndLoad() {
        server = LocalPostgres.start(0, Path.of("target", "local-postgres"));
        loader = new DatabaseLoader(server.jdbcUrl(DATABASE), server.user(), server.password(), System.out::println);
        loader.load(TestData.seed42().directory(), SchemaVariant.TUNED);
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void loadsTheSameDataAsMariaDb() throws SQLException {
        try (Connection c = connect()) {
            assertEquals("200000", single(c, "SELECT COUNT(*) FROM users"));
            assertEquals("50000", single(c, "SELECT COUNT(*) FROM login_log"));
            assertEquals("50000", single(c, "SELECT COUNT(*) FROM login_log_init"));
            assertEquals("isucon1|" + new PasswordHash().of("isuconpass1", "salt1") + "|salt1",
                    single(c, "SELECT concat_ws('|', login, password_hash, salt) FROM users WHERE id = 1"));
            // The collation the webapp relies on: login lookups ignore case, as on MySQL.
            assertEquals("1", single(c, "SELECT id FROM users WHERE login = 'ISUCON1'"));
            assertEquals("2014-02-22 00:00:00", single(c, "SELECT to_char(MIN(created_at), 'YYYY-MM-DD HH24:MI:SS') FROM login_log"));
        }
    }

    @Test
    void resetRestoresTheRowsAndTheNextIdFollowsMaxId() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            String before = single(c, "SELECT COUNT(*) || '|' || SUM(id) || '|' || MAX(created_at) FROM login_log");
            s.execute("INSERT INTO login_log (created_at, user_id, login, ip, succeeded) VALUES (now(), 1, 'x', '1.2.3.4', 0)");
            s.execute("UPDATE login_log SET succeeded = 1 - succeeded WHERE id < 100");
            new DatabaseReset(server.jdbcUrl(DATABASE), server.user(), server.password()).reset();
            assertEquals(before, single(c, "SELECT COUNT(*) || '|' || SUM(id) || '|' || MAX(created_at) FROM login_log"));
            s.execute("INSERT INTO login_log (created_at, user_id, login, ip, succeeded) VALUES (now(), 1, 'x', '1.2.3.4', 0)");
            assertEquals("50001", single(c, "SELECT MAX(id) FROM login_log"));
            new DatabaseReset(server.jdbcUrl(DATABASE), server.user(), server.password()).reset();
        }
    }

    @Test
    void schemaVariantsDropAndAddTheTunedIndexes() throws SQLException {
        loader.applySchemaVariant(SchemaVariant.ORIGINAL);
        try (Connection c = connect()) {
            assertEquals(Set.of("login_log_pkey"), indexes(c));
        }
        loader.applySchemaVariant(SchemaVariant.TUNED);
        try (Connection c = connect()) {
            Set<String> expected = new TreeSet<>(DatabaseLoader.tunedIndexNames());
            expected.add("login_log_pkey");
            assertEquals(expected, indexes(c));
        }
    }

    @Test
    void runsWithTheTunedSettings() throws SQLException {
        try (Connection c = connect()) {
            assertEquals("2000", single(c, "SHOW max_connections"));
            assertEquals("off", single(c, "SHOW synchronous_commit"));
            assertEquals("off", single(c, "SHOW fsync"));
            assertTrue(server.version().startsWith("PostgreSQL "), server.version());
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl(DATABASE), server.user(), server.password());
    }

    private static Set<String> indexes(Connection c) throws SQLException {
        Set<String> names = new TreeSet<>();
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT indexname FROM pg_indexes WHERE tablename = 'login_log'")) {
            while (r.next()) {
                names.add(r.getString(1));
            }
        }
        return names;
    }

    private static String single(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getString(1);
        }
    }
}
