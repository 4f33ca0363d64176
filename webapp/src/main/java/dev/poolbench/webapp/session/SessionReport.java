package dev.poolbench.webapp.session;

import io.lettuce.core.RedisClient;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettucePoolingClientConfiguration;
import org.springframework.stereotype.Component;

/**
 * The {@code session} part of {@code /actuator/poolsettings}: the store requested and, with
 * redis, the settings read back from the live connection factory and the live commons-pool2 pool
 * (its MBean; before the pool exists, the configuration it will be built from, with
 * {@code poolLive=false}), and whether they are what was requested.
 */
@Component
public class SessionReport {

    private static final String POOL_PATTERN = "org.apache.commons.pool2:type=GenericObjectPool,name="
            + RedisSessionConfiguration.POOL_JMX_PREFIX + "*";

    private final Environment environment;
    private final ObjectProvider<LettuceConnectionFactory> factory;
    private final ObjectProvider<RedisStartupCheck> startupCheck;
    private final ObjectProvider<RedisSessionMeters> meters;

    SessionReport(Environment environment, ObjectProvider<LettuceConnectionFactory> factory,
            ObjectProvider<RedisStartupCheck> startupCheck, ObjectProvider<RedisSessionMeters> meters) {
        this.environment = environment;
        this.factory = factory;
        this.startupCheck = startupCheck;
        this.meters = meters;
    }

    public Map<String, Object> read() {
        SessionSettings settings = SessionSettings.from(environment);
        boolean redis = settings.redis();
        boolean pooled = redis && settings.mode() == SessionSettings.RedisMode.POOLED;
        Map<String, Object> session = new LinkedHashMap<>();
        session.put("store", SessionSettings.label(settings.store()));
        session.put("mode", redis ? SessionSettings.label(settings.mode()) : null);
        session.put("poolSize", pooled ? settings.poolSize() : null);
        session.put("host", redis ? settings.host() : null);
        session.put("port", redis ? settings.port() : null);
        LettuceConnectionFactory live = redis ? factory.getIfAvailable() : null;
        List<String> mismatches = new ArrayList<>();
        if (live == null) {
            session.put("effective", null);
            if (redis) {
                mismatches.add("no Redis connection factory");
            }
        } else {
            Map<String, Object> effective = effective(live);
            session.put("effective", effective);
            compare(settings, effective, mismatches);
        }
        RedisStartupCheck check = startupCheck.getIfAvailable();
        session.put("serverVersion", check == null ? null : check.serverVersion());
        session.put("lettuceVersion", redis ? RedisClient.class.getPackage().getImplementationVersion() : null);
        session.put("matchesRequested", mismatches.isEmpty());
        session.put("mismatches", mismatches);
        return session;
    }

    private Map<String, Object> effective(LettuceConnectionFactory live) {
        LettuceClientConfiguration client = live.getClientConfiguration();
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("host", live.getHostName());
        e.put("port", live.getPort());
        e.put("shareNativeConnection", live.getShareNativeConnection());
        e.put("pooled", client instanceof LettucePoolingClientConfiguration);
        e.put("commandTimeoutMillis", client.getCommandTimeout().toMillis());
        e.put("connectTimeoutMillis", client.getClientOptions()
                .map(o -> o.getSocketOptions().getConnectTimeout().toMillis()).orElse(null));
        e.put("disconnectedBehavior", client.getClientOptions()
                .map(o -> o.getDisconnectedBehavior().name().toLowerCase(java.util.Locale.ROOT)).orElse(null));
        RedisSessionMeters counted = meters.getIfAvailable();
        e.put("openConnections", counted == null ? null : counted.openConnections());
        e.put("repository", "RedisSessionRepository");
        e.put("namespace", SessionSettings.NAMESPACE);
        if (client instanceof LettucePoolingClientConfiguration pooling) {
            Map<String, Object> pool = livePool();
            if (pool == null) {
                var config = pooling.getPoolConfig();
                pool = new LinkedHashMap<>();
                pool.put("poolLive", false);
                pool.put("maxTotal", config.getMaxTotal());
                pool.put("maxIdle", config.getMaxIdle());
                pool.put("minIdle", config.getMinIdle());
                pool.put("maxWaitMillis", config.getMaxWaitDuration().toMillis());
            }
            e.putAll(pool);
        } else {
            for (String key : List.of("poolLive", "maxTotal", "maxIdle", "minIdle", "maxWaitMillis")) {
                e.put(key, null);
            }
        }
        return e;
    }

    /** The live pool's getters through its MBean; null before the pool exists. */
    private static Map<String, Object> livePool() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            Set<ObjectName> names = server.queryNames(new ObjectName(POOL_PATTERN), null);
            if (names.isEmpty()) {
                return null;
            }
            ObjectName name = names.iterator().next();
            Map<String, Object> pool = new LinkedHashMap<>();
            pool.put("poolLive", true);
            pool.put("poolJmxName", name.toString());
            for (String attribute : List.of("MaxTotal", "MaxIdle", "MinIdle", "MaxWaitMillis", "NumActive", "NumIdle",
                    "NumWaiters", "CreatedCount", "BlockWhenExhausted", "Lifo", "Fairness", "TestOnBorrow")) {
                String key = Character.toLowerCase(attribute.charAt(0)) + attribute.substring(1);
                pool.put(key, server.getAttribute(name, attribute));
            }
            return pool;
        } catch (JMException e) {
            return null;
        }
    }

    private static void compare(SessionSettings settings, Map<String, Object> effective, List<String> mismatches) {
        boolean pooled = settings.mode() == SessionSettings.RedisMode.POOLED;
        expect(mismatches, "host", settings.host(), effective.get("host"));
        expect(mismatches, "port", settings.port(), effective.get("port"));
        expect(mismatches, "shareNativeConnection", !pooled, effective.get("shareNativeConnection"));
        expect(mismatches, "pooled", pooled, effective.get("pooled"));
        if (pooled) {
            expect(mismatches, "maxTotal", settings.poolSize(), effective.get("maxTotal"));
            expect(mismatches, "maxIdle", settings.poolSize(), effective.get("maxIdle"));
        }
    }

    private static void expect(List<String> mismatches, String key, Object expected, Object actual) {
        if (!Objects.equals(String.valueOf(expected), String.valueOf(actual))) {
            mismatches.add(key + ": expected " + expected + ", effective " + actual);
        }
    }
}
