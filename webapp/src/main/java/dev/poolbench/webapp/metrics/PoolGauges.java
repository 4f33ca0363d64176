package dev.poolbench.webapp.metrics;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import java.util.function.DoubleSupplier;
import java.util.function.ToIntFunction;
import javax.sql.DataSource;

/**
 * Active, idle, pending and maximum connections, read at scrape time from the pool's own
 * counters where it has them and from the wrapper where it has not:
 *
 * <table>
 * <tr><th>pool</th><th>active</th><th>idle</th><th>pending</th><th>max</th></tr>
 * <tr><td>HikariCP</td><td colspan="3">{@code HikariPoolMXBean}</td><td>maximumPoolSize</td></tr>
 * <tr><td>Tomcat JDBC</td><td>getActive</td><td>getIdle</td><td>getWaitCount</td><td>maxActive</td></tr>
 * <tr><td>DBCP2</td><td>getNumActive</td><td>getNumIdle</td><td>wrapper</td><td>maxTotal</td></tr>
 * <tr><td>DBCP 1.4</td><td>getNumActive</td><td>getNumIdle</td><td>wrapper</td><td>maxActive</td></tr>
 * <tr><td>c3p0</td><td>getNumBusyConnections</td><td>getNumIdleConnections</td><td>getNumThreadsAwaitingCheckout</td><td>maxPoolSize</td></tr>
 * <tr><td>Vibur</td><td>pool taken()</td><td>pool remainingCreated()</td><td>wrapper</td><td>poolMaxSize</td></tr>
 * <tr><td>Agroal</td><td>activeCount</td><td>availableCount</td><td>awaitingCount</td><td>maxSize</td></tr>
 * <tr><td>Oracle UCP</td><td>getBorrowedConnectionsCount</td><td>getAvailableConnectionsCount</td><td>statistics getPendingRequestsCount</td><td>maxPoolSize</td></tr>
 * <tr><td>no pool</td><td>wrapper</td><td>0</td><td>0</td><td>NaN (unbounded)</td></tr>
 * </table>
 *
 * <p>Agroal counts only with metrics enabled (off by default): binding the gauges switches them
 * on, so with {@code POOLBENCH_POOL_METRICS=off} Agroal runs without its counters, like the
 * others without the wrapper.
 *
 * <p>Wrapper pending = threads inside {@code getConnection()}; no pool means no queue (time
 * spent connecting shows in the acquire time instead), hence 0. Values are NaN while a pool has
 * not started yet. Nothing here runs on the request path.
 */
final class PoolGauges {

    private final TimedDataSource wrapper;
    private final DoubleSupplier active;
    private final DoubleSupplier idle;
    private final DoubleSupplier pending;
    private final DoubleSupplier max;
    private final String source;

    PoolGauges(TimedDataSource wrapper, DoubleSupplier active, DoubleSupplier idle,
            DoubleSupplier pending, DoubleSupplier max, String source) {
        this.wrapper = wrapper;
        this.active = active;
        this.idle = idle;
        this.pending = pending;
        this.max = max;
        this.source = source;
    }

    TimedDataSource wrapper() {
        return wrapper;
    }

    double active() {
        return active.getAsDouble();
    }

    double idle() {
        return idle.getAsDouble();
    }

    double pending() {
        return pending.getAsDouble();
    }

    double max() {
        return max.getAsDouble();
    }

    /** Where the values come from, for the {@code poolbench_pool_info} gauge. */
    String source() {
        return source;
    }

    static PoolGauges of(TimedDataSource wrapper) {
        DataSource pool = wrapper.target();
        DoubleSupplier pendingFromWrapper = wrapper::pendingNow;
        if (pool instanceof HikariDataSource hikari) {
            // The MXBean is null until the pool has started (lazily, on the first getConnection()).
            return new PoolGauges(wrapper,
                    () -> hikariValue(hikari, HikariPoolMXBean::getActiveConnections),
                    () -> hikariValue(hikari, HikariPoolMXBean::getIdleConnections),
                    () -> hikariValue(hikari, HikariPoolMXBean::getThreadsAwaitingConnection),
                    hikari::getMaximumPoolSize, "pool");
        }
        if (pool instanceof org.apache.tomcat.jdbc.pool.DataSource tomcat) {
            return new PoolGauges(wrapper,
                    () -> tomcat.getPool() == null ? Double.NaN : tomcat.getActive(),
                    () -> tomcat.getPool() == null ? Double.NaN : tomcat.getIdle(),
                    () -> tomcat.getPool() == null ? Double.NaN : tomcat.getWaitCount(),
                    tomcat::getMaxActive, "pool");
        }
        if (pool instanceof org.apache.commons.dbcp2.BasicDataSource dbcp2) {
            return new PoolGauges(wrapper, dbcp2::getNumActive, dbcp2::getNumIdle, pendingFromWrapper,
                    dbcp2::getMaxTotal, "pool; pending from wrapper");
        }
        if (pool instanceof org.apache.commons.dbcp.BasicDataSource dbcp) {
            return new PoolGauges(wrapper, dbcp::getNumActive, dbcp::getNumIdle, pendingFromWrapper,
                    dbcp::getMaxActive, "pool; pending from wrapper");
        }
        PoolGauges more = MorePoolGauges.of(wrapper, pool);
        if (more != null) {
            return more;
        }
        return new PoolGauges(wrapper, wrapper::inUseNow, () -> 0, () -> 0, () -> Double.NaN, "wrapper (no pool)");
    }

    private static double hikariValue(HikariDataSource pool, ToIntFunction<HikariPoolMXBean> read) {
        HikariPoolMXBean bean = pool.getHikariPoolMXBean();
        return bean == null ? Double.NaN : read.applyAsInt(bean);
    }

    /** True when the DataSource keeps connections, i.e. is one of the eight pools. */
    static boolean isPool(DataSource dataSource) {
        return MorePoolGauges.isPool(dataSource)
                || dataSource instanceof HikariDataSource
                || dataSource instanceof org.apache.tomcat.jdbc.pool.DataSource
                || dataSource instanceof org.apache.commons.dbcp2.BasicDataSource
                || dataSource instanceof org.apache.commons.dbcp.BasicDataSource;
    }
}
