package dev.poolbench.webapp.pool;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToIntFunction;

/** Profile {@code hikari}: HikariCP; equalized values in application-hikari.properties. */
final class HikariPool {

    /** HikariCP validates a borrowed connection only when it was idle longer than this (system property). */
    static final String ALIVE_BYPASS_PROPERTY = "com.zaxxer.hikari.aliveBypassWindowMs";

    private HikariPool() {
    }

    static final class Descriptor extends PoolDescriptor<HikariDataSource> {

        Descriptor() {
            super(HikariDataSource.class);
        }

        @Override
        HikariDataSource create(DatabaseSettings database) {
            HikariDataSource pool = new HikariDataSource();
            pool.setDriverClassName(database.driverClassName());
            pool.setJdbcUrl(database.jdbcUrl());
            pool.setUsername(database.user());
            pool.setPassword(database.password());
            return pool;
        }

        @Override
        Map<String, Object> effective(HikariDataSource pool) {
            int max = pool.getMaximumPoolSize();
            // Unset (-1) means "same as maximumPoolSize": HikariCP fills it in when the pool starts.
            int minIdle = pool.getMinimumIdle() < 0 ? max : Math.min(pool.getMinimumIdle(), max);
            Map<String, Object> map = effectiveMap(max, minIdle, minIdle, max, pool.getConnectionTimeout());
            long window = aliveBypassWindowMillis();
            map.put(VALIDATION, "isValid() on borrow only if idle > " + window + " ms"
                    + (pool.getConnectionTestQuery() == null ? "" : " (query " + pool.getConnectionTestQuery() + ")"));
            map.put(VALIDATION_ON_BORROW, true);
            map.put(VALIDATION_WINDOW_MILLIS, window);
            map.put(VALIDATION_WHILE_IDLE, pool.getKeepaliveTime() > 0);
            map.put(EVICTION_PERIOD_MILLIS, 30_000L);
            map.put(VALIDATION_QUERY, pool.getConnectionTestQuery());
            map.put(AUTO_COMMIT, pool.isAutoCommit());
            map.put(ISOLATION, pool.getTransactionIsolation());
            map.put(POOL_STATEMENT_CACHING, false);
            map.put(RESET_ON_RETURN, "rollback if dirty; resets only changed state (autoCommit, readOnly, isolation, catalog, schema, timeout)");
            map.put(FAIRNESS, "unfair (ConcurrentBag: thread-local list, shared list, hand-off queue)");
            map.put(MAX_LIFETIME_MILLIS, pool.getMaxLifetime());
            return map;
        }

        @Override
        Map<String, Object> nativeSettings(HikariDataSource pool) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("poolName", pool.getPoolName());
            map.put("maximumPoolSize", pool.getMaximumPoolSize());
            map.put("minimumIdle", pool.getMinimumIdle());
            map.put("connectionTimeout", pool.getConnectionTimeout());
            map.put("validationTimeout", pool.getValidationTimeout());
            map.put("idleTimeout", pool.getIdleTimeout());
            map.put("maxLifetime", pool.getMaxLifetime());
            map.put("keepaliveTime", pool.getKeepaliveTime());
            map.put("connectionTestQuery", pool.getConnectionTestQuery());
            map.put("exceptionOverrideClassName", pool.getExceptionOverrideClassName());
            map.put("autoCommit", pool.isAutoCommit());
            map.put("transactionIsolation", pool.getTransactionIsolation());
            map.put("readOnly", pool.isReadOnly());
            map.put("leakDetectionThreshold", pool.getLeakDetectionThreshold());
            map.put("initializationFailTimeout", pool.getInitializationFailTimeout());
            map.put("registerMbeans", pool.isRegisterMbeans());
            map.put("metricsTrackerFactory", pool.getMetricsTrackerFactory() == null ? null
                    : pool.getMetricsTrackerFactory().getClass().getName());
            map.put(ALIVE_BYPASS_PROPERTY, aliveBypassWindowMillis());
            return map;
        }

        @Override
        Map<String, Object> equalizedExtras(PoolSettings settings) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put(VALIDATION_ON_BORROW, true);
            map.put(VALIDATION_WINDOW_MILLIS, 500L);
            return map;
        }

        /** HikariPoolMXBean's counts; the bean is null until the pool has started (lazily, on the first getConnection()). */
        @Override
        PoolCounters counters(HikariDataSource pool) {
            return new PoolCounters(
                    () -> mxBean(pool, HikariPoolMXBean::getActiveConnections),
                    () -> mxBean(pool, HikariPoolMXBean::getIdleConnections),
                    () -> mxBean(pool, HikariPoolMXBean::getThreadsAwaitingConnection),
                    pool::getMaximumPoolSize);
        }

        private static double mxBean(HikariDataSource pool, ToIntFunction<HikariPoolMXBean> read) {
            HikariPoolMXBean bean = pool.getHikariPoolMXBean();
            return bean == null ? Double.NaN : read.applyAsInt(bean);
        }

        @Override
        String equalizedNotes() {
            return "Borrow validation cannot be switched off; it runs isValid() only after 500 ms idle. "
                    + "Keeps its 30 min max lifetime, 2 min keepalive and 30 s housekeeper (no other pool has them; "
                    + "irrelevant within a 60 s run). Unfair hand-off.";
        }

        private static long aliveBypassWindowMillis() {
            return Long.getLong(ALIVE_BYPASS_PROPERTY, 500L);
        }
    }
}
