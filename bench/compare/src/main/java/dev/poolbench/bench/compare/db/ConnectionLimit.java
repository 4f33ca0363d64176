package dev.poolbench.bench.compare.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * MariaDB's {@code max_connections}, set server-wide for the fault scenario max-connections, and
 * the server's own counts of it, read over one connection held from {@link #open} to
 * {@link #close}: opened before the app replicas, it is never the one refused, and it is one of
 * the connections the limit is computed from. {@code SET GLOBAL} ends with the server, and
 * {@link #close} puts the previous value back. MariaDB admits {@code max_connections + 1} clients
 * (the last for a privileged user: every user, with the embedded server's grant checks off).
 * On hosts ansible/faults.yml sets the limit as root on the database host and puts it back;
 * {@link #watch} only reads it and the counts, as the app's user (no privilege needed). There
 * that user is not privileged: the server lets it past the connect, on the slot kept for a
 * privileged one, and refuses it after the handshake, which MariaDB counts in
 * {@code Aborted_connects} only (10.11 on the fleet, 2026-12-07: 0 max_connections errors,
 * 12 aborted connects, a new replica holding 2 of its 10 connections).
 */
public final class ConnectionLimit implements AutoCloseable {

    private final Connection watcher;
    private final long previous;
    /** Refusals after the handshake count too ({@link #watch}: a user that is not privileged). */
    private final boolean afterHandshake;
    private boolean changed;

    private ConnectionLimit(Connection watcher, Long previous) throws SQLException {
        this.watcher = watcher;
        this.previous = previous != null ? previous : limit();
        this.afterHandshake = previous != null;
    }

    public static ConnectionLimit open(String jdbcUrl, String user, String password) throws SQLException {
        return connect(jdbcUrl, user, password, null);
    }

    /** A watcher of a limit set by someone else, who had {@code previous} before and puts it back. */
    public static ConnectionLimit watch(String jdbcUrl, String user, String password, long previous)
            throws SQLException {
        return connect(jdbcUrl, user, password, previous);
    }

    private static ConnectionLimit connect(String jdbcUrl, String user, String password, Long previous)
            throws SQLException {
        Connection c = DriverManager.getConnection(jdbcUrl, user, password);
        try {
            return new ConnectionLimit(c, previous);
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** The value the server had before the scenario's, put back by {@link #close} when set here. */
    public long previous() {
        return previous;
    }

    /** The server's max_connections now. */
    public long limit() throws SQLException {
        return variable("SELECT @@GLOBAL.max_connections");
    }

    /**
     * Sets {@code max_connections} for every connection made from now on (open ones stay) and
     * reads it back: the server clamps a value below its minimum (10) without an error.
     */
    public void set(long value) throws SQLException {
        try (Statement s = watcher.createStatement()) {
            s.execute("SET GLOBAL max_connections = " + value);
        }
        changed = true;
        long got = limit();
        if (got != value) {
            throw new IllegalStateException("the server took max_connections " + got + ", not " + value
                    + " (MariaDB's minimum is 10): raise --replicas or --pool-size");
        }
    }

    /** Client connections open now, this one among them ({@code Threads_connected}). */
    public long connected() throws SQLException {
        return status("Threads_connected");
    }

    /**
     * Connections the server has refused for {@code max_connections} since it started; for a
     * {@link #watch}er also those refused after the handshake ({@code Aborted_connects}, which
     * counts any failed login: none else comes while the replicas are the only clients).
     */
    public long refused() throws SQLException {
        return status("Connection_errors_max_connections") + (afterHandshake ? status("Aborted_connects") : 0);
    }

    private long status(String name) throws SQLException {
        try (Statement s = watcher.createStatement();
             ResultSet r = s.executeQuery("SHOW GLOBAL STATUS LIKE '" + name + "'")) {
            if (!r.next()) {
                throw new IllegalStateException("the server has no status variable " + name);
            }
            return r.getLong(2);
        }
    }

    private long variable(String query) throws SQLException {
        try (Statement s = watcher.createStatement(); ResultSet r = s.executeQuery(query)) {
            r.next();
            return r.getLong(1);
        }
    }

    /** Puts the previous value back, if {@link #set} changed it, and closes the connection. */
    @Override
    public void close() throws SQLException {
        try (Connection c = watcher; Statement s = c.createStatement()) {
            if (changed) {
                s.execute("SET GLOBAL max_connections = " + previous);
            }
        }
    }
}
