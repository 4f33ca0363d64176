package dev.poolbench.webapp.plant;

import dev.poolbench.webapp.InvalidSettingException;
import java.util.Locale;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The one {@link Plant} of the app: the timing wrapper runs it on every borrow, the pool
 * settings endpoint reports it, Micrometer binds its counters.
 */
@Configuration(proxyBeanMethods = false)
class PlantConfiguration {

    @Bean
    Plant plant(Environment environment) {
        return PlantCheck.checked(environment);
    }

    static boolean wrapperOff(Environment environment) {
        return "off".equals(environment.getProperty("poolbench.pool.metrics", "on").trim().toLowerCase(Locale.ROOT));
    }

    static InvalidSettingException needsWrapper(Plant plant) {
        return new InvalidSettingException(Plant.SETTING + "=" + plant.label() + " plants its work inside the timing "
                + "wrapper, but POOLBENCH_POOL_METRICS=off removes it.",
                "Unset " + Plant.SETTING + " or set POOLBENCH_POOL_METRICS=on.");
    }
}
