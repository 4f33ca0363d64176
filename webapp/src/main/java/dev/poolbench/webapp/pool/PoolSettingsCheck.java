package dev.poolbench.webapp.pool;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;

/**
 * Refuses to start on a missing/duplicate pool profile or a bad pool/database setting, before any
 * bean exists; with the recommended settings, sets the JVM's DNS cache time there. Runs after logging is initialised, so the failure report is all the user sees.
 * Registered in META-INF/spring.factories.
 */
class PoolSettingsCheck implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        PoolSettings settings = PoolSettings.from(event.getEnvironment());
        DatabaseSettings.from(event.getEnvironment());
        if (settings.recommended()) {
            // Before any bean, so before the first lookup of the database's name.
            RecommendedSettings.applyJvm(event.getEnvironment());
        }
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
