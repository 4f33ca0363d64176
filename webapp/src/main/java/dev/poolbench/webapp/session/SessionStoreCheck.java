package dev.poolbench.webapp.session;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;

/**
 * Refuses to start on a bad session-store setting, before any bean exists (so before the pool or
 * a Redis connection is opened). Registered in META-INF/spring.factories.
 */
class SessionStoreCheck implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        SessionSettings.from(event.getEnvironment());
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
