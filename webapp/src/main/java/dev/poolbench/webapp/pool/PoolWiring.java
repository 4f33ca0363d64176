package dev.poolbench.webapp.pool;

import javax.sql.DataSource;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Builds the one DataSource from the active profile's {@link PoolDescriptor} (registered in
 * {@link PoolProfiles}): library defaults, plus (in equalized mode) the profile's
 * {@code poolbench.equalized.*} properties (and, with the recommended settings, its recommended ones:
 * {@link PoolBinding}) bound onto the pool's own setters. A misspelled equalized key
 * would be ignored silently, which is why every value is read back and compared
 * ({@link PoolSettingsReport}).
 */
@Configuration(proxyBeanMethods = false)
class PoolWiring {

    @Bean
    PoolSettings poolSettings(Environment environment) {
        return PoolSettings.from(environment);
    }

    @Bean
    DatabaseSettings databaseSettings(Environment environment) {
        return DatabaseSettings.from(environment);
    }

    @Bean
    PoolDescriptor<?> poolDescriptor(PoolSettings settings) {
        return PoolProfiles.descriptor(settings.profile());
    }

    /** Closed by {@link #poolCloser}: the bean may be wrapped (metrics) and the wrapper has no close(). */
    @Bean(destroyMethod = "")
    DataSource dataSource(PoolDescriptor<?> descriptor, DatabaseSettings database, PoolSettings settings,
            Environment environment) {
        return build(descriptor, database, settings, environment);
    }

    @Bean
    DisposableBean poolCloser(PoolDescriptor<?> descriptor, DataSource dataSource) {
        return () -> descriptor.closeQuietly(dataSource);
    }

    /** The one way a pool is made, in the app and in the microbenchmark ({@link StandalonePool}). */
    static DataSource build(PoolDescriptor<?> descriptor, DatabaseSettings database, PoolSettings settings,
            Environment environment) {
        return build(descriptor, database, settings.mode() == PoolMode.EQUALIZED
                ? new PoolBinding(environment, settings.set(), settings.profile()) : null);
    }

    private static <T extends DataSource> T build(PoolDescriptor<T> descriptor, DatabaseSettings database,
            PoolBinding equalized) {
        T pool = equalized == null ? descriptor.create(database) : descriptor.createEqualized(database, equalized);
        if (equalized != null) {
            equalized.requireAllBound(pool.getClass().getName());
        }
        return descriptor.start(pool);
    }
}
