package dev.poolbench.webapp.pool;

import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import oracle.ucp.admin.UniversalConnectionPoolManager;
import oracle.ucp.admin.UniversalConnectionPoolManagerImpl;
import oracle.ucp.jdbc.JDBCConnectionPoolStatistics;
import oracle.ucp.jdbc.PoolDataSource;
import oracle.ucp.jdbc.PoolDataSourceFactory;

/**
 * Profile {@code ucp}: Oracle Universal Connection Pool (ucp11 alone: no ojdbc, no ons/simplefan,
 * Fast Connection Failover stays off) with MySQL Connector/J's {@code MysqlDataSource} as the
 * connection factory; equalized values in application-ucp.properties. The pool itself lives in
 * UCP's pool manager under its name, created on the first getConnection() and destroyed by name.
 */
final class UcpPool {

    /** Each instance gets its own pool name: UCP refuses a second pool of the same name in one JVM. */
    private static final AtomicInteger POOLS = new AtomicInteger();

    private UcpPool() {
    }

    static final class Descriptor extends PoolDescriptor<PoolDataSource> {

        Descriptor() {
            super(PoolDataSource.class);
        }

        /**
         * Connector/J's DataSource for the app's MySQL; for any other driver (pgjdbc, the
         * microbenchmark's stub and H2) the driver class itself, which UCP also accepts as a connection factory.
         */
        private static String connectionFactory(DatabaseSettings database) {
            return "com.mysql.cj.jdbc.Driver".equals(database.driverClassName())
                    ? "com.mysql.cj.jdbc.MysqlDataSource" : database.driverClassName();
        }

        @Override
        PoolDataSource create(DatabaseSettings database) {
            PoolDataSource pool = PoolDataSourceFactory.getPoolDataSource();
            try {
                pool.setConnectionPoolName("poolbench-ucp-" + POOLS.incrementAndGet());
                pool.setConnectionFactoryClassName(connectionFactory(database));
                pool.setURL(database.jdbcUrl());
                pool.setUser(database.user());
                pool.setPassword(database.password());
            } catch (SQLException e) {
                throw new IllegalStateException("UCP refused its connection factory settings: " + e.getMessage(), e);
            }
            return pool;
        }

        @Override
        void close(PoolDataSource pool) throws Exception {
            UniversalConnectionPoolManager manager = UniversalConnectionPoolManagerImpl.getUniversalConnectionPoolManager();
            // Only a pool that was started (first getConnection()) is known to the manager.
            for (String name : manager.getConnectionPoolNames()) {
                if (name.equals(pool.getConnectionPoolName())) {
                    manager.destroyConnectionPool(name);
                }
            }
        }

        @Override
        Map<String, Object> effective(PoolDataSource pool) {
            // connectionWaitDuration 0 = do not wait at all (UCP has no "forever").
            Duration wait = pool.getConnectionWaitDuration();
            int max = pool.getMaxPoolSize();
            Map<String, Object> map = effectiveMap(max, pool.getMinPoolSize(), pool.getInitialPoolSize(), max,
                    wait == null ? null : wait.toMillis());
            boolean onBorrow = pool.getValidateConnectionOnBorrow();
            int trustSeconds = pool.getSecondsToTrustIdleConnection();
            // Without validation SQL UCP runs its own check (not traced here to the JDBC call it makes).
            String check = pool.getSQLForValidateConnection() == null ? "UCP's own check (no validation SQL)"
                    : "query " + pool.getSQLForValidateConnection();
            map.put(VALIDATION, !onBorrow ? "none on borrow"
                    : trustSeconds > 0 ? check + " on borrow only if idle > " + trustSeconds + " s"
                    : check + " on every borrow");
            map.put(VALIDATION_ON_BORROW, onBorrow);
            map.put(VALIDATION_WINDOW_MILLIS, onBorrow ? trustSeconds * 1000L : null);
            map.put(VALIDATION_WHILE_IDLE, false);
            map.put(EVICTION_PERIOD_MILLIS, pool.getTimeoutCheckInterval() * 1000L);
            map.put(VALIDATION_QUERY, pool.getSQLForValidateConnection());
            // No default-auto-commit setting: the connection factory's (Connector/J's) auto-commit on.
            map.put(AUTO_COMMIT, true);
            map.put(ISOLATION, null);
            map.put(POOL_STATEMENT_CACHING, pool.getMaxStatements() > 0);
            map.put(RESET_ON_RETURN, pool.isCommitOnConnectionReturn()
                    ? "pending work committed on return (commitOnConnectionReturn=true)"
                    : "pending work not committed on return (commitOnConnectionReturn=false)");
            map.put(FAIRNESS, "not configurable (UCP's own borrow queue)");
            map.put(MAX_LIFETIME_MILLIS, pool.getMaxConnectionReuseTime() * 1000L);
            return map;
        }

