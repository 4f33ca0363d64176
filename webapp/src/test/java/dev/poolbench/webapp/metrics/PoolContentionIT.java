package dev.poolbench.webapp.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The same contention scenario for every pool: a pool of 2, 8 threads each holding a connection
 * for {@value #HOLD_MILLIS} ms. The wrapper must show pending reaching 6, active 2, acquire time
 * growing to about three holds (the last pair waits for three waves), 2 physical connections.
 * Without a pool, nothing queues: pending stays 0, every borrow is a new connection.
 * One tiny subclass per pool.
 */
abstract class PoolContentionIT {

    static final int POOL_SIZE = 2;
    static final int THREADS = 8;
    static final long HOLD_MILLIS = 500;
    static final long WAIT_MILLIS = 30_000;

    private DataSource pool;

    /** The pool, unwrapped, with size {@link #POOL_SIZE} and wait {@link #WAIT_MILLIS}. */
    abstract DataSource createPool(String jdbcUrl) throws Exception;

    abstract String profile();

    abstract void closePool(DataSource pool) throws Exception;

    boolean pooled() {
        return true;
    }

    @AfterEach
    void close() throws Exception {
        if (pool != null) {
            closePool(pool);
        }
    }

    @Test
    void pendingReachesSixAndAcquireTimeGrows() throws Exception {
        pool = createPool(MetricsTestDatabase.jdbcUrl());
        MeterRegistry registry = new SimpleMeterRegistry();
        TimedDataSource wrapped = new TimedDataSource(pool, PoolGauges.isPool(pool));
        PoolMetricsConfiguration.bind(registry, profile(), wrapped);
        query(wrapped); // starts lazily started pools

        CountDownLatch go = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            done.add(threads.submit(() -> {
                go.await();
                try (Connection connection = wrapped.getConnection();
                     Statement statement = connection.createStatement()) {
                    statement.execute("SELECT 1");
                    Thread.sleep(HOLD_MILLIS);
                }
                return null;
            }));
        }
        go.countDown();
        long startNanos = System.nanoTime();
        double peakPending = 0;
        double peakActive = 0;
        double midFirstHoldPending = Double.NaN;
        while (done.stream().anyMatch(f -> !f.isDone())) {
            peakPending = Math.max(peakPending, gauge(registry, "poolbench.pool.pending"));
            peakActive = Math.max(peakActive, gauge(registry, "poolbench.pool.active"));
            if (Double.isNaN(midFirstHoldPending) && System.nanoTime() - startNanos > HOLD_MILLIS * 1_000_000 / 2) {
                // Half-way through the first wave: 2 hold, 6 wait (peaks may briefly count a
                // thread that is about to be served: HikariCP counts every thread inside borrow).
                midFirstHoldPending = gauge(registry, "poolbench.pool.pending");
            }
            Thread.sleep(5);
        }
        for (Future<?> f : done) {
            f.get();
        }
        threads.shutdown();

        Timer acquire = registry.get("poolbench.pool.acquire").tag("pool", profile()).timer();
        Timer hold = registry.get("poolbench.pool.hold").timer();
        assertThat(acquire.count()).isEqualTo(THREADS + 1);
        assertThat(hold.count()).isEqualTo(THREADS + 1);
        assertThat(hold.max(TimeUnit.MILLISECONDS)).isGreaterThanOrEqualTo(HOLD_MILLIS);
        assertThat(counter(registry, "poolbench.pool.acquire.timeouts")).isZero();
        assertThat(gauge(registry, "poolbench.pool.pending")).isZero();
        if (pooled()) {
            assertThat(midFirstHoldPending).isEqualTo(THREADS - POOL_SIZE);
            assertThat(peakPending).isBetween((double) THREADS - POOL_SIZE, (double) THREADS);
            assertThat(peakActive).isEqualTo(POOL_SIZE);
            // 4 waves of 2: the last pair waits about 3 holds.
            assertThat(acquire.max(TimeUnit.MILLISECONDS)).isGreaterThan(2.5 * HOLD_MILLIS);
            assertThat(counter(registry, "poolbench.pool.connections.opened")).isEqualTo(POOL_SIZE);
            assertThat(gauge(registry, "poolbench.pool.max")).isEqualTo(POOL_SIZE);
            assertThat(gauge(registry, "poolbench.pool.active")).isZero();
            assertThat(gauge(registry, "poolbench.pool.idle")).isEqualTo(POOL_SIZE);
        } else {
            assertThat(peakPending).isZero();
            assertThat(midFirstHoldPending).isZero();
            assertThat(peakActive).isEqualTo(THREADS);
            assertThat(acquire.max(TimeUnit.MILLISECONDS)).isLessThan(HOLD_MILLIS);
            assertThat(counter(registry, "poolbench.pool.connections.opened")).isEqualTo(THREADS + 1);
            assertThat(gauge(registry, "poolbench.pool.max")).isNaN();
        }
    }

    private static void query(DataSource dataSource) throws Exception {
        try (Connection connection = dataSource.getConnection();
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT 1")) {
            assertThat(result.next()).isTrue();
        }
    }

    private static double gauge(MeterRegistry registry, String name) {
        Gauge gauge = registry.get(name).gauge();
        return gauge.value();
    }

    private static double counter(MeterRegistry registry, String name) {
        FunctionCounter counter = registry.get(name).functionCounter();
        return counter.count();
    }
}
