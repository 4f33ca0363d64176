package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.InvalidSettingException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.core.env.Environment;

/**
 * The pool profiles and their descriptors: the one place where a pool is registered. Exactly one
 * profile must be active. A new pool is one more entry here, one descriptor class and one
 * {@code application-<profile>.properties}.
 */
public final class PoolProfiles {

    private static final Map<String, Supplier<PoolDescriptor<?>>> DESCRIPTORS = descriptors();

    /** Every pool profile, in the order the comparison lists them (the no-pool baseline last). */
    public static final List<String> ALL = List.copyOf(DESCRIPTORS.keySet());

    private PoolProfiles() {
    }

    private static Map<String, Supplier<PoolDescriptor<?>>> descriptors() {
        Map<String, Supplier<PoolDescriptor<?>>> map = new LinkedHashMap<>();
        map.put("hikari", HikariPool.Descriptor::new);
        map.put("tomcat", TomcatPool.Descriptor::new);
        map.put("dbcp", Dbcp1Pool.Descriptor::new);
        map.put("dbcp2", Dbcp2Pool.Descriptor::new);
        map.put("c3p0", C3p0Pool.Descriptor::new);
        map.put("vibur", ViburPool.Descriptor::new);
        map.put("agroal", AgroalPool.Descriptor::new);
        map.put("ucp", UcpPool.Descriptor::new);
        map.put("nopool", NoPool.Descriptor::new);
        return map;
    }

    /** A new descriptor of a profile listed in {@link #ALL}. */
    static PoolDescriptor<?> descriptor(String profile) {
        Supplier<PoolDescriptor<?>> descriptor = DESCRIPTORS.get(profile);
        if (descriptor == null) {
            throw new IllegalArgumentException("Unknown pool profile '" + profile + "', valid: " + ALL);
        }
        return descriptor.get();
    }

    /** The one active pool profile; the active profiles that are not pools are ignored. */
    public static String activePoolProfile(Environment environment) {
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
