package dev.poolbench.webapp.pool;

import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Everything pool-specific: how to create an unconfigured instance, and how to read the settings
 * in effect back from a live instance into the common keys below (the JSON contract of
 * {@code /actuator/poolsettings}), and its own counters for the metrics gauges. The only place, with
 * the profile configurations, where pool classes appear. Every descriptor is the nested
 * {@code Descriptor} of a class the pool catalogue names ({@link PoolProfiles}).
 *
 * <p>Life cycle of a pool: {@link #create} (or {@link #createEqualized}), {@link #start},
 * {@link #close}; the last two are no-ops for pools that start lazily and close themselves.
 */
abstract class PoolDescriptor<T extends DataSource> {

    /** Common keys of the "effective" map, in this order; a value is null where a pool has no such thing. */
    static final String MAX_SIZE = "maxSize";
    static final String MIN_IDLE = "minIdle";
    static final String INITIAL_SIZE = "initialSize";
    static final String MAX_IDLE = "maxIdle";
    static final String WAIT_MILLIS = "waitMillis";
    static final String VALIDATION = "validation";
    static final String VALIDATION_ON_BORROW = "validationOnBorrow";
    static final String VALIDATION_WINDOW_MILLIS = "validationWindowMillis";
    static final String VALIDATION_WHILE_IDLE = "validationWhileIdle";
    static final String EVICTION_PERIOD_MILLIS = "evictionPeriodMillis";
    static final String VALIDATION_QUERY = "validationQuery";
    static final String AUTO_COMMIT = "autoCommit";
    static final String ISOLATION = "isolation";
    static final String POOL_STATEMENT_CACHING = "poolStatementCaching";
    static final String RESET_ON_RETURN = "resetOnReturn";
    static final String FAIRNESS = "fairness";
    static final String MAX_LIFETIME_MILLIS = "maxLifetimeMillis";

    /** Where each profile's application-&lt;profile&gt;.properties puts its equalized values. */
    static final String EQUALIZED_PREFIX = "poolbench.equalized";

    private final Class<T> type;

    PoolDescriptor(Class<T> type) {
        this.type = type;
    }

    /** A new instance with only the driver, url, user and password set: the library's defaults. */
    abstract T create(DatabaseSettings database);

    /**
     * Equalized mode: the profile's {@code poolbench.equalized.*} properties (and, recommended,
     * its recommended ones: {@link PoolBinding}) bound onto the new instance's own setters. A pool
     * whose configuration is immutable once built (Agroal) binds them onto its own settings object
     * instead and builds the pool from it.
     */
    T createEqualized(DatabaseSettings database, PoolBinding binding) {
        return binding.onto(create(database));
    }

    /** Makes a configured pool usable; only for pools that need an explicit start. */
    T start(T pool) {
        return pool;
    }

    /**
     * Releases the pool's connections and threads (context shutdown, a throw-away defaults
     * instance), as Spring's inferred destroy method would: {@code AutoCloseable}, else a public
     * {@code close()} or {@code shutdown()} (Tomcat JDBC and DBCP 1.4 have close() without
     * implementing AutoCloseable); a DataSource with neither (nopool) holds nothing.
     */
    void close(T pool) throws Exception {
        if (pool instanceof AutoCloseable closeable) {
            closeable.close();
            return;
        }
        for (String method : new String[] {"close", "shutdown"}) {
            try {
                pool.getClass().getMethod(method).invoke(pool);
                return;
            } catch (NoSuchMethodException e) {
                // Try the next name.
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
        }
    }

    /** The settings in effect, under the common keys (all of them, nulls included). */
    abstract Map<String, Object> effective(T pool);

    /** The pool's own getters, under the pool's own names. */
    abstract Map<String, Object> nativeSettings(T pool);

    /** What equalized mode must produce, beyond size, wait, auto-commit, isolation and caching. */
    abstract Map<String, Object> equalizedExtras(PoolSettings settings);

    /**
     * The equalized validation of the pools that have no borrow-time idle window (DBCP 1.4, DBCP2,
     * C3P0): nothing on borrow, {@code isValid()} on idle connections every 5 s.
     */
    static Map<String, Object> idleValidationEveryFiveSeconds() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put(VALIDATION_ON_BORROW, false);
        map.put(VALIDATION_WHILE_IDLE, true);
        map.put(EVICTION_PERIOD_MILLIS, 5_000L);
        map.put(VALIDATION_QUERY, null);
        return map;
    }

    /** Equalized values that could not be matched exactly for this pool (for the read-back). */
    abstract String equalizedNotes();

    /**
     * The pool's own counters of connections in use, idle and waited for, and its maximum, for
     * the metrics gauges; null for a DataSource that keeps no connections (nopool). Called once,
     * when the gauges are bound; it may switch the pool's own counting on (Agroal's is off by default).
     */
    abstract PoolCounters counters(T pool);

    /** False for a DataSource that opens a physical connection per borrow (nopool). */
    boolean keepsConnections() {
        return true;
    }

    final Class<T> type() {
        return type;
    }

    /**
     * The pool library's release as the app loaded it ({@code "HikariCP 7.1.0"}), from the jar of
     * the live pool's own class (Agroal's interface lives in its API jar, its pool in another).
     */
    String poolRelease(DataSource dataSource) {
        return Releases.of(live(dataSource).getClass());
    }

    final Map<String, Object> effectiveOf(DataSource dataSource) {
        return effective(live(dataSource));
    }

    /**
     * The settings of the library as shipped: read from a fresh, unconfigured instance, which is
     * closed again (some pools start threads or register MBeans when created).
     */
    final Map<String, Object> shippedDefaults(DatabaseSettings database) {
        T fresh = create(database);
        try {
            return effective(fresh);
        } finally {
            closeQuietly(fresh);
        }
    }

    final void closeQuietly(DataSource dataSource) {
        try {
            close(live(dataSource));
        } catch (Exception e) {
            org.slf4j.LoggerFactory.getLogger(PoolDescriptor.class).warn("Closing the {} pool failed: {}",
                    type.getSimpleName(), e.toString());
        }
    }

    final PoolCounters countersOf(DataSource dataSource) {
        return counters(live(dataSource));
    }

    final Map<String, Object> nativeSettingsOf(DataSource dataSource) {
        return nativeSettings(live(dataSource));
    }

    /** The pool itself, also when the bean is wrapped (metrics.TimedDataSource implements unwrap). */
    final T live(DataSource dataSource) {
        if (type.isInstance(dataSource)) {
            return type.cast(dataSource);
        }
        try {
            return dataSource.unwrap(type);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("DataSource " + dataSource + " is not a " + type.getName(), e);
        }
    }

    /** The full expectation of equalized mode. */
    final Map<String, Object> equalized(PoolSettings settings) {
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put(MAX_SIZE, settings.size());
        expected.put(MIN_IDLE, settings.minIdle());
        expected.put(INITIAL_SIZE, settings.minIdle());
        expected.put(MAX_IDLE, settings.size());
        expected.put(WAIT_MILLIS, settings.waitMillis());
        expected.put(AUTO_COMMIT, true);
        expected.put(ISOLATION, null);
        expected.put(POOL_STATEMENT_CACHING, false);
        expected.putAll(equalizedExtras(settings));
        return expected;
    }

    static Map<String, Object> effectiveMap(Object maxSize, Object minIdle, Object initialSize, Object maxIdle,
            Object waitMillis) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put(MAX_SIZE, maxSize);
        map.put(MIN_IDLE, minIdle);
        map.put(INITIAL_SIZE, initialSize);
        map.put(MAX_IDLE, maxIdle);
        map.put(WAIT_MILLIS, waitMillis);
        return map;
    }

    /** JDBC isolation constant as text; null when the pool leaves the driver's default. */
    static String isolationName(int level) {
        return switch (level) {
            case java.sql.Connection.TRANSACTION_NONE -> "NONE";
            case java.sql.Connection.TRANSACTION_READ_UNCOMMITTED -> "READ_UNCOMMITTED";
            case java.sql.Connection.TRANSACTION_READ_COMMITTED -> "READ_COMMITTED";
            case java.sql.Connection.TRANSACTION_REPEATABLE_READ -> "REPEATABLE_READ";
            case java.sql.Connection.TRANSACTION_SERIALIZABLE -> "SERIALIZABLE";
            default -> null;
        };
    }
}
