package dev.poolbench.webapp.pool;

import javax.sql.DataSource;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Builds the one DataSource from the active profile's {@link PoolDescriptor}: library defaults, plus
 * (in equalized mode) the profile's {@code poolbench.equalized.*} properties bound onto the pool's
 * own setters. A misspelled key would be ignored silently, which is why every value is read back
 * and compared ({@link PoolSettingsReport}).
 */
@Configuration(proxyBeanMethods = false)
class PoolWiring {

    static final String EQUALIZED_PREFIX = "poolbench.equalized";

    @Bean
    PoolSettings poolSettings(Environment environment) {
        return PoolSettings.from(environment);
    }

    @Bean
    DatabaseSettings databaseSettings(Environment environment) {
        return DatabaseSettings.from(environment);
    }

    @Bean
    DataSource dataSource(PoolDescriptor<?> descriptor, DatabaseSettings database, PoolSettings settings,
            Environment environment) {
        return build(descriptor, database, settings, environment);
    }

    /** The one way a pool is made, in the app and in the microbenchmark ({@link StandalonePool}). */
    static DataSource build(PoolDescriptor<?> descriptor, DatabaseSettings database, PoolSettings settings,
            Environment environment) {
        DataSource pool = descriptor.create(database);
        if (settings.mode() == PoolMode.EQUALIZED) {
            Binder.get(environment).bind(EQUALIZED_PREFIX, Bindable.ofInstance(pool));
        }
        return pool;
    }
}
