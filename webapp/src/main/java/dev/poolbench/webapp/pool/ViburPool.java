package dev.poolbench.webapp.pool;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.LoggerFactory;
import org.vibur.dbcp.ViburDBCPDataSource;
import org.vibur.dbcp.ViburDataSource;

/**
 * Profile {@code vibur}: Vibur DBCP 26; equalized values in application-vibur.properties. Unlike
 * the others it must be started explicitly after it is configured ({@link StartedWhenReachable}),
 * and terminated (close()).
 */
final class ViburPool {

    private ViburPool() {
    }

    /**
     * Vibur's start() opens the initial connections and, when it cannot, terminates the pool for
     * good. Every other pool starts while its database is down and serves once it is back, so this
     * one starts only once the database answers: at start-up when it does, else at the first
     * getConnection() after it does (until then each call fails like a pool wait, a 503). Between
     * the check and start() the database could go away again; start() then fails for good, which
     * the log says.
     */
    static final class StartedWhenReachable extends ViburDBCPDataSource {

        @Override
        public Connection getConnection() throws SQLException {
            if (getState() == ViburDataSource.State.NEW) {
                startWhenReachable();
            }
            return super.getConnection();
        }

        synchronized void startWhenReachable() throws SQLException {
            if (getState() != ViburDataSource.State.NEW) {
                return;
            }
            try (Connection probe = DriverManager.getConnection(getJdbcUrl(), getUsername(), getPassword())) {
                start();
            }
        }
    }

    static final class Descriptor extends PoolDescriptor<ViburDBCPDataSource> {

        Descriptor() {
            super(ViburDBCPDataSource.class);
        }

        @Override
        ViburDBCPDataSource create(DatabaseSettings database) {
            ViburDBCPDataSource pool = new StartedWhenReachable();
            pool.setDriverClassName(database.driverClassName());
            pool.setJdbcUrl(database.jdbcUrl());
            pool.setUsername(database.user());
            pool.setPassword(database.password());
            return pool;
        }

        @Override
        ViburDBCPDataSource start(ViburDBCPDataSource pool) {
            try {
                ((StartedWhenReachable) pool).startWhenReachable();
            } catch (SQLException e) {
                LoggerFactory.getLogger(ViburPool.class).warn(
                        "Database not reachable, Vibur starts at the first getConnection() once it is: {}", e.toString());
            }
            return pool;
        }

        @Override
        Map<String, Object> effective(ViburDBCPDataSource pool) {
            // The pool never shrinks below poolInitialSize (its reducer stops there): that is the min idle.
            Map<String, Object> map = effectiveMap(pool.getPoolMaxSize(), pool.getPoolInitialSize(),
                    pool.getPoolInitialSize(), pool.getPoolMaxSize(), pool.getConnectionTimeoutInMs());
            int idleLimitSeconds = pool.getConnectionIdleLimitInSeconds();
            String query = pool.getTestConnectionQuery();
            String check = query == null || query.equals("isValid") ? "isValid()" : "query " + query;
            boolean onBorrow = idleLimitSeconds >= 0;
            map.put(VALIDATION, !onBorrow ? "none on borrow"
                    : idleLimitSeconds == 0 ? check + " on every borrow"
                    : check + " on borrow only if idle >= " + idleLimitSeconds + " s");
            map.put(VALIDATION_ON_BORROW, onBorrow);
            map.put(VALIDATION_WINDOW_MILLIS, onBorrow ? idleLimitSeconds * 1000L : null);
            map.put(VALIDATION_WHILE_IDLE, false);
            map.put(EVICTION_PERIOD_MILLIS, pool.getReducerTimeIntervalInSeconds() * 1000L);
            map.put(VALIDATION_QUERY, query == null || query.equals("isValid") ? null : query);
            map.put(AUTO_COMMIT, pool.getDefaultAutoCommit() == null || pool.getDefaultAutoCommit());
            map.put(ISOLATION, pool.getDefaultTransactionIsolationIntValue() == null ? null
                    : isolationName(pool.getDefaultTransactionIsolationIntValue()));
            map.put(POOL_STATEMENT_CACHING, pool.getStatementCacheMaxSize() > 0);
            map.put(RESET_ON_RETURN, pool.isResetDefaultsAfterUse()
                    ? "defaults re-applied after every use (resetDefaultsAfterUse: autoCommit "
                            + pool.getDefaultAutoCommit() + ")"
                    : "nothing re-applied (resetDefaultsAfterUse=false)");
            map.put(FAIRNESS, pool.isPoolFair() ? "FIFO (poolFair=true)" : "unfair (poolFair=false)");
            map.put(MAX_LIFETIME_MILLIS, 0L);
            return map;
        }

