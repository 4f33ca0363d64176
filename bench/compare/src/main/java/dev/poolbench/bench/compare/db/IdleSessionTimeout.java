package dev.poolbench.bench.compare.db;

import dev.poolbench.sql.Dialect;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The server's idle session timeout, set server-wide for the fault scenario idle-timeout, and the
 * sessions on the game's database, read over JDBC with a connection of its own for each call.
 * MariaDB: {@code wait_timeout} (and {@code interactive_timeout}, which an interactive client's
 * session takes instead), copied into a session when it connects, so only sessions opened after
 * {@link #set} have it; {@code SET GLOBAL} ends with the server. PostgreSQL:
 * {@code idle_session_timeout} by {@code ALTER SYSTEM} and a reload; it lives in the cluster's
 * postgresql.auto.conf, so {@link #clearLeftover} removes what an interrupted run left there.
 */
public final class IdleSessionTimeout {

    /** One session on the database: its id, whether it waits for its client, for how long (whole seconds). */
    public record Session(long id, boolean idle, long idleSeconds) {
    }

    /** How long {@link #set} waits for PostgreSQL's reload to reach new sessions. */
    private static final long RELOAD_WAIT_MILLIS = 5_000;

    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final Dialect dialect;

    public IdleSessionTimeout(String jdbcUrl, String user, String password) {
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        this.dialect = Dialect.of(jdbcUrl);
    }

    /**
     * Sets the timeout for every session opened from now on and checks that a new session gets it.
     *
     * @return what to give {@link #restore}: the values it replaced
     */
    public String set(int seconds) throws SQLException, InterruptedException {
        String previous;
        try (Connection c = connect(); Statement s = c.createStatement()) {
            if (dialect == Dialect.MYSQL) {
                try (ResultSet r = s.executeQuery("SELECT @@GLOBAL.wait_timeout, @@GLOBAL.interactive_timeout")) {
                    r.next();
                    previous = r.getLong(1) + "," + r.getLong(2);
                }
                s.execute("SET GLOBAL wait_timeout = " + seconds + ", GLOBAL interactive_timeout = " + seconds);
            } else {
                previous = "";
                s.execute("ALTER SYSTEM SET idle_session_timeout = '" + seconds + "s'");
                s.execute("SELECT pg_reload_conf()");
            }
        }
        // The postmaster reloads its configuration asynchronously: wait until a new session has the value.
        long deadline = System.nanoTime() + RELOAD_WAIT_MILLIS * 1_000_000;
        long got = newSessionSeconds();
        while (got != seconds && System.nanoTime() < deadline) {
            Thread.sleep(50);
            got = newSessionSeconds();
        }
        if (got != seconds) {
            restore(previous);
            throw new IllegalStateException("the server's idle session timeout did not take: a new session has "
                    + got + " s, not " + seconds + " s");
        }
        return previous;
    }

    /** Puts back the values {@link #set} replaced (PostgreSQL: the configuration files' value). */
    public void restore(String previous) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            if (dialect == Dialect.MYSQL) {
                String[] values = previous.split(",");
                s.execute("SET GLOBAL wait_timeout = " + Long.parseLong(values[0]) + ", GLOBAL interactive_timeout = "
                        + Long.parseLong(values[1]));
            } else {
                s.execute("ALTER SYSTEM RESET idle_session_timeout");
                s.execute("SELECT pg_reload_conf()");
            }
        }
    }

    /**
     * PostgreSQL: removes an {@code idle_session_timeout} that an interrupted idle-timeout run
     * left in postgresql.auto.conf (it would close every idle connection of the next runs);
     * MariaDB: nothing, a {@code SET GLOBAL} does not outlive the server.
     */
    public void clearLeftover() throws SQLException {
        if (dialect == Dialect.POSTGRES) {
            restore("");
        }
    }

    /** The timeout a session opened now gets, in seconds (0: none). */
    public long newSessionSeconds() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery(dialect == Dialect.MYSQL ? "SELECT @@SESSION.wait_timeout"
                     : "SELECT setting::bigint / 1000 FROM pg_settings WHERE name = 'idle_session_timeout'")) {
            r.next();
            return r.getLong(1);
        }
    }

    /** Every other client session on the database now (the app's, when only the app uses it). */
    public List<Session> sessions() throws SQLException {
        String query = dialect == Dialect.MYSQL
                ? "SELECT ID, COMMAND = 'Sleep', TIME FROM information_schema.PROCESSLIST"
                        + " WHERE DB = DATABASE() AND ID <> CONNECTION_ID()"
                : "SELECT pid, state = 'idle', COALESCE(floor(EXTRACT(EPOCH FROM clock_timestamp() - state_change)), 0)"
                        + " FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
                        + " AND backend_type = 'client backend'";
        List<Session> sessions = new ArrayList<>();
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(query)) {
            while (r.next()) {
                sessions.add(new Session(r.getLong(1), r.getBoolean(2), r.getLong(3)));
            }
        }
        return sessions;
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, user, password);
    }
}
