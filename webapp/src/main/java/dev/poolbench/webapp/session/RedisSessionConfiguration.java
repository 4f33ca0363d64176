package dev.poolbench.webapp.session;

import dev.poolbench.webapp.web.StoreUnavailableFilter;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.metrics.MicrometerCommandLatencyRecorder;
import io.lettuce.core.metrics.MicrometerOptions;
import io.lettuce.core.resource.ClientResources;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.commonspool2.CommonsObjectPool2Metrics;
import jakarta.servlet.DispatcherType;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettucePoolingClientConfiguration;
import org.springframework.session.data.redis.config.annotation.web.http.EnableRedisHttpSession;
import org.springframework.session.web.http.SessionRepositoryFilter;

/**
 * The HTTP session in Redis ({@code POOLBENCH_SESSION_STORE=redis}): Spring Session's
 * {@code RedisSessionRepository} (a hash per session, no secondary indexes, so no keyspace
 * notifications are needed) on one Lettuce connection factory, shared or pooled. Wired here
 * rather than by Boot's auto-configuration, which is not on the class path: with the default
 * memory store none of this exists. The session cookie is Spring Session's ({@code SESSION},
 * HttpOnly, not Secure over plain http), which spec section 3 allows.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(RedisStoreCondition.class)
@EnableRedisHttpSession(redisNamespace = SessionSettings.NAMESPACE)
class RedisSessionConfiguration {

    /** JMX name of the pool ({@code org.apache.commons.pool2:type=GenericObjectPool,name=lettuce}). */
    static final String POOL_JMX_PREFIX = "lettuce";

    /**
     * Lettuce's event loops and timer, with its command latency recorded as Micrometer timers
     * ({@code lettuce.command.completion}, {@code lettuce.command.firstresponse}; no histogram, no
     * per-local-port tags): a timer update per command, against a round trip of tens of µs.
     */
    @Bean(destroyMethod = "shutdown")
    ClientResources redisClientResources(MeterRegistry registry) {
        return ClientResources.builder()
                .commandLatencyRecorder(new MicrometerCommandLatencyRecorder(registry, MicrometerOptions.create()))
                .build();
    }

    @Bean
    LettuceConnectionFactory redisConnectionFactory(Environment environment, ClientResources resources) {
        SessionSettings settings = SessionSettings.from(environment);
        // While Redis is away, commands fail at once instead of waiting in Lettuce's buffer for
        // the reconnect or the command timeout: Spring Session saves a session that failed to
        // save once more at the end of its filter, so a buffered save could hold a request for
        // twice the 10-s timeout (docs/redis.md, "Faults: Redis restarted under load").
        ClientOptions options = ClientOptions.builder()
                .socketOptions(SocketOptions.builder().connectTimeout(SessionSettings.CONNECT_TIMEOUT).build())
                .disconnectedBehavior(SessionSettings.DISCONNECTED)
                .build();
        LettuceClientConfiguration client = switch (settings.mode()) {
            case SHARED -> LettuceClientConfiguration.builder().clientResources(resources).clientOptions(options)
                    .commandTimeout(SessionSettings.COMMAND_TIMEOUT).build();
            case POOLED -> LettucePoolingClientConfiguration.builder().poolConfig(poolConfig(settings.poolSize()))
                    .clientResources(resources).clientOptions(options)
                    .commandTimeout(SessionSettings.COMMAND_TIMEOUT).build();
        };
        LettuceConnectionFactory factory = new LettuceConnectionFactory(
                new RedisStandaloneConfiguration(settings.host(), settings.port()), client);
        // Pooled means every command borrows from the pool: with the default (true) a pooling
        // configuration would still send ordinary commands over one shared connection.
        factory.setShareNativeConnection(settings.mode() == SessionSettings.RedisMode.SHARED);
        return factory;
    }

    /**
     * N connections, all kept when returned (commons-pool2's default maxIdle of 8 would close the
     * ones above 8 on every return), opened on demand, no validation on borrow (a broken
     * connection fails its command; Lettuce reconnects), a borrow waits at most
     * {@link SessionSettings#POOL_WAIT}. Registered in JMX under {@value #POOL_JMX_PREFIX}: the
     * meters and the settings read-back find the live pool there.
     */
    static <T> GenericObjectPoolConfig<T> poolConfig(int size) {
        GenericObjectPoolConfig<T> config = new GenericObjectPoolConfig<>();
        config.setMaxTotal(size);
        config.setMaxIdle(size);
        config.setMinIdle(0);
        config.setMaxWait(SessionSettings.POOL_WAIT);
        config.setTestOnBorrow(false);
        config.setJmxEnabled(true);
        config.setJmxNamePrefix(POOL_JMX_PREFIX);
        return config;
    }

    /**
     * A Redis failure outside Spring MVC (the session saved as the response commits) is a 503
     * page, not Tomcat's 500 with a stack trace: just outside Spring Session's filter.
     */
    @Bean
    FilterRegistrationBean<StoreUnavailableFilter> storeUnavailableFilter() {
        FilterRegistrationBean<StoreUnavailableFilter> registration =
                new FilterRegistrationBean<>(new StoreUnavailableFilter());
        registration.setOrder(SessionRepositoryFilter.DEFAULT_ORDER - 1);
        registration.setDispatcherTypes(DispatcherType.REQUEST);
        return registration;
    }

    @Bean
    RedisStartupCheck redisStartupCheck(Environment environment, LettuceConnectionFactory factory) {
        return new RedisStartupCheck(SessionSettings.from(environment), factory);
    }

    @Bean
    RedisSessionMeters redisSessionMeters(ClientResources resources) {
        return new RedisSessionMeters(resources);
    }

    /** commons-pool2's own figures, read from the pool's MBean (active, idle, waiters, created...). */
    @Bean(destroyMethod = "close")
    CommonsObjectPool2Metrics redisPoolMetrics() {
        return new CommonsObjectPool2Metrics();
    }

    /** "redis" health: a PING through the factory (DOWN while Redis is unreachable). */
    @Bean("redis")
    AbstractHealthIndicator redisHealthIndicator(ObjectProvider<LettuceConnectionFactory> factory) {
        return new AbstractHealthIndicator("Redis health check failed") {
            @Override
            protected void doHealthCheck(Health.Builder builder) {
                try (RedisConnection connection = factory.getObject().getConnection()) {
                    String pong = connection.ping();
                    if ("PONG".equals(pong)) {
                        builder.up();
                    } else {
                        builder.down().withDetail("ping", String.valueOf(pong));
                    }
                }
            }
        };
    }
}
