package dev.poolbench.sql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Restores the initial state by running reset.sql (login_log := login_log_init). Safe while
 * the app keeps its pooled connections open: the app keeps no cache and its next query sees
 * the initial data.
 */
public final class DatabaseReset {
    private final String jdbcUrl;
    private final String user;
    private final String password;

    /** @param jdbcUrl Connector/J or pgjdbc URL including the database name */
    public DatabaseReset(String jdbcUrl, String user, String password) {
        this.jdbcUrl = JdbcUrls.forBulkWork(jdbcUrl);
        this.user = user;
        this.password = password == null ? "" : password;
    }

    /** Runs reset.sql on a fresh connection; returns the time reset.sql took (without connecting). */
    public Duration reset() {
        try (Connection connection = DriverManager.getConnection(jdbcUrl, user, password)) {
            return reset(connection, Dialect.of(jdbcUrl));
        } catch (SQLException e) {
            throw new IllegalStateException("reset of " + jdbcUrl + " failed: " + e.getMessage(), e);
        }
    }

    /** Runs reset.sql on the given connection (left open, in autocommit mode afterwards). */
    public static Duration reset(Connection connection) throws SQLException {
        return reset(connection, Dialect.of(connection.getMetaData().getURL()));
    }

    /** As {@link #reset(Connection)}, with the server's reset.sql. */
    public static Duration reset(Connection connection, Dialect dialect) throws SQLException {
        // Without the pristine copy, TRUNCATE would empty login_log with nothing to refill it.
        requirePristineCopy(connection, dialect);
        connection.setAutoCommit(true);
        long startNanos = System.nanoTime();
        for (int attempt = 1; ; attempt++) {
            try {
                SqlScripts.run(connection, dialect.resetScript());
                return Duration.ofNanos(System.nanoTime() - startNanos);
            } catch (SQLException e) {
                // ER_LOCK_WAIT_TIMEOUT well before any timeout (seen once in the suite, 1.7 s into a
                // test; the holder not found: probably InnoDB's background statistics update, whose
                // rows in mysql.innodb_*_stats TRUNCATE rewrites). The script is idempotent: run
                // again, as the error advises.
                if (e.getErrorCode() != ER_LOCK_WAIT_TIMEOUT || attempt == LOCK_WAIT_ATTEMPTS) {
                    throw e;
                }
                try {
                    Thread.sleep(200L * attempt);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** MySQL's and MariaDB's "Lock wait timeout exceeded; try restarting transaction". */
    private static final int ER_LOCK_WAIT_TIMEOUT = 1205;
    private static final int LOCK_WAIT_ATTEMPTS = 3;

    /** The current number of rows in login_log (after a reset: the initial count). */
    public long loginLogRows() {
        try (Connection connection = DriverManager.getConnection(jdbcUrl, user, password);
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT COUNT(*) FROM login_log")) {
            result.next();
            return result.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("counting login_log rows on " + jdbcUrl + " failed: " + e.getMessage(), e);
        }
    }

    private static void requirePristineCopy(Connection connection, Dialect dialect) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(dialect.loginLogTablesQuery())) {
            try (ResultSet result = query.executeQuery()) {
                result.next();
                if (result.getInt(1) != 2) {
                    throw new IllegalStateException("tables login_log and login_log_init must both exist in the database"
                            + " of the JDBC URL: run 'load' first");
                }
            }
        }
    }
}
