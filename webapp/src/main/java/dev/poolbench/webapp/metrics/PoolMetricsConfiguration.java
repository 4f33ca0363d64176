package dev.poolbench.webapp.metrics;

import dev.poolbench.webapp.InvalidSettingException;
import dev.poolbench.webapp.plant.Plant;
import dev.poolbench.webapp.pool.DatabaseSettings;
import dev.poolbench.webapp.pool.PoolProfiles;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Wraps whatever DataSource the active pool profile creates in one {@link TimedDataSource} (no
 * per-pool code in the wiring) and publishes the same meters for every pool, tagged
 * {@code pool=<profile>}, on {@code :8081/actuator/prometheus}:
 *
 * <ul>
 * <li>{@code poolbench_pool_acquire_seconds} (histogram): wait inside {@code getConnection()},
 *     successful borrows only;</li>
 * <li>{@code poolbench_pool_hold_seconds} (histogram): from the borrow until {@code close()} has
 *     returned the connection;</li>
 * <li>{@code poolbench_pool_connections_opened_total}: distinct physical connections seen (not
 *     "created": the Prometheus client strips a {@code _created} suffix, reserved by OpenMetrics);</li>
 * <li>{@code poolbench_pool_acquire_timeouts_total}: {@code getConnection()} calls that threw
 *     (in the bench, the 30 s wait running out);</li>
 * <li>gauges {@code poolbench_pool_active}, {@code _idle}, {@code _pending}, {@code _max}
 *     (see {@link PoolGauges} for where each comes from);</li>
 * <li>{@code poolbench_pool_info{source=...,wrapper=on|off}} = 1.</li>
 * </ul>
 *
 * <p>{@code POOLBENCH_POOL_METRICS=off} (property {@code poolbench.pool.metrics}) leaves the
 * DataSource unwrapped and publishes only {@code poolbench_pool_info{wrapper="off"}}: the
 * baseline for measuring what the wrapper costs.
 */
@Configuration(proxyBeanMethods = false)
class PoolMetricsConfiguration {

    static final String SWITCH = "poolbench.pool.metrics";

    /** Acquire times of a warm pool are around a microsecond; the wait gives up at 30 s. */
    private static final Duration HISTOGRAM_MIN = Duration.ofNanos(500);
    private static final Duration HISTOGRAM_MAX = Duration.ofSeconds(60);
    /**
     * The {@code _max} series covers the last 5 to 10 s, so a sampler scraping once a second
     * sees every maximum, and a warm-up spike leaves the measured run within 10 s.
     */
    private static final Duration MAX_EXPIRY = Duration.ofSeconds(10);
    private static final int MAX_BUFFER_LENGTH = 2;

