package dev.poolbench.webapp.pool;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.tomcat.jdbc.pool.DataSource;
import org.apache.tomcat.jdbc.pool.PoolProperties;

/** Profile {@code tomcat}: Tomcat JDBC Pool; equalized values in application-tomcat.properties. */
final class TomcatPool {

    private TomcatPool() {
    }

    static final class Descriptor extends PoolDescriptor<DataSource> {

        Descriptor() {
            super(DataSource.class);
        }

        @Override
        DataSource create(DatabaseSettings database) {
            // Plain library defaults: Spring Boot's own Tomcat wiring would also switch on
            // testOnBorrow with a validation query, which "defaults" mode deliberately does not do.
            PoolProperties properties = new PoolProperties();
            properties.setDriverClassName(database.driverClassName());
            properties.setUrl(database.jdbcUrl());
            properties.setUsername(database.user());
            properties.setPassword(database.password());
            return new DataSource(properties);
        }

        @Override
        Map<String, Object> effective(DataSource pool) {
            Map<String, Object> map = effectiveMap(pool.getMaxActive(), pool.getMinIdle(), pool.getInitialSize(),
                    pool.getMaxIdle(), pool.getMaxWait());
            boolean onBorrow = pool.isTestOnBorrow();
            String check = pool.getValidationQuery() == null ? "isValid()" : "query " + pool.getValidationQuery();
            map.put(VALIDATION, (onBorrow
                    ? check + " on borrow at most once per " + pool.getValidationInterval() + " ms per connection"
                    : "none on borrow")
                    + (pool.isTestWhileIdle() ? "; idle test every " + pool.getTimeBetweenEvictionRunsMillis() + " ms" : ""));
            map.put(VALIDATION_ON_BORROW, onBorrow);
            map.put(VALIDATION_WINDOW_MILLIS, onBorrow ? pool.getValidationInterval() : null);
            map.put(VALIDATION_WHILE_IDLE, pool.isTestWhileIdle());
            map.put(EVICTION_PERIOD_MILLIS, (long) pool.getTimeBetweenEvictionRunsMillis());
            map.put(VALIDATION_QUERY, pool.getValidationQuery());
            map.put(AUTO_COMMIT, pool.getDefaultAutoCommit());
            map.put(ISOLATION, isolationName(pool.getDefaultTransactionIsolation()));
            String interceptors = pool.getJdbcInterceptors();
            map.put(POOL_STATEMENT_CACHING, interceptors != null && interceptors.contains("StatementCache"));
            boolean connectionState = interceptors != null && interceptors.contains("ConnectionState");
            map.put(RESET_ON_RETURN, (connectionState
                    ? "ConnectionState interceptor: re-applies autoCommit/readOnly/isolation/catalog when changed"
                    : "nothing (no ConnectionState interceptor)")
                    + (pool.getRollbackOnReturn() ? "; rollback on return when autoCommit is off" : ""));
            map.put(FAIRNESS, pool.isFairQueue() ? "FIFO (fairQueue=true)" : "unfair (fairQueue=false)");
            map.put(MAX_LIFETIME_MILLIS, pool.getMaxAge());
            return map;
        }

        @Override
        Map<String, Object> nativeSettings(DataSource pool) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("maxActive", pool.getMaxActive());
            map.put("maxIdle", pool.getMaxIdle());
            map.put("minIdle", pool.getMinIdle());
            map.put("initialSize", pool.getInitialSize());
            map.put("maxWait", pool.getMaxWait());
            map.put("testOnBorrow", pool.isTestOnBorrow());
            map.put("testOnReturn", pool.isTestOnReturn());
            map.put("testWhileIdle", pool.isTestWhileIdle());
            map.put("validationQuery", pool.getValidationQuery());
            map.put("validationInterval", pool.getValidationInterval());
            map.put("validationQueryTimeout", pool.getValidationQueryTimeout());
            map.put("timeBetweenEvictionRunsMillis", pool.getTimeBetweenEvictionRunsMillis());
            map.put("minEvictableIdleTimeMillis", pool.getMinEvictableIdleTimeMillis());
            map.put("maxAge", pool.getMaxAge());
            map.put("defaultAutoCommit", pool.getDefaultAutoCommit());
            map.put("defaultTransactionIsolation", pool.getDefaultTransactionIsolation());
            map.put("rollbackOnReturn", pool.getRollbackOnReturn());
            map.put("commitOnReturn", pool.getCommitOnReturn());
            map.put("jdbcInterceptors", pool.getJdbcInterceptors());
            map.put("fairQueue", pool.isFairQueue());
            map.put("useLock", pool.getUseLock());
            map.put("jmxEnabled", pool.isJmxEnabled());
            map.put("useDisposableConnectionFacade", pool.getUseDisposableConnectionFacade());
            return map;
        }

        @Override
        Map<String, Object> equalizedExtras(PoolSettings settings) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put(VALIDATION_ON_BORROW, true);
            map.put(VALIDATION_WINDOW_MILLIS, 500L);
            map.put(VALIDATION_QUERY, settings.readOnlyCheck());
            // keepalive: its cleaner tests every idle connection (isValid(), no validationQuery).
            map.put(VALIDATION_WHILE_IDLE, settings.keepalive());
            map.put(RESET_ON_RETURN,
                    "ConnectionState interceptor: re-applies autoCommit/readOnly/isolation/catalog when changed");
            return map;
        }

        /** getActive, getIdle, getWaitCount; the inner pool is null until the first getConnection(). */
        @Override
        PoolCounters counters(DataSource pool) {
            return new PoolCounters(
                    () -> pool.getPool() == null ? Double.NaN : pool.getActive(),
                    () -> pool.getPool() == null ? Double.NaN : pool.getIdle(),
                    () -> pool.getPool() == null ? Double.NaN : pool.getWaitCount(),
                    pool::getMaxActive);
        }

        @Override
        String equalizedNotes() {
            return "No 'validate only after idle' option: testOnBorrow with validationInterval=500 ms validates a "
                    + "connection at most once per 500 ms (isValid()), the closest to HikariCP's 500 ms idle window. "
                    + "Clean-up on return added with the ConnectionState interceptor. FIFO fair queue (library default).";
        }
    }
}
