package dev.poolbench.webapp.metrics;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
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
 * <tr><td>no pool</td><td>wrapper</td><td>0</td><td>0</td><td>NaN (unbounded)</td></tr>
 * </table>
 *
 * <p>Wrapper pending = threads inside {@code getConnection()}; no pool means no queue (time
 * spent connecting shows in the acquire time instead), hence 0. Values are NaN while a pool has
 * not started yet. Nothing here runs on the request path.
 */
abstract class PoolGauges {

    private final TimedDataSource wrapper;

    PoolGauges(TimedDataSource wrapper) {
        this.wrapper = wrapper;
    }

    final TimedDataSource wrapper() {
        return wrapper;
    }

    abstract double active();

    abstract double idle();

    abstract double pending();

    abstract double max();

    /** Where the values come from, for the {@code poolbench_pool_info} gauge. */
    abstract String source();

    static PoolGauges of(TimedDataSource wrapper) {
        DataSource pool = wrapper.target();
        if (pool instanceof HikariDataSource hikari) {
            return new Hikari(hikari, wrapper);
        }
        if (pool instanceof org.apache.tomcat.jdbc.pool.DataSource tomcat) {
            return new Tomcat(tomcat, wrapper);
        }
        if (pool instanceof org.apache.commons.dbcp2.BasicDataSource dbcp2) {
            return new Dbcp2(dbcp2, wrapper);
        }
        if (pool instanceof org.apache.commons.dbcp.BasicDataSource dbcp) {
            return new Dbcp(dbcp, wrapper);
        }
        return new NoPool(wrapper);
    }

    /** True when the DataSource keeps connections, i.e. is one of the four pools. */
    static boolean isPool(DataSource dataSource) {
        return dataSource instanceof HikariDataSource
                || dataSource instanceof org.apache.tomcat.jdbc.pool.DataSource
                || dataSource instanceof org.apache.commons.dbcp2.BasicDataSource
                || dataSource instanceof org.apache.commons.dbcp.BasicDataSource;
    }

    private static final class Hikari extends PoolGauges {
        private final HikariDataSource pool;

        Hikari(HikariDataSource pool, TimedDataSource wrapper) {
            super(wrapper);
            this.pool = pool;
        }

        private HikariPoolMXBean bean() {
            // null until the pool has started (lazily, on the first getConnection()).
            return pool.getHikariPoolMXBean();
        }

        @Override
        double active() {
            HikariPoolMXBean bean = bean();
            return bean == null ? Double.NaN : bean.getActiveConnections();
        }

        @Override
        double idle() {
            HikariPoolMXBean bean = bean();
            return bean == null ? Double.NaN : bean.getIdleConnections();
        }

        @Override
        double pending() {
            HikariPoolMXBean bean = bean();
            return bean == null ? Double.NaN : bean.getThreadsAwaitingConnection();
        }

        @Override
        double max() {
            return pool.getMaximumPoolSize();
        }

        @Override
        String source() {
            return "pool";
        }
    }

    private static final class Tomcat extends PoolGauges {
        private final org.apache.tomcat.jdbc.pool.DataSource pool;

        Tomcat(org.apache.tomcat.jdbc.pool.DataSource pool, TimedDataSource wrapper) {
            super(wrapper);
            this.pool = pool;
        }

        @Override
        double active() {
            return pool.getPool() == null ? Double.NaN : pool.getActive();
        }

        @Override
        double idle() {
            return pool.getPool() == null ? Double.NaN : pool.getIdle();
        }

        @Override
        double pending() {
            return pool.getPool() == null ? Double.NaN : pool.getWaitCount();
        }

        @Override
        double max() {
            return pool.getMaxActive();
        }

        @Override
        String source() {
            return "pool";
        }
    }

    private static final class Dbcp2 extends PoolGauges {
        private final org.apache.commons.dbcp2.BasicDataSource pool;

        Dbcp2(org.apache.commons.dbcp2.BasicDataSource pool, TimedDataSource wrapper) {
            super(wrapper);
            this.pool = pool;
        }

        @Override
        double active() {
            return pool.getNumActive();
        }

        @Override
        double idle() {
            return pool.getNumIdle();
        }

        @Override
        double pending() {
            return wrapper().pendingNow();
        }

        @Override
        double max() {
            return pool.getMaxTotal();
        }

        @Override
        String source() {
            return "pool; pending from wrapper";
        }
    }

    private static final class Dbcp extends PoolGauges {
        private final org.apache.commons.dbcp.BasicDataSource pool;

        Dbcp(org.apache.commons.dbcp.BasicDataSource pool, TimedDataSource wrapper) {
            super(wrapper);
            this.pool = pool;
        }

        @Override
        double active() {
            return pool.getNumActive();
        }

        @Override
        double idle() {
            return pool.getNumIdle();
        }

        @Override
        double pending() {
            return wrapper().pendingNow();
        }

        @Override
        double max() {
            return pool.getMaxActive();
        }

        @Override
        String source() {
            return "pool; pending from wrapper";
        }
    }

    private static final class NoPool extends PoolGauges {
        NoPool(TimedDataSource wrapper) {
            super(wrapper);
        }

        @Override
        double active() {
            return wrapper().inUseNow();
        }

        @Override
        double idle() {
            return 0;
        }

        @Override
        double pending() {
            return 0;
        }

        @Override
        double max() {
            return Double.NaN;
        }

        @Override
        String source() {
            return "wrapper (no pool)";
        }
    }
}
