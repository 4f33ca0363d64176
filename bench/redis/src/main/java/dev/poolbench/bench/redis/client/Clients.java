package dev.poolbench.bench.redis.client;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.support.ConnectionPoolSupport;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.commons.pool2.impl.GenericObjectPool;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.JedisPooled;

/**
 * Builds the clients of a run. One Lettuce {@link ClientResources} (its event loops and timer) is
 * shared by all cells, as an application has one; each cell gets a fresh {@link RedisClient} or
 * Jedis pool, so no cell inherits another's connections.
 */
public final class Clients implements AutoCloseable {

    private final String host;
    private final int port;
    private final Duration connectTimeout;
    private final Duration commandTimeout;
    private final ClientResources resources = DefaultClientResources.create();

    /**
     * @param connectTimeout for opening a connection, and for a pool borrow waiting for one (a cell
     *        whose connections cannot be opened in that time reports "connect timed out")
     * @param commandTimeout for one command's reply
     */
    public Clients(String host, int port, Duration connectTimeout, Duration commandTimeout) {
        this.host = host;
        this.port = port;
        this.connectTimeout = connectTimeout;
        this.commandTimeout = commandTimeout;
    }

    /** The client for a cell of {@code threads} threads; connections open lazily, on first use. */
    public LoopClient create(ClientKind kind, int threads) {
        return switch (kind.library()) {
            case LETTUCE -> kind.pooled() ? lettucePooled(kind.maxConnections(threads), kind.fair()) : lettuceShared();
            case JEDIS -> jedisPooled(kind.maxConnections(threads), kind.fair());
        };
    }

    private RedisClient lettuceClient() {
        RedisClient client = RedisClient.create(resources, RedisURI.builder().withHost(host).withPort(port)
                .withTimeout(commandTimeout).build());
        client.setOptions(ClientOptions.builder()
                .socketOptions(SocketOptions.builder().connectTimeout(connectTimeout).build())
                .timeoutOptions(TimeoutOptions.enabled(commandTimeout))
                // A cell measures; it does not reconnect behind the threads' backs.
                .autoReconnect(false)
                .build());
        return client;
    }

    private LoopClient lettuceShared() {
        RedisClient client = lettuceClient();
        // Opened at the first SET, like Spring's shared connection, by whichever thread comes first.
        return new LoopClient() {
            private volatile StatefulRedisConnection<String, String> connection;

            @Override
            public void set(String key, String value) {
                StatefulRedisConnection<String, String> c = connection;
                if (c == null) {
                    c = open();
                }
                c.sync().set(key, value);
            }

            private synchronized StatefulRedisConnection<String, String> open() {
                if (connection == null) {
                    connection = client.connect();
                }
                return connection;
            }

            @Override
            public void close() {
                if (connection != null) {
                    connection.close();
                }
                client.shutdown(0, 2, TimeUnit.SECONDS);
            }
        };
    }

    private LoopClient lettucePooled(int size, boolean fair) {
        RedisClient client = lettuceClient();
        GenericObjectPool<StatefulRedisConnection<String, String>> pool =
                ConnectionPoolSupport.createGenericObjectPool(client::connect, poolConfig(size, fair));
        return new LoopClient() {
            @Override
            public void set(String key, String value) throws Exception {
                // The pool's wrapped connection goes back to the pool on close().
                try (StatefulRedisConnection<String, String> c = pool.borrowObject()) {
                    c.sync().set(key, value);
                }
            }

            @Override
            public void close() {
                pool.close();
                client.shutdown(0, 2, TimeUnit.SECONDS);
            }
        };
    }

    private LoopClient jedisPooled(int size, boolean fair) {
        ConnectionPoolConfig config = new ConnectionPoolConfig();
        configure(config, size, fair);
        int connectMillis = (int) connectTimeout.toMillis();
        int commandMillis = (int) commandTimeout.toMillis();
        JedisPooled jedis = new JedisPooled(config, host, port, connectMillis, commandMillis, null, 0, null);
        return new LoopClient() {
            @Override
            public void set(String key, String value) {
                jedis.set(key, value);
            }

            @Override
            public void close() {
                jedis.close();
            }
        };
    }

    private <T> GenericObjectPoolConfig<T> poolConfig(int size, boolean fair) {
        GenericObjectPoolConfig<T> config = new GenericObjectPoolConfig<>();
        configure(config, size, fair);
        return config;
    }

    /**
     * Both libraries' pools the same way: up to {@code size} connections, all of them kept when
     * returned (commons-pool2's maxIdle of 8 would close every connection above 8 on return and
     * open it again: churn, not pooling), no validation on borrow, a borrow waits at most the
     * connect timeout. No JMX registration: 5,000-connection cells must not pay for MBeans.
     * Waiters are served in order only when asked for ({@code -fair}): commons-pool2's default.
     */
    private void configure(GenericObjectPoolConfig<?> config, int size, boolean fair) {
        config.setMaxTotal(size);
        config.setMaxIdle(size);
        config.setMinIdle(0);
        config.setTestOnBorrow(false);
        config.setTestWhileIdle(false);
        config.setBlockWhenExhausted(true);
        config.setMaxWait(connectTimeout);
        config.setJmxEnabled(false);
        config.setFairness(fair);
    }

    /** Lettuce's version, as its jar states it. */
    public static String lettuceVersion() {
        return versionOf(RedisClient.class);
    }

    public static String jedisVersion() {
        return versionOf(JedisPooled.class);
    }

    public static String commonsPoolVersion() {
        return versionOf(GenericObjectPool.class);
    }

    /** The manifest's version, else the one in the jar's file name (Jedis's manifest has none). */
    private static String versionOf(Class<?> type) {
        String version = type.getPackage().getImplementationVersion();
        if (version != null) {
            return version;
        }
        var source = type.getProtectionDomain().getCodeSource();
        String jar = source == null ? "" : source.getLocation().getPath();
        var m = java.util.regex.Pattern.compile("-(\\d[^/]*)\\.jar$").matcher(jar);
        return m.find() ? m.group(1) : "unknown";
    }

    @Override
    public void close() {
        resources.shutdown(0, 2, TimeUnit.SECONDS);
    }
}
