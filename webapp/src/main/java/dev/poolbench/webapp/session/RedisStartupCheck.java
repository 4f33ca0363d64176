package dev.poolbench.webapp.session;

import dev.poolbench.webapp.InvalidSettingException;
import java.util.Properties;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Proves Redis answers before the app serves anything: a PING through the factory (in pooled mode
 * this also creates the pool) once every bean exists. A Redis that is down is one line naming
 * host:port (Boot's failure report via {@link InvalidSettingException}), within the connect
 * timeout, instead of a stack trace per request later.
 */
final class RedisStartupCheck implements SmartInitializingSingleton {

    private final SessionSettings settings;
    private final LettuceConnectionFactory factory;
    private volatile String serverVersion;

    RedisStartupCheck(SessionSettings settings, LettuceConnectionFactory factory) {
        this.settings = settings;
        this.factory = factory;
    }

    @Override
    public void afterSingletonsInstantiated() {
        try {
            factory.start();
            try (RedisConnection connection = factory.getConnection()) {
                connection.ping();
                Properties server = connection.serverCommands().info("server");
                serverVersion = server == null ? null : server.getProperty("redis_version");
            }
        } catch (RuntimeException e) {
            throw new InvalidSettingException("Redis at " + settings.address() + " is not reachable: "
                    + rootMessage(e) + ".",
                    "Start Redis there, point " + SessionSettings.HOST + "/" + SessionSettings.PORT
                            + " at a running one, or set " + SessionSettings.STORE + "=memory.");
        }
    }

    /** {@code redis_version} read at start-up. */
    String serverVersion() {
        return serverVersion;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null || message.isBlank() ? root.getClass().getSimpleName() : message.trim();
    }
}
