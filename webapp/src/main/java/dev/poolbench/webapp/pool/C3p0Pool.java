package dev.poolbench.webapp.pool;

import com.mchange.v2.c3p0.ComboPooledDataSource;
import java.beans.PropertyVetoException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Profile {@code c3p0}: c3p0 0.11 ({@code ComboPooledDataSource}); equalized values in
 * application-c3p0.properties. The pool starts lazily on the first getConnection().
 */
final class C3p0Pool {

    private C3p0Pool() {
    }

    static final class Descriptor extends PoolDescriptor<ComboPooledDataSource> {

        Descriptor() {
            super(ComboPooledDataSource.class);
        }

        @Override
        ComboPooledDataSource create(DatabaseSettings database) {
            ComboPooledDataSource pool = new ComboPooledDataSource();
            try {
                pool.setDriverClass(database.driverClassName());
            } catch (PropertyVetoException e) {
                throw new IllegalStateException("c3p0 refused the MySQL driver class", e);
            }
            pool.setJdbcUrl(database.jdbcUrl());
            pool.setUser(database.user());
            pool.setPassword(database.password());
            return pool;
        }

        @Override
        Map<String, Object> effective(ComboPooledDataSource pool) {
            // checkoutTimeout 0 = wait forever; c3p0 keeps at least minPoolSize, so that is the min idle.
            int checkout = pool.getCheckoutTimeout();
            Map<String, Object> map = effectiveMap(pool.getMaxPoolSize(), pool.getMinPoolSize(),
                    pool.getInitialPoolSize(), pool.getMaxPoolSize(), checkout == 0 ? -1 : checkout);
            // Without a preferredTestQuery or tester class, c3p0 >= 0.10 tests with Connection.isValid().
            String check = pool.getPreferredTestQuery() == null ? "isValid()" : "query " + pool.getPreferredTestQuery();
            boolean whileIdle = pool.getIdleConnectionTestPeriod() > 0;
            long evictionMillis = pool.getIdleConnectionTestPeriod() * 1000L;
            map.put(VALIDATION, (pool.isTestConnectionOnCheckout() ? check + " on every checkout" : "none on checkout")
                    + (whileIdle ? "; idle connections tested every " + evictionMillis + " ms with " + check : "")
                    + (pool.isTestConnectionOnCheckin() ? "; tested on checkin" : ""));
            map.put(VALIDATION_ON_BORROW, pool.isTestConnectionOnCheckout());
            map.put(VALIDATION_WINDOW_MILLIS, null);
            map.put(VALIDATION_WHILE_IDLE, whileIdle);
            map.put(EVICTION_PERIOD_MILLIS, evictionMillis);
            map.put(VALIDATION_QUERY, pool.getPreferredTestQuery());
            // c3p0 has no default-auto-commit setting: every checkin leaves a connection in auto-commit.
            map.put(AUTO_COMMIT, true);
            map.put(ISOLATION, null);
            map.put(POOL_STATEMENT_CACHING, pool.getMaxStatements() > 0 || pool.getMaxStatementsPerConnection() > 0);
            map.put(RESET_ON_RETURN, (pool.isForceIgnoreUnresolvedTransactions() ? "unresolved work left as is"
                    : pool.isAutoCommitOnClose() ? "unresolved work committed" : "unresolved work rolled back")
                    + "; autoCommit restored to true; isolation, readOnly, catalog, holdability restored if changed");
            map.put(FAIRNESS, "pool-wide lock, waiters woken together (unfair)");
            map.put(MAX_LIFETIME_MILLIS, pool.getMaxConnectionAge() * 1000L);
            return map;
        }

        @Override
        Map<String, Object> nativeSettings(ComboPooledDataSource pool) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("maxPoolSize", pool.getMaxPoolSize());
            map.put("minPoolSize", pool.getMinPoolSize());
            map.put("initialPoolSize", pool.getInitialPoolSize());
            map.put("acquireIncrement", pool.getAcquireIncrement());
            map.put("checkoutTimeout", pool.getCheckoutTimeout());
            map.put("testConnectionOnCheckout", pool.isTestConnectionOnCheckout());
            map.put("testConnectionOnCheckin", pool.isTestConnectionOnCheckin());
            map.put("idleConnectionTestPeriod", pool.getIdleConnectionTestPeriod());
            map.put("preferredTestQuery", pool.getPreferredTestQuery());
            map.put("connectionTesterClassName", pool.getConnectionTesterClassName());
            map.put("connectionIsValidTimeout", pool.getConnectionIsValidTimeout());
            map.put("maxIdleTime", pool.getMaxIdleTime());
            map.put("maxIdleTimeExcessConnections", pool.getMaxIdleTimeExcessConnections());
            map.put("maxConnectionAge", pool.getMaxConnectionAge());
            map.put("maxStatements", pool.getMaxStatements());
            map.put("maxStatementsPerConnection", pool.getMaxStatementsPerConnection());
            map.put("autoCommitOnClose", pool.isAutoCommitOnClose());
            map.put("forceIgnoreUnresolvedTransactions", pool.isForceIgnoreUnresolvedTransactions());
            map.put("acquireRetryAttempts", pool.getAcquireRetryAttempts());
            map.put("acquireRetryDelay", pool.getAcquireRetryDelay());
            map.put("breakAfterAcquireFailure", pool.isBreakAfterAcquireFailure());
            map.put("unreturnedConnectionTimeout", pool.getUnreturnedConnectionTimeout());
            return map;
        }

        @Override
        Map<String, Object> equalizedExtras(PoolSettings settings) {
            return idleValidationEveryFiveSeconds(settings);
        }

        /** evict-read-only turns the checkout test off again: with its check it churned connections (pool-recommended.properties). */
        @Override
        boolean validatesOnBorrowWhenRecommended(PoolSettings settings) {
            return settings.set() != PoolSettingsSet.EVICT_READ_ONLY;
        }

        /** The default user's busy, idle and awaiting-checkout counts (NaN until the pool has started). */
        @Override
        PoolCounters counters(ComboPooledDataSource pool) {
            return new PoolCounters(
                    PoolCounters.guarded(pool::getNumBusyConnectionsDefaultUser),
                    PoolCounters.guarded(pool::getNumIdleConnectionsDefaultUser),
                    PoolCounters.guarded(pool::getNumThreadsAwaitingCheckoutDefaultUser),
                    pool::getMaxPoolSize);
        }

        @Override
        String equalizedNotes() {
            return "No borrow-time idle window: testConnectionOnCheckout would ping on every checkout, so idle "
                    + "connections are tested with isValid() every 5 s instead (idleConnectionTestPeriod, like the "
                    + "DBCPs). No default-auto-commit setting: c3p0 always hands out auto-commit connections. "
                    + "maxIdleTime 0 so the fixed pool never shrinks. Pool-wide lock, waiters woken together.";
        }
    }
}
