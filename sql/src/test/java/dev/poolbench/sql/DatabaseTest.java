package dev.poolbench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Loader, reset and schema variants against a real embedded MariaDB. */
class DatabaseTest {
    /** Order-independent fingerprint of every column of login_log. */
    private static final String LOGIN_LOG_FINGERPRINT = "SELECT COUNT(*), MAX(id), SUM(id), SUM(CRC32(CONCAT_WS('|', id,"
            + " created_at, IFNULL(user_id, 'null'), login, ip, succeeded))) FROM login_log";

    @AfterEach
    void restoreSharedState() {
        loader().applySchemaVariant(SchemaVariant.TUNED);
        new DatabaseReset(SharedDatabase.jdbcUrl(), "root", "").reset();
    }

    @Test
    void loadsEveryUserAndLogRow() throws SQLException {
        try (Connection connection = SharedDatabase.connect()) {
            assertEquals("200000", single(connection, "SELECT COUNT(*) FROM users"));
            assertEquals("50000", single(connection, "SELECT COUNT(*) FROM login_log"));
            assertEquals("50000", single(connection, "SELECT COUNT(*) FROM login_log_init"));
            assertEquals("isucon1|" + new PasswordHash().of("isuconpass1", "salt1") + "|salt1",
                    single(connection, "SELECT CONCAT_WS('|', login, password_hash, salt) FROM users WHERE id = 1"));
            // The collation the webapp relies on: login lookups ignore case.
            assertEquals("1", single(connection, "SELECT id FROM users WHERE login = 'ISUCON1'"));
        }
    }

    /** The /report predicates of the spec, in SQL, on the freshly loaded data. */
    @Test
    void loadedDataLocks2500UsersAndBansNoIp() throws SQLException {
        try (Connection connection = SharedDatabase.connect()) {
            assertEquals("2500", single(connection, "SELECT COUNT(*) FROM (SELECT u.user_id FROM"
                    + " (SELECT DISTINCT user_id FROM login_log WHERE user_id IS NOT NULL) u"
                    + " JOIN login_log l ON l.user_id = u.user_id"
                    + " AND l.id > IFNULL((SELECT MAX(id) FROM login_log s WHERE s.user_id = u.user_id AND s.succeeded = 1), 0)"
                    + " GROUP BY u.user_id HAVING COUNT(*) >= 3) locked"));
            assertEquals("0", single(connection, "SELECT COUNT(*) FROM (SELECT i.ip FROM"
                    + " (SELECT DISTINCT ip FROM login_log) i"
                    + " JOIN login_log l ON l.ip = i.ip"
                    + " AND l.id > IFNULL((SELECT MAX(id) FROM login_log s WHERE s.ip = i.ip AND s.succeeded = 1), 0)"
                    + " GROUP BY i.ip HAVING COUNT(*) >= 10) banned"));
        }
    }

    @Test
    void resetRestoresInitialRowsAndAutoIncrementContinuesAfterMaxId() throws SQLException {
        try (Connection connection = SharedDatabase.connect(); Statement statement = connection.createStatement()) {
            String initial = single(connection, LOGIN_LOG_FINGERPRINT);
            statement.executeUpdate("INSERT INTO login_log (created_at, user_id, login, ip, succeeded)"
                    + " SELECT NOW(), user_id, login, '10.0.0.1', 0 FROM login_log WHERE id <= 1000");
            statement.executeUpdate("UPDATE login_log SET succeeded = 1 - succeeded WHERE id <= 10");
            assertEquals("51000", single(connection, "SELECT COUNT(*) FROM login_log"));

            Duration took = new DatabaseReset(SharedDatabase.jdbcUrl(), "root", "").reset();

            assertEquals(initial, single(connection, LOGIN_LOG_FINGERPRINT));
            assertTrue(took.toSeconds() < 5, "reset took " + took);
            statement.executeUpdate("INSERT INTO login_log (created_at, user_id, login, ip, succeeded)"
                    + " VALUES (NOW(), NULL, 'nobody', '10.0.0.2', 0)");
            assertEquals("50001", single(connection, "SELECT LAST_INSERT_ID()"));
        }
    }

    @Test
    void resetWorksWhileAnotherConnectionStaysOpen() throws SQLException {
        try (Connection pooled = SharedDatabase.connect()) {
            assertEquals("50000", single(pooled, "SELECT COUNT(*) FROM login_log"));
            new DatabaseReset(SharedDatabase.jdbcUrl(), "root", "").reset();
            assertEquals("50000", single(pooled, "SELECT COUNT(*) FROM login_log"));
        }
    }

    @Test
    void applySchemaVariantAddsAndDropsTheTunedIndexes() throws SQLException {
        Set<String> tuned = DatabaseLoader.tunedIndexNames();
        assertTrue(tuned.containsAll(Set.of("login_log_user_id_id", "login_log_ip_id")), tuned.toString());
        try (Connection connection = SharedDatabase.connect()) {
            assertTrue(loginLogIndexes(connection).containsAll(tuned));

            loader().applySchemaVariant(SchemaVariant.ORIGINAL);
            assertEquals(Set.of("PRIMARY"), loginLogIndexes(connection));
            loader().applySchemaVariant(SchemaVariant.ORIGINAL); // idempotent

            loader().applySchemaVariant(SchemaVariant.TUNED);
            Set<String> expected = new TreeSet<>(tuned);
            expected.add("PRIMARY");
            assertEquals(expected, loginLogIndexes(connection));
        }
    }

    @Test
    void serverRunsWithThePoolbenchCnfSettings() throws SQLException {
        try (Connection connection = SharedDatabase.connect()) {
            assertEquals("2000", single(connection, "SELECT @@max_connections"));
            assertEquals("2", single(connection, "SELECT @@innodb_flush_log_at_trx_commit"));
            assertEquals("0", single(connection, "SELECT @@performance_schema"));
            assertEquals("utf8mb4", single(connection, "SELECT @@character_set_server"));
        }
    }

    private static DatabaseLoader loader() {
        return new DatabaseLoader(SharedDatabase.jdbcUrl(), "root", "", line -> { });
    }

    private static Set<String> loginLogIndexes(Connection connection) throws SQLException {
        return new TreeSet<>(DatabaseLoader.existingIndexes(connection, "login_log"));
    }

    private static String single(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            assertTrue(result.next(), "no row from " + sql);
            return result.getString(1);
        }
    }
}
