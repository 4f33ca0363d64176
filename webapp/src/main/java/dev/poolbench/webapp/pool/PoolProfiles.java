package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.InvalidSettingException;
import java.util.Arrays;
import java.util.List;
import org.springframework.core.env.Environment;

/** The pool profiles; exactly one must be active. */
final class PoolProfiles {

    static final List<String> ALL = List.of("hikari", "tomcat", "dbcp", "dbcp2", "nopool");

    private PoolProfiles() {
    }

    static String activePoolProfile(Environment environment) {
        List<String> active = Arrays.stream(environment.getActiveProfiles()).filter(ALL::contains).toList();
        if (active.size() != 1) {
            String found = active.isEmpty() ? "none" : String.join(", ", active);
            throw new InvalidSettingException(
                    "Exactly one pool profile must be active, found: " + found
                            + " (active profiles: " + Arrays.toString(environment.getActiveProfiles()) + ").",
                    "Start with exactly one of " + String.join(", ", ALL)
                            + ", e.g. --spring.profiles.active=hikari or SPRING_PROFILES_ACTIVE=hikari.");
        }
        return active.get(0);
    }
}
