package dev.poolbench.bench.micro;

import dev.poolbench.webapp.pool.DatabaseSettings;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The baseline "pool" {@value #NAME}: every getConnection() is {@code DriverManager.getConnection},
 * a new physical connection found through DriverManager's driver list (the loop-based comparison's
 * baseline). The app's {@code nopool} profile differs only in calling its driver directly.
 */
final class DriverManagerBaseline implements DataSource {

    static final String NAME = "drivermanager";

    private final DatabaseSettings database;

    DriverManagerBaseline(DatabaseSettings database) {
        this.database = database;
        try {
            // Loads the driver class, so DriverManager knows it even when ServiceLoader missed it.
            Class.forName(database.driverClassName());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("JDBC driver " + database.driverClassName() + " not on the class path", e);
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        return DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return DriverManager.getConnection(database.jdbcUrl(), username, password);
    }

    @Override
    public PrintWriter getLogWriter() {
        return DriverManager.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        DriverManager.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) {
        DriverManager.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() {
        return DriverManager.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("DriverManager baseline: no parent logger");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