        @Override
        Map<String, Object> nativeSettings(ViburDBCPDataSource pool) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("name", pool.getName());
            map.put("poolInitialSize", pool.getPoolInitialSize());
            map.put("poolMaxSize", pool.getPoolMaxSize());
            map.put("poolFair", pool.isPoolFair());
            map.put("connectionTimeoutInMs", pool.getConnectionTimeoutInMs());
            map.put("loginTimeoutInSeconds", pool.getLoginTimeoutInSeconds());
            map.put("connectionIdleLimitInSeconds", pool.getConnectionIdleLimitInSeconds());
            map.put("testConnectionQuery", pool.getTestConnectionQuery());
            map.put("validateTimeoutInSeconds", pool.getValidateTimeoutInSeconds());
            map.put("useNetworkTimeout", pool.isUseNetworkTimeout());
            map.put("reducerTimeIntervalInSeconds", pool.getReducerTimeIntervalInSeconds());
            map.put("reducerSamples", pool.getReducerSamples());
            map.put("defaultAutoCommit", pool.getDefaultAutoCommit());
            map.put("defaultTransactionIsolation", pool.getDefaultTransactionIsolation());
            map.put("resetDefaultsAfterUse", pool.isResetDefaultsAfterUse());
            map.put("clearSQLWarnings", pool.isClearSQLWarnings());
            map.put("statementCacheMaxSize", pool.getStatementCacheMaxSize());
            map.put("acquireRetryAttempts", pool.getAcquireRetryAttempts());
            map.put("acquireRetryDelayInMs", pool.getAcquireRetryDelayInMs());
            map.put("enableJMX", pool.isEnableJMX());
            map.put("logQueryExecutionLongerThanMs", pool.getLogQueryExecutionLongerThanMs());
            map.put("logConnectionLongerThanMs", pool.getLogConnectionLongerThanMs());
            map.put("logLargeResultSet", pool.getLogLargeResultSet());
            map.put("state", String.valueOf(pool.getState()));
            return map;
        }

        @Override
        Map<String, Object> equalizedExtras(PoolSettings settings) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put(VALIDATION_ON_BORROW, true);
            map.put(VALIDATION_WINDOW_MILLIS, 1_000L);
            map.put(VALIDATION_QUERY, null);
            return map;
        }

        /** The inner pool's taken() and remainingCreated(), null until start(); Vibur counts no waiting threads. */
        @Override
        PoolCounters counters(ViburDBCPDataSource pool) {
            return new PoolCounters(
                    () -> pool.getPool() == null ? Double.NaN : pool.getPool().taken(),
                    () -> pool.getPool() == null ? Double.NaN : pool.getPool().remainingCreated(),
                    null,
                    pool::getPoolMaxSize);
        }

        @Override
        String equalizedNotes() {
            return "The idle window before a borrow-time isValid() is in whole seconds: 1 s instead of HikariCP's "
                    + "500 ms (0 would ping on every borrow). defaultAutoCommit=true with resetDefaultsAfterUse, "
                    + "so auto-commit is re-applied after every use (no round trip: elideSetAutoCommits). "
                    + "Its reducer runs every 30 s but never below poolInitialSize = N. Its per-call logging hooks "
                    + "(slow query, long-held connection, large ResultSet) are off. FIFO fair waiters "
                    + "(library default).";
        }
    }
}