        @Override
        Map<String, Object> nativeSettings(PoolDataSource pool) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("connectionPoolName", pool.getConnectionPoolName());
            map.put("connectionFactoryClassName", pool.getConnectionFactoryClassName());
            map.put("initialPoolSize", pool.getInitialPoolSize());
            map.put("minPoolSize", pool.getMinPoolSize());
            map.put("maxPoolSize", pool.getMaxPoolSize());
            map.put("minIdle", pool.getMinIdle());
            map.put("connectionWaitDuration", String.valueOf(pool.getConnectionWaitDuration()));
            map.put("validateConnectionOnBorrow", pool.getValidateConnectionOnBorrow());
            map.put("secondsToTrustIdleConnection", pool.getSecondsToTrustIdleConnection());
            map.put("SQLForValidateConnection", pool.getSQLForValidateConnection());
            map.put("connectionValidationTimeout", pool.getConnectionValidationTimeout());
            map.put("inactiveConnectionTimeout", pool.getInactiveConnectionTimeout());
            map.put("maxIdleTime", pool.getMaxIdleTime());
            map.put("timeoutCheckInterval", pool.getTimeoutCheckInterval());
            map.put("timeToLiveConnectionTimeout", pool.getTimeToLiveConnectionTimeout());
            map.put("abandonedConnectionTimeout", pool.getAbandonedConnectionTimeout());
            map.put("maxConnectionReuseTime", pool.getMaxConnectionReuseTime());
            map.put("maxConnectionReuseCount", pool.getMaxConnectionReuseCount());
            map.put("maxStatements", pool.getMaxStatements());
            map.put("commitOnConnectionReturn", pool.isCommitOnConnectionReturn());
            map.put("fastConnectionFailoverEnabled", pool.getFastConnectionFailoverEnabled());
            map.put("createConnectionInBorrowThread", pool.isCreateConnectionInBorrowThread());
            map.put("queryTimeout", pool.getQueryTimeout());
            return map;
        }

        @Override
        Map<String, Object> equalizedExtras(PoolSettings settings) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put(VALIDATION_ON_BORROW, true);
            map.put(VALIDATION_WINDOW_MILLIS, 1_000L);
            map.put(VALIDATION_QUERY, null);
            map.put(RESET_ON_RETURN, "pending work not committed on return (commitOnConnectionReturn=false)");
            return map;
        }

        /** Borrowed, available and (from the statistics, which exist once the pool has started) pending. */
        @Override
        PoolCounters counters(PoolDataSource pool) {
            return new PoolCounters(
                    PoolCounters.guarded(pool::getBorrowedConnectionsCount),
                    PoolCounters.guarded(pool::getAvailableConnectionsCount),
                    () -> {
                        JDBCConnectionPoolStatistics statistics = pool.getStatistics();
                        return statistics == null ? Double.NaN : statistics.getPendingRequestsCount();
                    },
                    pool::getMaxPoolSize);
        }

        @Override
        String equalizedNotes() {
            return "The idle window before a borrow-time check is in whole seconds (secondsToTrustIdleConnection): "
                    + "1 s instead of HikariCP's 500 ms. commitOnConnectionReturn=false: the library default "
                    + "commits pending work on return, no other pool does. No default-auto-commit setting "
                    + "(Connector/J's auto-commit on). Fast Connection Failover off (Oracle RAC only).";
        }
    }
}
