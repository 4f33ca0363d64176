package dev.poolbench.webapp.metrics;

import com.mchange.v2.c3p0.AbstractComboPooledDataSource;
import io.agroal.api.AgroalDataSource;
import java.util.function.DoubleSupplier;
import javax.sql.DataSource;
import oracle.ucp.jdbc.JDBCConnectionPoolStatistics;
import oracle.ucp.jdbc.PoolDataSource;
import org.vibur.dbcp.ViburDBCPDataSource;

/**
 * {@link PoolGauges} of the pools added with issue 11 (c3p0, Vibur, Agroal, Oracle UCP), kept
 * apart so the first five stay as they were. Every value is NaN until the pool has started or
 * when its getter fails (c3p0 and UCP declare SQLException).
 */
final class MorePoolGauges {

    private MorePoolGauges() {
    }

    /** Null when the DataSource is none of these four pools. */
    static PoolGauges of(TimedDataSource wrapper, DataSource pool) {
        if (pool instanceof AbstractComboPooledDataSource c3p0) {
            return new PoolGauges(wrapper,
                    guarded(c3p0::getNumBusyConnectionsDefaultUser),
                    guarded(c3p0::getNumIdleConnectionsDefaultUser),
                    guarded(c3p0::getNumThreadsAwaitingCheckoutDefaultUser),
                    c3p0::getMaxPoolSize,
                    "pool");
        }
        if (pool instanceof ViburDBCPDataSource vibur) {
            // getPool() is null until start(); Vibur counts no waiting threads.
            return new PoolGauges(wrapper,
                    () -> vibur.getPool() == null ? Double.NaN : vibur.getPool().taken(),
                    () -> vibur.getPool() == null ? Double.NaN : vibur.getPool().remainingCreated(),
                    wrapper::pendingNow,
                    vibur::getPoolMaxSize, "pool; pending from wrapper");
        }
        if (pool instanceof AgroalDataSource agroal) {
            agroal.getConfiguration().setMetricsEnabled(true);
            return new PoolGauges(wrapper,
                    () -> agroal.getMetrics().activeCount(),
                    () -> agroal.getMetrics().availableCount(),
                    () -> agroal.getMetrics().awaitingCount(),
                    () -> agroal.getConfiguration().connectionPoolConfiguration().maxSize(), "pool");
        }
        if (pool instanceof PoolDataSource ucp) {
            // The statistics exist once the pool has started (first getConnection()).
            return new PoolGauges(wrapper,
                    guarded(ucp::getBorrowedConnectionsCount),
                    guarded(ucp::getAvailableConnectionsCount),
                    () -> {
                        JDBCConnectionPoolStatistics statistics = ucp.getStatistics();
                        return statistics == null ? Double.NaN : statistics.getPendingRequestsCount();
                    },
                    ucp::getMaxPoolSize, "pool");
        }
        return null;
    }

    static boolean isPool(DataSource dataSource) {
        return dataSource instanceof AbstractComboPooledDataSource || dataSource instanceof ViburDBCPDataSource
                || dataSource instanceof AgroalDataSource || dataSource instanceof PoolDataSource;
    }

    /** A getter that may throw, read as NaN then (the gauges run at scrape time, never on the request path). */
    private static DoubleSupplier guarded(Getter getter) {
        return () -> {
            try {
                return getter.get();
            } catch (Exception e) {
                return Double.NaN;
            }
        };
    }

    @FunctionalInterface
    private interface Getter {
        double get() throws Exception;
    }
}
