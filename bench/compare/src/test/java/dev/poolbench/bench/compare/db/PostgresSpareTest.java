package dev.poolbench.bench.compare.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.poolbench.sql.Dialect;
import dev.poolbench.sql.LocalPostgres;
import dev.poolbench.sql.SqlScripts;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The swapped reset on a real PostgreSQL (--database postgres): after each swap login_log holds
 * the pristine rows under its own index names, and the next insert gets max(id) + 1.
 */
class PostgresSpareTest {

    private static final String FINGERPRINT = "SELECT COUNT(*) || ',' || MAX(id) || ',' || SUM(id) || ','"
            + " || SUM(succeeded) || ',' || MAX(created_at) FROM login_log";
    private static final String INDEXES = "SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes"
            + " WHERE tablename = 'login_log'";

    static LocalPostgres server;
    static String url;

    @BeforeAll
    static void start() throws Exception {
        server = LocalPostgres.start(0, Path.of("target", "spare-postgres"));
        url = server.jdbcUrl("postgres");
        try (Connection c = connect(); Statement s = c.createStatement()) {
            SqlScripts.run(c, Dialect.POSTGRES.schemaScript());
            s.execute("INSERT INTO login_log (id, created_at, user_id, login, ip, succeeded) SELECT g,"
                    + " timestamp '2014-01-01' + g * interval '1 second', g % 50, 'user' || g % 50, '10.0.0.' || g % 200,"
                    + " (g % 3 = 0)::int FROM generate_series(1, 2000) g");
            s.execute("SELECT setval('login_log_id_seq', 2000)");
            s.execute("CREATE INDEX login_log_user_id_id ON login_log (user_id, id)");
            s.execute("CREATE TABLE login_log_init (LIKE login_log)");
            s.execute("INSERT INTO login_log_init SELECT * FROM login_log");
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void swapsInThePristineRowsUnderTheSameIndexNamesAndTheIdsGoOn() throws Exception {
        LoginLogSpare spare = new LoginLogSpare(url, server.user(), server.password());
        try (Connection c = connect(); Statement s = c.createStatement()) {
            String pristine = single(s, FINGERPRINT);
            String indexes = single(s, INDEXES);
            for (int round = 0; round < 3; round++) {
                s.execute("INSERT INTO login_log (created_at, user_id, login, ip, succeeded) VALUES (now(), 1, 'x', 'y', 1)");
                s.execute("UPDATE login_log SET succeeded = 1 - succeeded WHERE id < 10");
                if (round == 1) {
                    spare.refillInBackground();
                }
                spare.swap();
                assertEquals(pristine, single(s, FINGERPRINT));
                assertEquals(indexes, single(s, INDEXES));
                s.execute("INSERT INTO login_log (created_at, user_id, login, ip, succeeded) VALUES (now(), 1, 'x', 'y', 0)");
                assertEquals("2001", single(s, "SELECT MAX(id) FROM login_log"));
            }
            spare.awaitRefill();
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(url, server.user(), server.password());
    }

    private static String single(Statement s, String sql) throws SQLException {
        try (ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getString(1);
        }
    }
}
