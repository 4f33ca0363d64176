package dev.poolbench.bench.compare.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.poolbench.sql.EmbeddedMariaDb;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The swapped reset against a real embedded MariaDB: after each swap login_log holds exactly the
 * pristine rows, in a table of the same definition, and the next insert gets max(id) + 1, as after
 * sql/reset.sql; with the spare refilled in the background or, when none is ready, first.
 */
class LoginLogSpareTest {

    /** Order-independent fingerprint of every column of login_log. */
    private static final String FINGERPRINT = "SELECT CONCAT_WS(',', COUNT(*), MAX(id), SUM(id), SUM(CRC32(CONCAT_WS('|',"
            + " id, created_at, IFNULL(user_id, 'null'), login, ip, succeeded)))) FROM login_log";

    @TempDir
    static Path baseDir;
    static EmbeddedMariaDb db;
    static String url;

    @BeforeAll
    static void start() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        db = EmbeddedMariaDb.start(port, baseDir);
        url = db.jdbcUrl("spare_test");
        try (Connection c = DriverManager.getConnection(db.jdbcUrl("mysql"), db.user(), db.password());
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE spare_test");
        }
        try (Connection c = connect(); Statement s = c.createStatement()) {
            // As sql/schema.sql, with an index as the tuned schema variant adds one.
            s.execute("CREATE TABLE login_log (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, created_at DATETIME NOT NULL,"
                    + " user_id INT NULL, login VARCHAR(255) NOT NULL, ip VARCHAR(255) NOT NULL, succeeded TINYINT NOT NULL,"
                    + " KEY user_id_id (user_id, id)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4");
            s.execute("INSERT INTO login_log (created_at, user_id, login, ip, succeeded) SELECT"
                    + " '2014-01-01 00:00:00' + INTERVAL seq SECOND, IF(seq % 7 = 0, NULL, seq % 50), CONCAT('user', seq % 50),"
                    + " CONCAT('10.0.', seq % 9, '.', seq % 200), seq % 3 = 0 FROM seq_1_to_2000");
            s.execute("CREATE TABLE login_log_init LIKE login_log");
            s.execute("INSERT INTO login_log_init SELECT * FROM login_log");
        }
    }

    @AfterAll
    static void stop() {
        if (db != null) {
            db.close();
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(url, db.user(), db.password());
    }

    private static String single(Statement s, String sql) throws SQLException {
        try (ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getString(1);
        }
    }

    /** The table's definition without its AUTO_INCREMENT counter. */
    private static String definition(Statement s) throws SQLException {
        try (ResultSet r = s.executeQuery("SHOW CREATE TABLE login_log")) {
            r.next();
            return r.getString(2).replaceAll(" AUTO_INCREMENT=\\d+", "");
        }
    }

    private static void play(Statement s) throws SQLException {
        s.executeUpdate("INSERT INTO login_log (created_at, user_id, login, ip, succeeded)"
                + " SELECT NOW(), user_id, login, '10.9.9.9', 0 FROM login_log WHERE id <= 300");
        s.executeUpdate("UPDATE login_log SET succeeded = 1 - succeeded WHERE id <= 10");
        s.executeUpdate("DELETE FROM login_log WHERE id BETWEEN 20 AND 30");
    }

    @Test
    void everySwapLeavesThePristineTableAndTheNextIdAfterItsMax() throws SQLException {
        LoginLogSpare spare = new LoginLogSpare(url, db.user(), db.password());
        try (Connection c = connect(); Statement s = c.createStatement()) {
            String pristine = single(s, FINGERPRINT);
            String definition = definition(s);
            String nextId = String.valueOf(Long.parseLong(single(s, "SELECT MAX(id) FROM login_log_init")) + 1);

            // No spare yet: refilled first, then swapped.
            play(s);
            spare.swap();
            assertEquals(pristine, single(s, FINGERPRINT));
            assertEquals(definition, definition(s));

            // Refilled in the background meanwhile, as between two runs.
            play(s);
            spare.refillInBackground();
            spare.swap();
            assertEquals(pristine, single(s, FINGERPRINT));
            assertEquals(definition, definition(s));
            s.executeUpdate("INSERT INTO login_log (created_at, user_id, login, ip, succeeded)"
                    + " VALUES (NOW(), NULL, 'nobody', '10.0.0.2', 0)");
            assertEquals(nextId, single(s, "SELECT LAST_INSERT_ID()"));

            // Swapped again with no refill asked for: refilled first again.
            spare.swap();
            assertEquals(pristine, single(s, FINGERPRINT));
            assertEquals("0", single(s, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE()"
                    + " AND table_name = 'login_log_spare'"));
            spare.refillInBackground();
            spare.awaitRefill();
            assertEquals(pristine.split(",")[0], single(s, "SELECT COUNT(*) FROM login_log_spare"));
        }
    }

    /** Both resets of a run find a pristine spare refilled during one warm-up: no refill in the second swap. */
    @Test
    void oneRefillRoundReadiesBothResetsOfARun() throws SQLException {
        LoginLogSpare spare = new LoginLogSpare(url, db.user(), db.password());
        try (Connection c = connect(); Statement s = c.createStatement()) {
            String pristine = single(s, FINGERPRINT);
            spare.refillInBackground();
            spare.awaitRefill();
            String spares = "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE()"
                    + " AND table_name LIKE 'login\\_log\\_spare%'";
            assertEquals(String.valueOf(LoginLogSpare.SPARES.size()), single(s, spares));
            for (int reset = 0; reset < LoginLogSpare.SPARES.size(); reset++) {
                play(s);
                spare.swap();
                assertEquals(pristine, single(s, FINGERPRINT));
            }
            // Both were swapped in, none was refilled on the way: no spare is left.
            assertEquals("0", single(s, spares));
        }
    }
}