    /** Static: a BeanPostProcessor must exist before the beans it processes. */
    @Bean
    static BeanPostProcessor poolMetricsDataSourceWrapper(Environment environment, ObjectProvider<Plant> plant) {
        boolean enabled = enabled(environment);
        String physicalConnection = "postgres".equals(environment.getProperty(DatabaseSettings.DATABASE_SETTING))
                ? TimedDataSource.POSTGRES_CONNECTION : TimedDataSource.MYSQL_CONNECTION;
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (enabled && bean instanceof DataSource dataSource && !(bean instanceof TimedDataSource)) {
                    // Asked for here, not above: a BeanPostProcessor's own dependencies are not post-processed.
                    return new TimedDataSource(dataSource, PoolGauges.isPool(dataSource), plant.getObject(),
                            physicalConnection);
                }
                return bean;
            }
        };
    }

    @Bean
    MeterBinder poolMetricsBinder(ObjectProvider<DataSource> dataSources, Environment environment) {
        boolean enabled = enabled(environment);
        String pool = poolTag(environment);
        return registry -> {
            if (!enabled) {
                info(registry, pool, "none", "off");
                return;
            }
            TimedDataSource wrapper = timedDataSource(dataSources.getIfUnique());
            if (wrapper == null) {
                info(registry, pool, "none", "missing");
                return;
            }
            bind(registry, pool, wrapper);
        };
    }

        static void bind(MeterRegistry registry, String pool, TimedDataSource wrapper) {
        PoolGauges gauges = PoolGauges.of(wrapper);
        Timer acquire = histogram("poolbench.pool.acquire",
                "Wait inside getConnection() until a connection was handed out (successful borrows)", pool)
                .register(registry);
        Timer hold = histogram("poolbench.pool.hold",
                "Time a connection was out of the pool: from the borrow until close() returned", pool)
                .register(registry);
        wrapper.bind(acquire, hold);
        // The counters' source is the gauges object, which the gauges below hold strongly
        // (FunctionCounter has no strong-reference option; a weakly held source reads as NaN).
        FunctionCounter.builder("poolbench.pool.connections.opened", gauges,
                        g -> g.wrapper().physicalCreatedTotal())
                .description("Distinct physical connections handed out so far (every borrow without a pool)")
                .tag("pool", pool).register(registry);
        FunctionCounter.builder("poolbench.pool.acquire.timeouts", gauges, g -> g.wrapper().failedBorrowsTotal())
                .description("getConnection() calls that threw (in the bench: the wait for a connection ran out)")
                .tag("pool", pool).register(registry);
        Gauge.builder("poolbench.pool.active", gauges, PoolGauges::active)
                .description("Connections in use (pool's counter)")
                .tag("pool", pool).strongReference(true).register(registry);
        Gauge.builder("poolbench.pool.idle", gauges, PoolGauges::idle)
                .description("Idle connections in the pool")
                .tag("pool", pool).strongReference(true).register(registry);
        Gauge.builder("poolbench.pool.pending", gauges, PoolGauges::pending)
                .description("Threads waiting for a connection")
                .tag("pool", pool).strongReference(true).register(registry);
        Gauge.builder("poolbench.pool.max", gauges, PoolGauges::max)
                .description("Maximum connections (NaN: unbounded)")
                .tag("pool", pool).strongReference(true).register(registry);
        info(registry, pool, gauges.source(), "on");
    }

    private static Timer.Builder histogram(String name, String description, String pool) {
        return Timer.builder(name)
                .description(description)
                .tag("pool", pool)
                .publishPercentileHistogram()
                .minimumExpectedValue(HISTOGRAM_MIN)
                .maximumExpectedValue(HISTOGRAM_MAX)
                .distributionStatisticExpiry(MAX_EXPIRY)
                .distributionStatisticBufferLength(MAX_BUFFER_LENGTH);
    }

    private static void info(MeterRegistry registry, String pool, String source, String wrapper) {
        Gauge.builder("poolbench.pool.info", () -> 1)
                .description("Which pool is measured, whether the timing wrapper is on, where the gauges come from")
                .tags("pool", pool, "source", source, "wrapper", wrapper)
                .register(registry);
    }

    private static TimedDataSource timedDataSource(DataSource dataSource) {
        if (dataSource == null) {
            return null;
        }
        try {
            return dataSource.isWrapperFor(TimedDataSource.class) ? dataSource.unwrap(TimedDataSource.class) : null;
        } catch (SQLException e) {
            return null;
        }
    }

    static boolean enabled(Environment environment) {
        String raw = environment.getProperty(SWITCH, "on").trim().toLowerCase(Locale.ROOT);
        return switch (raw) {
            case "on", "" -> true;
            case "off" -> false;
            default -> throw new InvalidSettingException(
                    "POOLBENCH_POOL_METRICS (" + SWITCH + ") must be on or off, but is '"
                            + environment.getProperty(SWITCH) + "'.",
                    "Set POOLBENCH_POOL_METRICS=on (default: timing wrapper around the pool) or off (no wrapper).");
        };
    }

    /** The active pool profile; "unknown" when none is (the pool package refuses to start then). */
    static String poolTag(Environment environment) {
        return Arrays.stream(environment.getActiveProfiles()).filter(PoolProfiles.ALL::contains)
                .findFirst().orElse("unknown");
    }
}
