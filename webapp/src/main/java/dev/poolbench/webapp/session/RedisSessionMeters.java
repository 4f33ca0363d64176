package dev.poolbench.webapp.session;

import io.lettuce.core.event.connection.ConnectionActivatedEvent;
import io.lettuce.core.event.connection.ConnectionDeactivatedEvent;
import io.lettuce.core.resource.ClientResources;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.Disposable;

/**
 * The client's connections to Redis, whatever the mode, from Lettuce's event bus (a connection is
 * counted while its channel is active):
 * <ul>
 * <li>{@code poolbench_redis_connections}: open now (shared: 1; pooled: up to the pool size);</li>
 * <li>{@code poolbench_redis_connections_opened_total}: activated so far (reconnects included).</li>
 * </ul>
 * The pool's own figures come from commons-pool2 ({@code commons_pool2_*}), the command latency
 * from Lettuce ({@code lettuce_command_*}); docs/pool-metrics.md, "Redis session store".
 */
final class RedisSessionMeters implements MeterBinder, AutoCloseable {

    private final AtomicLong open = new AtomicLong();
    private final AtomicLong opened = new AtomicLong();
    private final Disposable subscription;

    RedisSessionMeters(ClientResources resources) {
        // Subscribed at creation, before the start-up check opens the first connection.
        subscription = resources.eventBus().get().subscribe(event -> {
            if (event instanceof ConnectionActivatedEvent) {
                open.incrementAndGet();
                opened.incrementAndGet();
            } else if (event instanceof ConnectionDeactivatedEvent) {
                open.decrementAndGet();
            }
        });
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("poolbench.redis.connections", open, AtomicLong::get)
                .description("Connections of the session store's Redis client that are open now")
                .strongReference(true).register(registry);
        FunctionCounter.builder("poolbench.redis.connections.opened", opened, AtomicLong::get)
                .description("Connections of the session store's Redis client opened so far (reconnects included)")
                .register(registry);
    }

    long openConnections() {
        return open.get();
    }

    long openedConnections() {
        return opened.get();
    }

    @Override
    public void close() {
        subscription.dispose();
    }
}
