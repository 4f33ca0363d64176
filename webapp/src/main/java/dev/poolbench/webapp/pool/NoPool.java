package dev.poolbench.webapp.pool;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/** Profile {@code nopool}: a new physical connection per getConnection(), the baseline. */
final class NoPool {

    private NoPool() {
    }

    static final class Descriptor extends PoolDescriptor<SimpleDriverDataSource> {

        Descriptor() {
            super(SimpleDriverDataSource.class);
        }

        /** No pool library: Spring's SimpleDriverDataSource opens a connection per request. */
        @Override
        String poolRelease(javax.sql.DataSource dataSource) {
            return "none";
        }

        @Override
        SimpleDriverDataSource create(DatabaseSettings database) {
            SimpleDriverDataSource dataSource = new SimpleDriverDataSource();
            dataSource.setDriverClass(database.driverClass());
            dataSource.setUrl(database.jdbcUrl());
            dataSource.setUsername(database.user());
            dataSource.setPassword(database.password());
            return dataSource;
        }

        @Override
        Map<String, Object> effective(SimpleDriverDataSource pool) {
            Map<String, Object> map = effectiveMap(null, null, null, null, null);
            map.put(VALIDATION, "none (every connection is new)");
            map.put(VALIDATION_ON_BORROW, false);
            map.put(VALIDATION_WINDOW_MILLIS, null);
            map.put(VALIDATION_WHILE_IDLE, false);
            map.put(EVICTION_PERIOD_MILLIS, null);
            map.put(VALIDATION_QUERY, null);
            map.put(AUTO_COMMIT, true);
            map.put(ISOLATION, null);
            map.put(POOL_STATEMENT_CACHING, false);
            map.put(RESET_ON_RETURN, "connection closed on return");
            map.put(FAIRNESS, "n/a (no waiting)");
            map.put(MAX_LIFETIME_MILLIS, null);
            return map;
        }

        @Override
        Map<String, Object> nativeSettings(SimpleDriverDataSource pool) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("driver", pool.getDriver() == null ? null : pool.getDriver().getClass().getName());
            map.put("url", pool.getUrl());
            return map;
        }

        @Override
        Map<String, Object> equalizedExtras(PoolSettings settings) {
            // No pool: size and wait do not apply (expected values are replaced by null).
            Map<String, Object> map = new LinkedHashMap<>();
            map.put(MAX_SIZE, null);
            map.put(MIN_IDLE, null);
            map.put(INITIAL_SIZE, null);
            map.put(MAX_IDLE, null);
            map.put(WAIT_MILLIS, null);
            return map;
        }

        /** None: no pool, nothing kept; the wrapper counts the connections in use. */
        @Override
        PoolCounters counters(SimpleDriverDataSource pool) {
            return null;
        }

        @Override
        boolean keepsConnections() {
            return false;
        }

        @Override
        String equalizedNotes() {
            return "No pool: size and wait do not apply; connection set-up (TCP, handshake, auth, server "
                    + "configuration, prepared statement cache) is paid on every borrow.";
        }
    }
}
