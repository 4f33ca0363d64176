package dev.poolbench.webapp.plant;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * Validates {@code POOLBENCH_PLANT} before any bean (or database connection) exists, so a bad
 * value stops the app with one line. Registered in META-INF/spring.factories.
 */
public class PlantCheck implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        checked(event.getEnvironment());
    }

    /** The plant asked for, refused when it is invalid or the timing wrapper it runs in is off. */
    static Plant checked(Environment environment) {
        Plant plant = Plant.fromEnvironment(environment);
        if (plant.planted() && PlantConfiguration.wrapperOff(environment)) {
            throw PlantConfiguration.needsWrapper(plant);
        }
        return plant;
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
