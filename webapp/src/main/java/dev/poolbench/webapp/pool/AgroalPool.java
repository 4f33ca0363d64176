package dev.poolbench.webapp.pool;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.AgroalConnectionFactoryConfiguration;
import io.agroal.api.configuration.AgroalConnectionPoolConfiguration;
import io.agroal.api.configuration.AgroalConnectionPoolConfiguration.ConnectionValidator;
import io.agroal.api.configuration.AgroalConnectionPoolConfiguration.ExceptionSorter;
import io.agroal.api.configuration.supplier.AgroalConnectionPoolConfigurationSupplier;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.exceptionsorter.MySQLExceptionSorter;
import io.agroal.api.exceptionsorter.PostgreSQLExceptionSorter;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Profile {@code agroal}: Agroal 2.8 (Quarkus's pool); equalized values in
 * application-agroal.properties. Its configuration is immutable once the pool is built, so the
 * equalized properties bind onto {@link Equalized} and the pool is built from that.
 */
final class AgroalPool {

    /**
     * Agroal has no default maximum (building without one throws "max size attribute is
     * mandatory"); defaults mode uses Quarkus's default max-size, the way most users get Agroal.
     */
    static final int DEFAULTS_MAX_SIZE = 20;

    private AgroalPool() {
    }

    /** The equalized settings ({@code poolbench.equalized.*}), as a bean Spring can bind onto. */
    static final class Equalized {
        private int maxSize = DEFAULTS_MAX_SIZE;
        private int minSize;
        private int initialSize;
        private Duration acquisitionTimeout = Duration.ZERO;
        private Duration idleValidationTimeout = Duration.ZERO;
        private Duration validationTimeout = Duration.ZERO;
        private boolean validateOnBorrow;
        private boolean isValidValidator;
        private boolean databaseExceptionSorter;
        private boolean readOnlyExceptionSorter;
        private boolean autoCommit = true;
        private Duration isValidTimeout = Duration.ZERO;
        private Duration maxLifetime = Duration.ZERO;

        public void setMaxSize(int maxSize) {
            this.maxSize = maxSize;
        }

        public void setMinSize(int minSize) {
            this.minSize = minSize;
        }

        public void setInitialSize(int initialSize) {
            this.initialSize = initialSize;
        }

        public void setAcquisitionTimeout(Duration acquisitionTimeout) {
            this.acquisitionTimeout = acquisitionTimeout;
        }

        public void setIdleValidationTimeout(Duration idleValidationTimeout) {
            this.idleValidationTimeout = idleValidationTimeout;
        }

        /** Agroal's name for the interval of its background validation of every idle connection (zero: none). */
        public void setValidationTimeout(Duration validationTimeout) {
            this.validationTimeout = validationTimeout;
        }

        public void setValidateOnBorrow(boolean validateOnBorrow) {
            this.validateOnBorrow = validateOnBorrow;
        }

        /** true: {@code ConnectionValidator.defaultValidator()} (isValid()); false: the library's default, none. */
        public void setIsValidValidator(boolean isValidValidator) {
            this.isValidValidator = isValidValidator;
        }

        /**
         * true: Agroal's sorter of the server ({@code MySQLExceptionSorter}, or
         * {@code PostgreSQLExceptionSorter} with pgjdbc), so a connection that failed with a
         * connection-level error is destroyed instead of handed out again (the library's default
         * treats no error as fatal; Quarkus sets this sorter for MySQL itself).
         */
        public void setDatabaseExceptionSorter(boolean databaseExceptionSorter) {
            this.databaseExceptionSorter = databaseExceptionSorter;
        }

        /**
         * true (evict-read-only): the sorter also takes a read-only server's refusal ({@link ReadOnlyServer})
         * for fatal, so the connection is destroyed when it is returned: Agroal validates a borrowed
         * connection only after 500 ms idle, with isValid(), which a read-only server passes.
         */
        public void setReadOnlyExceptionSorter(boolean readOnlyExceptionSorter) {
            this.readOnlyExceptionSorter = readOnlyExceptionSorter;
        }

        public void setAutoCommit(boolean autoCommit) {
            this.autoCommit = autoCommit;
        }

        /** The isValid() validator's timeout (whole seconds; zero: none, the library's default validator). */
        public void setIsValidTimeout(Duration isValidTimeout) {
            this.isValidTimeout = isValidTimeout;
        }

        public void setMaxLifetime(Duration maxLifetime) {
            this.maxLifetime = maxLifetime;
        }

        AgroalConnectionPoolConfigurationSupplier apply(AgroalConnectionPoolConfigurationSupplier pool,
                DatabaseSettings database) {
            pool.maxSize(maxSize).minSize(minSize).initialSize(initialSize)
                    .acquisitionTimeout(acquisitionTimeout).idleValidationTimeout(idleValidationTimeout)
                    .validationTimeout(validationTimeout)
                    .validateOnBorrow(validateOnBorrow).maxLifetime(maxLifetime);
            if (isValidValidator) {
                pool.connectionValidator(isValidTimeout.isZero() ? ConnectionValidator.defaultValidator()
                        : ConnectionValidator.defaultValidatorWithTimeout((int) isValidTimeout.toSeconds()));
            }
            ExceptionSorter sorter = !databaseExceptionSorter ? null
                    : database.postgres() ? new PostgreSQLExceptionSorter() : new MySQLExceptionSorter();
            if (readOnlyExceptionSorter) {
                sorter = new ReadOnlyExceptionSorter(sorter != null ? sorter : ExceptionSorter.defaultExceptionSorter());
            }
            if (sorter != null) {
                pool.exceptionSorter(sorter);
            }
            pool.connectionFactoryConfiguration(factory -> factory.autoCommit(autoCommit));
            return pool;
        }
    }

    /** The database's sorter, and a read-only server's refusal fatal too (named in the read-back). */
    record ReadOnlyExceptionSorter(ExceptionSorter database) implements ExceptionSorter {
        @Override
        public boolean isFatal(SQLException se) {
            return database.isFatal(se) || ReadOnlyServer.refused(se);
        }
    }

    static final class Descriptor extends PoolDescriptor<AgroalDataSource> {

        Descriptor() {
            super(AgroalDataSource.class);
        }

        @Override
        AgroalDataSource create(DatabaseSettings database) {
            return build(database, pool -> pool.maxSize(DEFAULTS_MAX_SIZE));
        }

        @Override
        AgroalDataSource createEqualized(DatabaseSettings database, PoolBinding binding) {
            Equalized equalized = binding.onto(new Equalized());
            return build(database, pool -> equalized.apply(pool, database));
        }

        private static AgroalDataSource build(DatabaseSettings database,
                UnaryOperator<AgroalConnectionPoolConfigurationSupplier> pool) {
            AgroalDataSourceConfigurationSupplier configuration = new AgroalDataSourceConfigurationSupplier()
                    .connectionPoolConfiguration(cp -> pool.apply(cp.connectionFactoryConfiguration(factory -> factory
                            .connectionProviderClassName(database.driverClassName())
                            .jdbcUrl(database.jdbcUrl())
                            .principal(new NamePrincipal(database.user()))
                            .credential(new SimplePassword(database.password())))));
            try {
                // Opens initialSize connections in the background; a database that is down is not fatal.
                return AgroalDataSource.from(configuration);
            } catch (SQLException e) {
                throw new IllegalStateException("Agroal could not build the pool: " + e.getMessage(), e);
            }
        }

        @Override
        Map<String, Object> effective(AgroalDataSource dataSource) {
            AgroalConnectionPoolConfiguration pool = dataSource.getConfiguration().connectionPoolConfiguration();
            AgroalConnectionFactoryConfiguration factory = pool.connectionFactoryConfiguration();
            Duration acquisition = pool.acquisitionTimeout();
            Map<String, Object> map = effectiveMap(pool.maxSize(), pool.minSize(), pool.initialSize(), pool.maxSize(),
                    acquisition.isZero() ? -1L : acquisition.toMillis());
            String check = validatorName(pool.connectionValidator());
            long idleWindowMillis = pool.idleValidationTimeout().toMillis();
            // Agroal ignores the idle window when validateOnBorrow is on (then every borrow is validated).
            boolean onBorrow = pool.validateOnBorrow() || idleWindowMillis > 0;
            long backgroundMillis = pool.validationTimeout().toMillis();
            map.put(VALIDATION, (pool.validateOnBorrow() ? check + " on every borrow"
                    : idleWindowMillis > 0 ? check + " on borrow only if idle > " + idleWindowMillis + " ms"
                    : "none on borrow")
                    + (backgroundMillis > 0 ? "; idle connections tested every " + backgroundMillis + " ms" : ""));
            map.put(VALIDATION_ON_BORROW, onBorrow);
            // Boxed on purpose: a long in this ternary would unbox the null and throw.
            Long window = pool.validateOnBorrow() ? Long.valueOf(0L)
                    : idleWindowMillis > 0 ? Long.valueOf(idleWindowMillis) : null;
            map.put(VALIDATION_WINDOW_MILLIS, window);
            map.put(VALIDATION_WHILE_IDLE, backgroundMillis > 0);
            map.put(EVICTION_PERIOD_MILLIS, pool.reapTimeout().toMillis());
            map.put(VALIDATION_QUERY, null);
            map.put(AUTO_COMMIT, factory.autoCommit());
            map.put(ISOLATION, factory.jdbcTransactionIsolation().isDefined()
                    ? isolationName(factory.jdbcTransactionIsolation().level()) : null);
            map.put(POOL_STATEMENT_CACHING, false);
            map.put(RESET_ON_RETURN, "Agroal's own reset of changed connection state (not configurable); "
                    + "open JDBC resources closed (trackJdbcResources " + factory.trackJdbcResources() + ")");
            map.put(FAIRNESS, "thread-local cache of the last connection, then a shared list; waiters unfair");
            map.put(MAX_LIFETIME_MILLIS, pool.maxLifetime().toMillis());
            return map;
        }

        @Override
        Map<String, Object> nativeSettings(AgroalDataSource dataSource) {
            AgroalConnectionPoolConfiguration pool = dataSource.getConfiguration().connectionPoolConfiguration();
            AgroalConnectionFactoryConfiguration factory = pool.connectionFactoryConfiguration();
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("maxSize", pool.maxSize());
            map.put("minSize", pool.minSize());
            map.put("initialSize", pool.initialSize());
            map.put("acquisitionTimeout", String.valueOf(pool.acquisitionTimeout()));
            map.put("validateOnBorrow", pool.validateOnBorrow());
            map.put("idleValidationTimeout", String.valueOf(pool.idleValidationTimeout()));
            map.put("validationTimeout", String.valueOf(pool.validationTimeout()));
            map.put("connectionValidator", validatorName(pool.connectionValidator()));
            map.put("exceptionSorter", pool.exceptionSorter() instanceof ReadOnlyExceptionSorter readOnly
                    ? readOnly.getClass().getName() + " + " + readOnly.database().getClass().getName()
                    : pool.exceptionSorter().getClass().getName());
            map.put("reapTimeout", String.valueOf(pool.reapTimeout()));
            map.put("leakTimeout", String.valueOf(pool.leakTimeout()));
            map.put("maxLifetime", String.valueOf(pool.maxLifetime()));
            map.put("flushOnClose", pool.flushOnClose());
            map.put("connectionCache", pool.connectionCache().getClass().getName());
            map.put("multipleAcquisition", String.valueOf(pool.multipleAcquisition()));
            map.put("autoCommit", factory.autoCommit());
            map.put("jdbcTransactionIsolation", String.valueOf(factory.jdbcTransactionIsolation()));
            map.put("trackJdbcResources", factory.trackJdbcResources());
            map.put("loginTimeout", String.valueOf(factory.loginTimeout()));
            map.put("metricsEnabled", dataSource.getConfiguration().metricsEnabled());
            return map;
        }

        private static String validatorName(ConnectionValidator validator) {
            // With or without a timeout (recommended settings): the timeout is not readable back.
            if (validator.getClass() == ConnectionValidator.defaultValidator().getClass()
                    || validator.getClass() == ConnectionValidator.defaultValidatorWithTimeout(1).getClass()) {
                return "isValid()";
            }
            if (validator.getClass() == ConnectionValidator.emptyValidator().getClass()) {
                return "none (empty validator)";
            }
            return validator.getClass().getName();
        }

        @Override
        Map<String, Object> equalizedExtras(PoolSettings settings) {
            Map<String, Object> map = new LinkedHashMap<>();
            if (!settings.keepalive()) { // keepalive adds its interval (validationTimeout, in the read-back's native)
                map.put(VALIDATION, "isValid() on borrow only if idle > 500 ms");
            }
            map.put(VALIDATION_ON_BORROW, true);
            map.put(VALIDATION_WINDOW_MILLIS, 500L);
            map.put(VALIDATION_WHILE_IDLE, settings.keepalive());
            return map;
        }

        /**
         * Agroal's metrics, which count only once enabled (off by default): asking for the counters
         * (the gauges, when bound) switches them on, so with POOLBENCH_POOL_METRICS=off Agroal runs
         * without them, like the other pools without the wrapper.
         */
        @Override
        PoolCounters counters(AgroalDataSource pool) {
            pool.getConfiguration().setMetricsEnabled(true);
            return new PoolCounters(
                    () -> pool.getMetrics().activeCount(),
                    () -> pool.getMetrics().availableCount(),
                    () -> pool.getMetrics().awaitingCount(),
                    () -> pool.getConfiguration().connectionPoolConfiguration().maxSize());
        }

        @Override
        String equalizedNotes() {
            return "Matches HikariCP's validation: isValid() on borrow only after 500 ms idle (idleValidationTimeout, "
                    + "with the isValid() validator; the library's default validator accepts everything). "
                    + "MySQLExceptionSorter (PostgreSQLExceptionSorter on PostgreSQL), so connections broken by a database outage are destroyed (the library "
                    + "default keeps handing them out: no recovery). Keeps its thread-local connection cache "
                    + "(like HikariCP's). Defaults mode sets maxSize=20 (Quarkus's default): Agroal has none.";
        }
    }
}
