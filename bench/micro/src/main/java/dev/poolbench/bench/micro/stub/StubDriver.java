package dev.poolbench.bench.micro.stub;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * A JDBC driver that does no I/O: connections, statements and result sets are plain objects, so
 * a cycle through a pool costs only the pool (what HikariCP's own JMH suite measures). URL
 * {@value #URL}; registered with DriverManager when the class loads (and through
 * META-INF/services). Every statement returns one row with the integer 1, like {@code SELECT 1}.
 */
public final class StubDriver implements Driver {

    public static final String URL_PREFIX = "jdbc:poolbench-stub:";
    public static final String URL = URL_PREFIX + "micro";

    // Counted so the tests can see the pools really open and close physical connections here.
    private static final AtomicLong OPENED = new AtomicLong();
    private static final AtomicLong CLOSED = new AtomicLong();

    static {
        try {
            DriverManager.registerDriver(new StubDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Loads the class, which registers the driver. */
    public static void register() {
        // The static initializer does the work.
    }

    @Override
    public Connection connect(String url, Properties info) {
        if (!acceptsURL(url)) {
            return null;   // JDBC: not ours, let DriverManager try the next driver
        }
        OPENED.incrementAndGet();
        return new StubConnection(url);
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.startsWith(URL_PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return 1;
    }

    @Override
    public int getMinorVersion() {
        return 0;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("poolbench stub driver: no java.util.logging");
    }

    /** Physical connections opened since the JVM started. */
    public static long opened() {
        return OPENED.get();
    }

    /** Physical connections closed since the JVM started. */
    public static long closed() {
        return CLOSED.get();
    }

    static void connectionClosed() {
        CLOSED.incrementAndGet();
    }
}
