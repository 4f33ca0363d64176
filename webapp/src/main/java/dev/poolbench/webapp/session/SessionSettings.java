package dev.poolbench.webapp.session;

import dev.poolbench.webapp.InvalidSettingException;
import dev.poolbench.webapp.Settings;
import io.lettuce.core.ClientOptions;
import java.time.Duration;
import java.util.Locale;
import org.springframework.core.env.Environment;

/**
 * Where the HTTP session lives, whatever the pool profile: {@code POOLBENCH_SESSION_STORE} =
 * {@code memory} (Tomcat's session manager, the default) or {@code redis} (Spring Session Data
 * Redis on Lettuce); with redis, {@code POOLBENCH_REDIS_MODE} = {@code shared} (one native
 * connection for every thread, Spring Data Redis's default) or {@code pooled} (commons-pool2 pool
 * of {@code POOLBENCH_REDIS_POOL_SIZE} connections, {@code shareNativeConnection=false}), and
 * {@code POOLBENCH_REDIS_HOST}/{@code POOLBENCH_REDIS_PORT}. Every value is validated, whatever
 * the store, so a typo never passes unnoticed.
 */
public record SessionSettings(Store store, RedisMode mode, int poolSize, String host, int port) {

    public enum Store { MEMORY, REDIS }

    public enum RedisMode { SHARED, POOLED }

    static final String STORE = "POOLBENCH_SESSION_STORE";
    static final String MODE = "POOLBENCH_REDIS_MODE";
    static final String POOL_SIZE = "POOLBENCH_REDIS_POOL_SIZE";
    static final String HOST = "POOLBENCH_REDIS_HOST";
    static final String PORT = "POOLBENCH_REDIS_PORT";
    static final int DEFAULT_POOL_SIZE = 8;
    static final int DEFAULT_PORT = 6379;
    static final String DEFAULT_HOST = "127.0.0.1";

    /** Opening a connection; a Redis that is down at start fails at once (refused) or after this. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /** One command's reply, as POOLBENCH_QUERY_TIMEOUT_SECONDS's default for SQL: an error, not a hang. */
    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(10);
    /**
     * Commands while the connection is down: rejected at once (Lettuce's default buffers them
     * until the reconnect or the command timeout).
     */
    static final ClientOptions.DisconnectedBehavior DISCONNECTED = ClientOptions.DisconnectedBehavior.REJECT_COMMANDS;
    /** A request waiting for a pooled connection, as long as a command may take. */
    static final Duration POOL_WAIT = COMMAND_TIMEOUT;
    /** Keys of the sessions: {@code poolbench:session:sessions:<id>}. */
    static final String NAMESPACE = "poolbench:session";

    /**
     * @throws InvalidSettingException naming the setting and the value
     */
    public static SessionSettings from(Environment environment) {
        Store store = choice(environment, STORE, Store.class, Store.MEMORY, "memory (default) or redis");
        RedisMode mode = choice(environment, MODE, RedisMode.class, RedisMode.SHARED,
                "shared (default: one connection for every thread) or pooled (a commons-pool2 pool)");
        int poolSize = Settings.intSetting(environment, POOL_SIZE, DEFAULT_POOL_SIZE, 1);
        int port = Settings.intSetting(environment, PORT, DEFAULT_PORT, 1);
        if (port > 65_535) {
            throw new InvalidSettingException(PORT + " must be a port (1-65535), but is " + port + ".",
                    "Set " + PORT + " to the port of the Redis server (default " + DEFAULT_PORT + ").");
        }
        String host = environment.getProperty(HOST, DEFAULT_HOST).trim();
        if (host.isEmpty()) {
            host = DEFAULT_HOST;
        }
        return new SessionSettings(store, mode, poolSize, host, port);
    }

    private static <E extends Enum<E>> E choice(Environment environment, String name, Class<E> type, E fallback,
            String accepted) {
        String raw = environment.getProperty(name);
        if (raw == null || raw.isBlank()) {
            return fallback;
        }
        for (E value : type.getEnumConstants()) {
            if (value.name().equalsIgnoreCase(raw.trim())) {
                return value;
            }
        }
        String[] names = java.util.Arrays.stream(type.getEnumConstants()).map(SessionSettings::label).toArray(String[]::new);
        throw new InvalidSettingException(name + " must be '" + String.join("' or '", names) + "', but is '" + raw + "'.",
                "Set " + name + " to " + accepted + ".");
    }

    static String label(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    public boolean redis() {
        return store == Store.REDIS;
    }

    /** {@code host:port}, as the start-up error names it. */
    String address() {
        return host.contains(":") ? "[" + host + "]:" + port : host + ":" + port;
    }
}
