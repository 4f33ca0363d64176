package dev.poolbench.webapp.threads;

import java.util.Map;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.env.MapPropertySource;

/**
 * Validates {@code POOLBENCH_THREADS} before any bean exists and turns it into Boot's
 * {@code spring.threads.virtual.enabled}, which switches Tomcat's request executor (and Boot's
 * task executors) to virtual threads. Registered in META-INF/spring.factories.
 */
class ThreadModeCheck implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        var environment = event.getEnvironment();
        ThreadMode mode = ThreadMode.requested(environment, Runtime.version().feature());
        if (environment.containsProperty(ThreadMode.SETTING)) {
            // Our switch wins over a spring.threads.virtual.enabled given elsewhere: one source of truth.
            environment.getPropertySources().addFirst(new MapPropertySource("poolbenchThreads",
                    Map.of(ThreadMode.BOOT_PROPERTY, String.valueOf(mode == ThreadMode.VIRTUAL))));
        }
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
