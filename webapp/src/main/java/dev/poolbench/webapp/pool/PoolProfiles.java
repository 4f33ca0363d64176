package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.InvalidSettingException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.springframework.core.env.Environment;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The pool profiles and their descriptors, as the pool catalogue lists them ({@value #CATALOGUE}
 * in the app's resources, which the runner, docs/render and the Ansible role read too). Exactly
 * one profile must be active. A new pool is one entry in the catalogue, one class with a nested
 * {@code Descriptor} and one {@code application-<profile>.properties}.
 */
public final class PoolProfiles {

    /** The catalogue on the classpath: {@code {"pools": [{"name": ..., "descriptor": ...}, ...]}}. */
    static final String CATALOGUE = "/pools.json";

    private static final Map<String, Supplier<PoolDescriptor<?>>> DESCRIPTORS = descriptors(catalogue());

    /** Every pool profile, in the order the comparison lists them (the no-pool baseline last). */
    public static final List<String> ALL = List.copyOf(DESCRIPTORS.keySet());

    private PoolProfiles() {
    }

    /** The catalogue's {@code pools} array. */
    static JsonNode catalogue() {
        try (InputStream in = PoolProfiles.class.getResourceAsStream(CATALOGUE)) {
            if (in == null) {
                throw new IllegalStateException("The pool catalogue " + CATALOGUE + " is not on the classpath");
            }
            return JsonMapper.shared().readTree(in).path("pools");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the pool catalogue " + CATALOGUE, e);
        }
    }

    /** Each entry's name and a maker of its descriptor, in the catalogue's order. */
    static Map<String, Supplier<PoolDescriptor<?>>> descriptors(JsonNode pools) {
        Map<String, Supplier<PoolDescriptor<?>>> map = new LinkedHashMap<>();
        for (int i = 0; i < pools.size(); i++) {
            String name = pools.get(i).path("name").asString("");
            if (!name.matches("[a-z][a-z0-9]*") || map.put(name, descriptorOf(name,
                    pools.get(i).path("descriptor").asString(""))) != null) {
                throw new IllegalStateException("The pool catalogue " + CATALOGUE + " lists '" + name
                        + "': a name must be lower-case letters and digits, and listed once");
            }
        }
        if (map.isEmpty()) {
            throw new IllegalStateException("The pool catalogue " + CATALOGUE + " lists no pools");
        }
        return map;
    }

    /** The nested {@code Descriptor} of the class named in the catalogue ({@code HikariPool.Descriptor}). */
    private static Supplier<PoolDescriptor<?>> descriptorOf(String profile, String className) {
        String name = PoolProfiles.class.getPackageName() + "." + className + "$Descriptor";
        Constructor<?> constructor;
        try {
            constructor = Class.forName(name).getDeclaredConstructor();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("The pool catalogue " + CATALOGUE + " names '" + className
                    + "' for pool " + profile + ", but there is no " + name + " with a constructor of no arguments", e);
        }
        if (!PoolDescriptor.class.isAssignableFrom(constructor.getDeclaringClass())) {
            throw new IllegalStateException(name + " (pool " + profile + ") does not extend PoolDescriptor");
        }
        return () -> {
            try {
                return (PoolDescriptor<?>) constructor.newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Cannot make the descriptor of pool " + profile, e);
            }
        };
    }

    /** A new descriptor of a profile listed in {@link #ALL}. */
    static PoolDescriptor<?> descriptor(String profile) {
        Supplier<PoolDescriptor<?>> descriptor = DESCRIPTORS.get(profile);
        if (descriptor == null) {
            throw new IllegalArgumentException("Unknown pool profile '" + profile + "', valid: " + ALL);
        }
        return descriptor.get();
    }

    /**
     * The pool's own counters, from the descriptor of its class, for the metrics gauges; null for
     * a DataSource that keeps no connections (nopool) or that no pool of the catalogue makes.
     */
    public static PoolCounters counters(DataSource pool) {
        PoolDescriptor<?> descriptor = describing(pool);
        return descriptor == null ? null : descriptor.countersOf(pool);
    }

    /** Whether the DataSource is a pool of the catalogue that keeps its connections. */
    public static boolean keepsConnections(DataSource pool) {
        PoolDescriptor<?> descriptor = describing(pool);
        return descriptor != null && descriptor.keepsConnections();
    }

    private static PoolDescriptor<?> describing(DataSource pool) {
        for (Supplier<PoolDescriptor<?>> maker : DESCRIPTORS.values()) {
            PoolDescriptor<?> descriptor = maker.get();
            if (descriptor.type().isInstance(pool)) {
                return descriptor;
            }
        }
        return null;
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
