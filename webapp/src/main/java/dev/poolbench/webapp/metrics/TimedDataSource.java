package dev.poolbench.webapp.metrics;

import dev.poolbench.webapp.plant.Plant;
import io.micrometer.core.instrument.Timer;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The one timing wrapper around every pool's DataSource (the same code for every profile).
 *
 * <p>Hot path per borrow: two {@code System.nanoTime()} calls, three {@link LongAdder} updates,
 * one {@link Timer#record} and one wait-free HdrHistogram record for the wait, one lock-free set
 * lookup (is this physical connection new?), one {@link TimedConnection} allocation; per return:
 * one {@code nanoTime}, one adder, one {@code Timer#record} and one HdrHistogram record for the
 * hold, plus the in-use occupancy's one short lock on each ({@link InUseOccupancy}). No other
 * allocation. Everything else (gauges, sums, encoded histograms) is
 * computed when the metrics are read.
 *
 * <p>Until {@link #bind} has installed the timers (Micrometer binds after all singletons exist),
 * borrows are counted but not timed.
 *
 * <p>A {@link Plant} ({@code POOLBENCH_PLANT}, off by default) adds known work to every borrow,
 * after the acquire is timed: it counts as hold time, as work done with the connection would.
 */
public final class TimedDataSource implements DataSource {

    /** Connector/J's connection interface: a physical connection is found by unwrapping to it. */
    static final String MYSQL_CONNECTION = "com.mysql.cj.jdbc.JdbcConnection";
    /** pgjdbc's (POOLBENCH_DATABASE=postgres). */
    static final String POSTGRES_CONNECTION = "org.postgresql.core.BaseConnection";

    /** The driver's own connection interface, or null when that driver is not on the class path. */
    private final Class<?> physicalConnection;

    private final DataSource target;
    private final boolean pooled;
    private final Plant plant;

    /** Threads currently inside {@code getConnection()}: increment on entry, decrement on exit. */
    private final LongAdder insideGetConnection = new LongAdder();
    private final LongAdder borrowed = new LongAdder();
    private final LongAdder returned = new LongAdder();
    private final LongAdder failedBorrows = new LongAdder();
    private final LongAdder physicalCreated = new LongAdder();
    /**
     * Physical connections seen so far, by identity (Connector/J's connection does not override
     * equals/hashCode). Bounded by the pool's size plus replacements; never used without a pool,
     * where every borrow opens a new physical connection.
     */
    private final Set<Object> physicalSeen = ConcurrentHashMap.newKeySet();

    /** Exact and mergeable: {@code /actuator/poolhistograms} (the Timers feed Prometheus). */
    private final PoolHistograms histograms = new PoolHistograms();
    /** Time at each in-use count, at every borrow and return: what a sizing rule takes percentiles of. */
    private final InUseOccupancy occupancy = new InUseOccupancy();

    private volatile Timer acquireTimer;
    private volatile Timer holdTimer;

    /**
     * @param target the pool (or, for {@code nopool}, the plain DataSource)
     * @param pooled false when every {@code getConnection()} opens a new physical connection
     */
    TimedDataSource(DataSource target, boolean pooled) {
        this(target, pooled, Plant.NONE);
    }

    /** @param plant the planted work done on every borrow ({@link Plant#NONE}: none) */
    TimedDataSource(DataSource target, boolean pooled, Plant plant) {
        this(target, pooled, plant, MYSQL_CONNECTION);
    }

    /** @param physicalConnection the driver's connection interface ({@link #MYSQL_CONNECTION} or {@link #POSTGRES_CONNECTION}) */
    TimedDataSource(DataSource target, boolean pooled, Plant plant, String physicalConnection) {
        this.target = target;
        this.pooled = pooled;
        this.plant = plant;
        this.physicalConnection = physicalConnectionType(physicalConnection);
    }

    void bind(Timer acquire, Timer hold) {
        this.acquireTimer = acquire;
        this.holdTimer = hold;
    }

    /** The wrapped pool. */
    public DataSource target() {
        return target;
    }

    @Override
    public Connection getConnection() throws SQLException {
        long startNanos = System.nanoTime();
        insideGetConnection.increment();
        Connection connection;
        try {
            connection = target.getConnection();
        } catch (SQLException | RuntimeException e) {
            failedBorrows.increment();
            throw e;
        } finally {
            insideGetConnection.decrement();
        }
        return borrowed(connection, startNanos);
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        long startNanos = System.nanoTime();
        insideGetConnection.increment();
        Connection connection;
        try {
            connection = target.getConnection(username, password);
        } catch (SQLException | RuntimeException e) {
            failedBorrows.increment();
            throw e;
        } finally {
            insideGetConnection.decrement();
        }
        return borrowed(connection, startNanos);
    }

    private Connection borrowed(Connection connection, long startNanos) {
        long acquiredNanos = System.nanoTime();
        Timer acquire = acquireTimer;
        if (acquire != null) {
            acquire.record(acquiredNanos - startNanos, TimeUnit.NANOSECONDS);
        }
        histograms.recordAcquire(acquiredNanos - startNanos);
        borrowed.increment();
        occupancy.borrowed();
        notePhysical(connection);
        TimedConnection timed = new TimedConnection(connection, this, acquiredNanos);
        // Inside the hold: from acquiredNanos on, the connection is out of the pool.
        plant.run();
        return timed;
    }

    /** A connection is about to go back to the pool: out of use from now (before the pool can lend it again). */
    void releasing() {
        occupancy.returned();
    }

    void recordReturn(long heldNanos) {
        returned.increment();
        Timer hold = holdTimer;
        if (hold != null) {
            hold.record(heldNanos, TimeUnit.NANOSECONDS);
        }
        histograms.recordHold(heldNanos);
    }

    private void notePhysical(Connection connection) {
        if (!pooled) {
            physicalCreated.increment();
            return;
        }
        Object physical = physicalOf(connection);
        // contains() first: lock-free read for the common case of a known connection.
        if (!physicalSeen.contains(physical) && physicalSeen.add(physical)) {
            physicalCreated.increment();
        }
    }

    private Object physicalOf(Connection connection) {
        if (physicalConnection == null) {
            return connection;
        }
        try {
            return connection.unwrap(physicalConnection);
        } catch (SQLException | RuntimeException | AbstractMethodError e) {
            // A pool proxy that cannot unwrap: count the proxy (exact for pools that keep one
            // proxy per physical connection, an over-count for those that make one per borrow).
            return connection;
        }
    }

    private static Class<?> physicalConnectionType(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    // ---- read at scrape time ----

    /** Threads waiting in {@code getConnection()} right now (includes connect time without a pool). */
    long pendingNow() {
        return insideGetConnection.sum();
    }

    /** Connections handed out and not yet closed by the application. */
    long inUseNow() {
        return borrowed.sum() - returned.sum();
    }

    long failedBorrowsTotal() {
        return failedBorrows.sum();
    }

    long physicalCreatedTotal() {
        return physicalCreated.sum();
    }

    boolean pooled() {
        return pooled;
    }

    PoolHistograms histograms() {
        return histograms;
    }

    InUseOccupancy occupancy() {
        return occupancy;
    }

    // ---- javax.sql.DataSource / Wrapper: plain delegation ----

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || iface.isInstance(target) || target.isWrapperFor(iface);
    }

    /**
     * Finds the live pool for code that reads its settings ({@code unwrap(HikariDataSource.class)}).
     * Checks the target's type itself before asking it: Commons DBCP 1.4's {@code unwrap} always throws.
     */
    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        if (iface.isInstance(target)) {
            return iface.cast(target);
        }
        return target.unwrap(iface);
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return target.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        target.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        target.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return target.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return target.getParentLogger();
    }

    @Override
    public String toString() {
        return "TimedDataSource[" + target + "]";
    }
}
