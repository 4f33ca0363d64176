package dev.poolbench.bench.compare.faultlogs;

import dev.poolbench.sql.Dialect;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code login_log} read over JDBC straight on the database (not through the app or the
 * proxy): the rows a run added, and when. The app writes exactly one row per decided login
 * attempt, so the rows per second are the database-backed throughput of the run; unlike the
 * load's passed pages they do not count {@code GET /}, which needs no database.
 */
public final class LoginLog {

    private static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final String jdbcUrl;
    private final String user;
    private final String password;

    public LoginLog(String jdbcUrl, String user, String password) {
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
    }

    /** Row count and highest id, read in one statement. */
    public record State(long rows, long maxId) {
    }

    public State state() throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password);
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT COUNT(*), COALESCE(MAX(id), 0) FROM login_log")) {
            r.next();
            return new State(r.getLong(1), r.getLong(2));
        }
    }

    /**
     * Rows with an id above {@code afterId}, per second of {@code created_at} (the app's clock,
     * which is this machine's: same time zone, read back as text so no driver shifts it), on MariaDB
 * or PostgreSQL alike.
     */
    public Map<LocalDateTime, Long> rowsPerSecond(long afterId) throws SQLException {
        Map<LocalDateTime, Long> perSecond = new TreeMap<>();
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password);
             PreparedStatement s = c.prepareStatement("SELECT " + Dialect.of(jdbcUrl).secondText("created_at")
                     + ", COUNT(*) FROM login_log WHERE id > ? GROUP BY 1")) {
            s.setLong(1, afterId);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    perSecond.put(LocalDateTime.parse(r.getString(1), SECOND), r.getLong(2));
                }
            }
        }
        return perSecond;
    }
}
