package dev.poolbench.webapp.pool;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.dbcp2.BasicDataSource;

/** Profile {@code dbcp2}: Commons DBCP2; equalized values in application-dbcp2.properties. */
final class Dbcp2Pool {

    private Dbcp2Pool() {
    }

    static final class Descriptor extends PoolDescriptor<BasicDataSource> {

        Descriptor() {
            super(BasicDataSource.class);
        }

        @Override
        BasicDataSource create(DatabaseSettings database) {
            BasicDataSource pool = new BasicDataSource();
            pool.setDriverClassName(database.driverClassName());
            pool.setUrl(database.jdbcUrl());
            pool.setUsername(database.user());
            pool.setPassword(database.password());
            return pool;
        }

        @Override
        Map<String, Object> effective(BasicDataSource pool) {
            Map<String, Object> map = effectiveMap(pool.getMaxTotal(), pool.getMinIdle(), pool.getInitialSize(),
                    pool.getMaxIdle(), millis(pool.getMaxWaitDuration()));
            String check = pool.getValidationQuery() == null ? "isValid()" : "query " + pool.getValidationQuery();
            long evictionMillis = millis(pool.getDurationBetweenEvictionRuns());
            boolean whileIdle = pool.getTestWhileIdle() && evictionMillis > 0;
            map.put(VALIDATION, (pool.getTestOnBorrow() ? check + " on every borrow" : "none on borrow")
                    + (whileIdle ? "; idle connections tested every " + evictionMillis + " ms with " + check : ""));
            map.put(VALIDATION_ON_BORROW, pool.getTestOnBorrow());
            map.put(VALIDATION_WINDOW_MILLIS, null);
            map.put(VALIDATION_WHILE_IDLE, whileIdle);
            map.put(EVICTION_PERIOD_MILLIS, evictionMillis);
            map.put(VALIDATION_QUERY, pool.getValidationQuery());
            map.put(AUTO_COMMIT, pool.getDefaultAutoCommit());
            map.put(ISOLATION, isolationName(pool.getDefaultTransactionIsolation()));
            map.put(POOL_STATEMENT_CACHING, pool.isPoolPreparedStatements());
            map.put(RESET_ON_RETURN, (pool.getRollbackOnReturn() ? "rollback unless autoCommit or readOnly" : "no rollback")
                    + (pool.getAutoCommitOnReturn() ? "; autoCommit reset to true" : "")
                    + "; clearWarnings; defaults re-applied on borrow");
            map.put(FAIRNESS, (pool.getLifo() ? "LIFO" : "FIFO") + " idle order, unfair waiters (commons-pool2 fairness=false)");
            map.put(MAX_LIFETIME_MILLIS, Math.max(0L, millis(pool.getMaxConnDuration())));
            return map;
        }

        @Override
        Map<String, Object> nativeSettings(BasicDataSource pool) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("maxTotal", pool.getMaxTotal());
            map.put("maxIdle", pool.getMaxIdle());
            map.put("minIdle", pool.getMinIdle());
            map.put("initialSize", pool.getInitialSize());
            map.put("maxWait", String.valueOf(pool.getMaxWaitDuration()));
            map.put("testOnBorrow", pool.getTestOnBorrow());
            map.put("testOnReturn", pool.getTestOnReturn());
            map.put("testWhileIdle", pool.getTestWhileIdle());
            map.put("validationQuery", pool.getValidationQuery());
            map.put("validationQueryTimeout", String.valueOf(pool.getValidationQueryTimeoutDuration()));
            map.put("durationBetweenEvictionRuns", String.valueOf(pool.getDurationBetweenEvictionRuns()));
            map.put("numTestsPerEvictionRun", pool.getNumTestsPerEvictionRun());
            map.put("minEvictableIdleDuration", String.valueOf(pool.getMinEvictableIdleDuration()));
            map.put("maxConnDuration", String.valueOf(pool.getMaxConnDuration()));
            map.put("defaultAutoCommit", pool.getDefaultAutoCommit());
            map.put("defaultTransactionIsolation", pool.getDefaultTransactionIsolation());
            map.put("rollbackOnReturn", pool.getRollbackOnReturn());
            map.put("autoCommitOnReturn", pool.getAutoCommitOnReturn());
            map.put("cacheState", pool.getCacheState());
            map.put("poolPreparedStatements", pool.isPoolPreparedStatements());
            map.put("lifo", pool.getLifo());
            map.put("fastFailValidation", pool.getFastFailValidation());
            map.put("jmxName", pool.getJmxName());
            return map;
        }

        @Override
        Map<String, Object> equalizedExtras(PoolSettings settings) {
            return idleValidationEveryFiveSeconds(settings);
        }

        /** getNumActive, getNumIdle; DBCP2 counts no waiting threads (the wrapper does). */
        @Override
        PoolCounters counters(BasicDataSource pool) {
            return new PoolCounters(pool::getNumActive, pool::getNumIdle, null, pool::getMaxTotal);
        }

        @Override
        String equalizedNotes() {
            return "No borrow-time idle window: testOnBorrow is off (its default isValid() ping on every borrow would "
                    + "cost a round trip per borrow) and idle connections are tested with isValid() every 5 s "
                    + "(testWhileIdle). minEvictableIdle=-1 so the fixed pool never shrinks. LIFO, unfair waiters.";
        }

        private static long millis(Duration duration) {
            return duration == null ? -1L : duration.toMillis();
        }
    }
}
