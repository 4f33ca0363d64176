package dev.poolbench.webapp.session;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * {@code poolbench_session_info{store="memory|redis",mode="none|shared|pooled",pool_size="N|none"}} = 1,
 * in every mode, so a sampler can tell which session store a run measured.
 */
@Component
class SessionInfoMeter implements MeterBinder {

    private final SessionSettings settings;

    SessionInfoMeter(Environment environment) {
        this.settings = SessionSettings.from(environment);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        boolean pooled = settings.redis() && settings.mode() == SessionSettings.RedisMode.POOLED;
        Gauge.builder("poolbench.session.info", () -> 1)
                .description("Where the HTTP session lives (POOLBENCH_SESSION_STORE) and how Redis is reached")
                .tags("store", SessionSettings.label(settings.store()),
                        "mode", settings.redis() ? SessionSettings.label(settings.mode()) : "none",
                        "pool_size", pooled ? String.valueOf(settings.poolSize()) : "none")
                .register(registry);
    }
}
