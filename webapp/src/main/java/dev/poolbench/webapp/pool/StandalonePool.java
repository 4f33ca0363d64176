package dev.poolbench.webapp.pool;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.ResourcePropertySource;

/**
 * A profile's pool built outside the web app, exactly as the app builds it in equalized mode:
 * the profile's {@link PoolDescriptor} (found the way the app finds it, by the profile condition
 * of the pool configurations in this package), bound with the same {@code application.properties}
 * and {@code application-<profile>.properties} by {@link PoolWiring#build}, then opened and its
 * settings read back with {@link PoolSettingsReport}. Used by the pool microbenchmark
 * ({@code bench/micro}); a new pool profile appears there once it is in {@link PoolProfiles#ALL}.
 */
public final class StandalonePool implements AutoCloseable {

    private final PoolDescriptor<?> descriptor;
    private final DataSource dataSource;
    private final Map<String, Object> settingsReport;

    private StandalonePool(PoolDescriptor<?> descriptor, DataSource dataSource, Map<String, Object> settingsReport) {
        this.descriptor = descriptor;
        this.dataSource = dataSource;
        this.settingsReport = settingsReport;
    }

    /** Every pool profile of the app, in the app's order. */
    public static List<String> profiles() {
        return PoolProfiles.ALL;
    }

    /**
     * Builds and opens the pool of {@code profile} in equalized mode with {@code size} connections
     * and a wait of {@code waitMillis}.
     *
     * @throws IllegalArgumentException on an unknown profile
     * @throws IllegalStateException when the pool cannot be opened or its settings read back do not
     *         match equalized mode (the message lists the mismatches)
     */
    public static StandalonePool open(String profile, DatabaseSettings database, int size, int waitMillis) {
        if (!PoolProfiles.ALL.contains(profile)) {
            throw new IllegalArgumentException("unknown pool profile '" + profile + "'; known: " + PoolProfiles.ALL);
        }
        StandardEnvironment environment = environment(profile, size, waitMillis);
        PoolSettings settings = PoolSettings.from(environment);
        PoolDescriptor<?> descriptor = PoolProfiles.descriptor(profile);
        DataSource pool = PoolWiring.build(descriptor, database, settings, environment);
        StandalonePool standalone = new StandalonePool(descriptor, pool, null);
        // As PoolStartup does in the app: open the pool (it fills to its initial size), give the
        // connection back (the read-back borrows one, and a pool may have only one), then read back.
        try {
            try (Connection ignored = pool.getConnection()) {
                // Opened and returned.
            }
            Map<String, Object> report = new PoolSettingsReport(descriptor, pool, settings, database, environment).read();
            if (!Boolean.TRUE.equals(report.get("matchesRequested"))) {
                throw new IllegalStateException("pool " + profile + " does not match equalized mode: "
                        + report.get("mismatches"));
            }
            return new StandalonePool(descriptor, pool, report);
        } catch (SQLException | RuntimeException e) {
            standalone.close();
            throw new IllegalStateException("cannot open pool " + profile + " on " + database + ": " + e.getMessage(), e);
        }
    }

    public DataSource dataSource() {
        return dataSource;
    }

    /** What {@code /actuator/poolsettings} would show for this pool. */
    public Map<String, Object> settingsReport() {
        return settingsReport;
    }

    /** Closes the pool and its connections as the app does at shutdown (the descriptor's close). */
    @Override
    public void close() {
        descriptor.closeQuietly(dataSource);
    }

    /**
     * The app's properties for one profile, without the process environment or system properties:
     * a POOLBENCH_POOL_MODE=defaults left in a shell must not change what the benchmark measures.
     */
    private static StandardEnvironment environment(String profile, int size, int waitMillis) {
        StandardEnvironment environment = new StandardEnvironment();
        MutablePropertySources sources = environment.getPropertySources();
        sources.remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
        sources.remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
        sources.addLast(new org.springframework.core.env.MapPropertySource("standalone", Map.of(
                "POOLBENCH_POOL_MODE", PoolMode.EQUALIZED.label(),
                "POOLBENCH_POOL_SIZE", String.valueOf(size),
                "POOLBENCH_POOL_WAIT_MILLIS", String.valueOf(waitMillis))));
        try {
            sources.addLast(new ResourcePropertySource("classpath:application-" + profile + ".properties"));
            sources.addLast(new ResourcePropertySource("classpath:application.properties"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the properties of pool profile " + profile, e);
        }
        environment.setActiveProfiles(profile);
        return environment;
    }
}
