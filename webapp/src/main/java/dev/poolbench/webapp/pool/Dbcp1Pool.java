package dev.poolbench.webapp.pool;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.dbcp.BasicDataSource;

/**
 * Profile {@code dbcp}: Commons DBCP 1.4, which Spring Boot no longer supports, wired here with its
 * own prefix; equalized values in application-dbcp.properties. Compiled for JDBC 4.0: its wrappers
 * throw AbstractMethodError on JDBC 4.1 methods (getSchema, getNetworkTimeout, getObject(int, Class)),
 * so the app reads columns with plain getters and uses its own health check.
 */
final class Dbcp1Pool {

    private Dbcp1Pool() {
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
            Map<String, Object> map = effectiveMap(pool.getMaxActive(), pool.getMinIdle(), pool.getInitialSize(),
                    pool.getMaxIdle(), pool.getMaxWait());
            // DBCP 1.4 cannot validate without a query: testOnBorrow/testWhileIdle are ignored then.
            boolean hasQuery = pool.getValidationQuery() != null;
            boolean onBorrow = hasQuery && pool.getTestOnBorrow();
            boolean whileIdle = hasQuery && pool.getTestWhileIdle() && pool.getTimeBetweenEvictionRunsMillis() > 0;
            map.put(VALIDATION, (onBorrow ? "query " + pool.getValidationQuery() + " on every borrow" : "none on borrow")
                    + (whileIdle ? "; idle connections tested every " + pool.getTimeBetweenEvictionRunsMillis()
                            + " ms with " + pool.getValidationQuery() : ""));
            map.put(VALIDATION_ON_BORROW, onBorrow);
            map.put(VALIDATION_WINDOW_MILLIS, null);
            map.put(VALIDATION_WHILE_IDLE, whileIdle);
            map.put(EVICTION_PERIOD_MILLIS, pool.getTimeBetweenEvictionRunsMillis());
            map.put(VALIDATION_QUERY, pool.getValidationQuery());
            map.put(AUTO_COMMIT, pool.getDefaultAutoCommit());
            map.put(ISOLATION, isolationName(pool.getDefaultTransactionIsolation()));
            map.put(POOL_STATEMENT_CACHING, pool.isPoolPreparedStatements());
            map.put(RESET_ON_RETURN, "rollback unless autoCommit or readOnly; clearWarnings; autoCommit re-applied on borrow");
            map.put(FAIRNESS, "FIFO allocation queue, whole pool synchronized (commons-pool 1.5)");
            map.put(MAX_LIFETIME_MILLIS, 0L);
            return map;
        }

        @Override
        Map<String, Object> nativeSettings(BasicDataSource pool) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("maxActive", pool.getMaxActive());
            map.put("maxIdle", pool.getMaxIdle());
            map.put("minIdle", pool.getMinIdle());
            map.put("initialSize", pool.getInitialSize());
            map.put("maxWait", pool.getMaxWait());
            map.put("testOnBorrow", pool.getTestOnBorrow());
            map.put("testOnReturn", pool.getTestOnReturn());
            map.put("testWhileIdle", pool.getTestWhileIdle());
            map.put("validationQuery", pool.getValidationQuery());
            map.put("validationQueryTimeout", pool.getValidationQueryTimeout());
            map.put("timeBetweenEvictionRunsMillis", pool.getTimeBetweenEvictionRunsMillis());
            map.put("numTestsPerEvictionRun", pool.getNumTestsPerEvictionRun());
            map.put("minEvictableIdleTimeMillis", pool.getMinEvictableIdleTimeMillis());
            map.put("defaultAutoCommit", pool.getDefaultAutoCommit());
            map.put("defaultTransactionIsolation", pool.getDefaultTransactionIsolation());
            map.put("poolPreparedStatements", pool.isPoolPreparedStatements());
            map.put("maxOpenPreparedStatements", pool.getMaxOpenPreparedStatements());
            map.put("removeAbandoned", pool.getRemoveAbandoned());
            return map;
        }

        @Override
        Map<String, Object> equalizedExtras(PoolSettings settings) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put(VALIDATION_ON_BORROW, false);
            map.put(VALIDATION_WHILE_IDLE, true);
            map.put(EVICTION_PERIOD_MILLIS, 5_000L);
            map.put(VALIDATION_QUERY, settings.readOnlyCheck() != null ? settings.readOnlyCheck() : "/* ping */ SELECT 1");
            return map;
        }

        /** getNumActive, getNumIdle; DBCP 1.4 counts no waiting threads (the wrapper does). */
        @Override
        PoolCounters counters(BasicDataSource pool) {
            return new PoolCounters(pool::getNumActive, pool::getNumIdle, null, pool::getMaxActive);
        }

        @Override
        String equalizedNotes() {
            return "No borrow-time idle window: idle connections are tested in the background every 5 s "
                    + "(testWhileIdle, '/* ping */ SELECT 1' = a COM_PING in Connector/J; DBCP 1.4 has no isValid()). "
                    + "minEvictableIdleTimeMillis=-1 so the fixed pool never shrinks. FIFO waiters, pool-wide lock.";
        }
    }
}
