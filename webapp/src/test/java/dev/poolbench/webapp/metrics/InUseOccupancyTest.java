package dev.poolbench.webapp.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The time-weighted in-use count, on a clock the test moves, and under concurrent borrows. */
class InUseOccupancyTest {

    private final AtomicLong clock = new AtomicLong(1_000);
    private final InUseOccupancy occupancy = new InUseOccupancy(clock::get);

    @Test
    void chargesEachIntervalToTheCountInUseDuringIt() {
        clock.addAndGet(10);        // 10 ns at 0
        occupancy.borrowed();
        clock.addAndGet(20);        // 20 ns at 1
        occupancy.borrowed();
        clock.addAndGet(30);        // 30 ns at 2
        occupancy.returned();
        clock.addAndGet(40);        // 40 ns at 1
        occupancy.borrowed();
        occupancy.borrowed();       // no time passes at 2
        clock.addAndGet(5);         // 5 ns at 3, still open at the read
        InUseOccupancy.Snapshot read = occupancy.read();
        assertThat(read.nanosAtLevel()).containsExactly(10, 60, 30, 5);
        assertThat(read.inUse()).isEqualTo(3);
        assertThat(read.readNanos()).isEqualTo(1_105);
    }

    @Test
    void readsAreCumulativeSoTheirDifferenceIsTheWindow() {
        occupancy.borrowed();
        clock.addAndGet(100);
        long[] start = occupancy.read().nanosAtLevel();
        clock.addAndGet(7);
        occupancy.returned();
        clock.addAndGet(3);
        long[] end = occupancy.read().nanosAtLevel();
        assertThat(end[0] - start[0]).isEqualTo(3);
        assertThat(end[1] - start[1]).isEqualTo(7);
    }

    @Test
    void countsBeyondTheCapLandInTheLastLevel() {
        for (int i = 0; i < InUseOccupancy.LEVELS + 5; i++) {
            occupancy.borrowed();
        }
        clock.addAndGet(9);
        long[] nanos = occupancy.read().nanosAtLevel();
        assertThat(nanos).hasSize(InUseOccupancy.LEVELS);
        assertThat(nanos[InUseOccupancy.LEVELS - 1]).isEqualTo(9);
    }

    /** Through the wrapper, many threads at once: the time adds up to the wall time and nothing is left in use. */
    @Test
    void concurrentBorrowsAddUpToTheElapsedTime() throws Exception {
        TimedDataSource wrapper = new TimedDataSource(new TimedDataSourceTest.StubDataSource(), true);
        InUseOccupancy.Snapshot before = wrapper.occupancy().read();
        int threads = 8;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < 20_000; i++) {
                        try (Connection c = wrapper.getConnection()) {
                            c.isClosed();
                        }
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            w.start();
            workers.add(w);
        }
        start.countDown();
        for (Thread w : workers) {
            w.join();
        }
        InUseOccupancy.Snapshot after = wrapper.occupancy().read();
        assertThat(after.inUse()).isZero();
        assertThat(after.nanosAtLevel().length).isLessThanOrEqualTo(threads + 1);
        long counted = Arrays.stream(after.nanosAtLevel()).sum() - Arrays.stream(before.nanosAtLevel()).sum();
        assertThat(counted).isEqualTo(after.readNanos() - before.readNanos());
    }

    /**
     * A pool of one under 4 threads: the count must never pass 1. A return counted after the pool
     * has the connection back would let the next borrower count it first (2 in use with 1).
     */
    @Test
    void theCountNeverExceedsThePool() throws Exception {
        java.util.concurrent.Semaphore pool = new java.util.concurrent.Semaphore(1, true);
        TimedDataSourceTest.StubDataSource connections = new TimedDataSourceTest.StubDataSource();
        javax.sql.DataSource poolOfOne = new org.springframework.jdbc.datasource.AbstractDataSource() {
            @Override
            public Connection getConnection() throws java.sql.SQLException {
                pool.acquireUninterruptibly();
                Connection c = connections.getConnection();
                return (Connection) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                        new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                            if (method.getName().equals("close")) {
                                pool.release();
                                // The window in which the next borrower could overtake the return's count.
                                Thread.yield();
                                return null;
                            }
                            return method.invoke(c, args);
                        });
            }

            @Override
            public Connection getConnection(String username, String password) throws java.sql.SQLException {
                return getConnection();
            }
        };
        TimedDataSource wrapper = new TimedDataSource(poolOfOne, true);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread w = new Thread(() -> {
                for (int i = 0; i < 20_000; i++) {
                    try (Connection c = wrapper.getConnection()) {
                        c.isClosed();
                    } catch (java.sql.SQLException e) {
                        throw new IllegalStateException(e);
                    }
                }
            });
            w.start();
            workers.add(w);
        }
        for (Thread w : workers) {
            w.join();
        }
        assertThat(wrapper.occupancy().read().nanosAtLevel()).hasSizeLessThanOrEqualTo(2);
    }
}
