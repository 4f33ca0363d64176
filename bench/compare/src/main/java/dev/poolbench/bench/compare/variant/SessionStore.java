package dev.poolbench.bench.compare.variant;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --session memory,redis-shared,redis-pooled}: where the app keeps its HTTP sessions
 * (docs/redis.md). {@code memory} is Tomcat's session manager (the app's default); the two Redis
 * values put every session in the comparison's own redis-server through Spring Session, over one
 * shared Lettuce connection or a commons-pool2 pool of {@code --redis-pool-size} connections. The
 * app gets it as {@code POOLBENCH_SESSION_STORE} and {@code POOLBENCH_REDIS_MODE} and reads it
 * back in {@code /actuator/poolsettings} ({@code session.store}, {@code session.mode}).
 */
public enum SessionStore {
    MEMORY("memory", null), REDIS_SHARED("redis", "shared"), REDIS_POOLED("redis", "pooled");

    public static final int DEFAULT_REDIS_POOL_SIZE = 8;

    private final String store;
    private final String mode;

    SessionStore(String store, String mode) {
        this.store = store;
        this.mode = mode;
    }

    /** {@code memory}, {@code redis-shared}, {@code redis-pooled}. */
    public String label() {
        return mode == null ? store : store + "-" + mode;
    }

    /** {@code POOLBENCH_SESSION_STORE}: memory or redis. */
    public String store() {
        return store;
    }

    /** {@code POOLBENCH_REDIS_MODE}: shared or pooled; null for memory. */
    public String mode() {
        return mode;
    }

    public boolean redis() {
        return mode != null;
    }

    /** The value of a label, or null when there is none. */
    public static SessionStore of(String label) {
        for (SessionStore s : values()) {
            if (s.label().equals(label)) {
                return s;
            }
        }
        return null;
    }

    /**
     * The store an app reports in its {@code poolsettings.session} ({@code store}, {@code mode}),
     * or null when it reports none (a build of the app from before the session switch).
     */
    public static SessionStore readBack(JsonNode settings) {
        String store = Json.text(settings, "session.store");
        if (store == null) {
            return null;
        }
        String mode = Json.text(settings, "session.mode");
        return of("redis".equals(store) ? store + "-" + mode : store);
    }

    /**
     * {@code --redis-pool-size} against the stores planned (null: memory only): at least 1, and
     * only with redis-pooled; the default when not given.
     */
    public static int redisPoolSize(Integer given, List<SessionStore> stores) throws UsageException {
        if (given == null) {
            return DEFAULT_REDIS_POOL_SIZE;
        }
        if (given < 1) {
            throw new UsageException("--redis-pool-size must be >= 1, got " + given);
        }
        if (stores == null || !stores.contains(REDIS_POOLED)) {
            throw new UsageException("--redis-pool-size is for --session redis-pooled");
        }
        return given;
    }

    /** A comma list of stores, in the order given; a wrong or repeated one is a usage error. */
    public static List<SessionStore> parseList(String value) throws UsageException {
        List<SessionStore> stores = new ArrayList<>();
        for (String raw : value.split(",")) {
            String name = raw.trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            SessionStore store = of(name);
            if (store == null) {
                throw new UsageException("--session must be memory, redis-shared or redis-pooled (a comma list), "
                        + "got '" + raw.trim() + "'");
            }
            if (stores.contains(store)) {
                throw new UsageException("session store " + name + " listed twice in --session");
            }
            stores.add(store);
        }
        if (stores.isEmpty()) {
            throw new UsageException("--session is empty; give memory, redis-shared, redis-pooled or a comma list");
        }
        return List.copyOf(stores);
    }
}
