package dev.poolbench.webapp.metrics;

import dev.poolbench.webapp.pool.PoolCounters;
import dev.poolbench.webapp.pool.PoolProfiles;
import java.util.function.DoubleSupplier;
import javax.sql.DataSource;

/**
 * Active, idle, pending and maximum connections, read at scrape time from the pool's own
 * counters, which its descriptor knows ({@link PoolCounters}: each pool's class says which
 * getters), and from the wrapper where the pool has none: pending = threads inside
 * {@code getConnection()} for a pool that counts no waiting threads; without a pool (nopool) the
 * wrapper's in-use count as active, idle and pending 0 (no queue: time spent connecting shows in
 * the acquire time instead) and the maximum NaN (unbounded). Values are NaN while a pool has not
 * started yet. Nothing here runs on the request path.
 */
final class PoolGauges {

    private final TimedDataSource wrapper;
    private final DoubleSupplier active;
    private final DoubleSupplier idle;
    private final DoubleSupplier pending;
    private final DoubleSupplier max;
    private final String source;

    PoolGauges(TimedDataSource wrapper, DoubleSupplier active, DoubleSupplier idle,
            DoubleSupplier pending, DoubleSupplier max, String source) {
        this.wrapper = wrapper;
        this.active = active;
        this.idle = idle;
        this.pending = pending;
        this.max = max;
        this.source = source;
    }

    TimedDataSource wrapper() {
        return wrapper;
    }

    double active() {
        return active.getAsDouble();
    }

    double idle() {
        return idle.getAsDouble();
    }

    double pending() {
        return pending.getAsDouble();
    }

    double max() {
        return max.getAsDouble();
    }

    /** Where the values come from, for the {@code poolbench_pool_info} gauge. */
    String source() {
        return source;
    }

    static PoolGauges of(TimedDataSource wrapper) {
        PoolCounters pool = PoolProfiles.counters(wrapper.target());
        if (pool == null) {
            return new PoolGauges(wrapper, wrapper::inUseNow, () -> 0, () -> 0, () -> Double.NaN, "wrapper (no pool)");
        }
        if (pool.pending() == null) {
            return new PoolGauges(wrapper, pool.active(), pool.idle(), wrapper::pendingNow, pool.max(),
                    "pool; pending from wrapper");
        }
        return new PoolGauges(wrapper, pool.active(), pool.idle(), pool.pending(), pool.max(), "pool");
    }

    /** True when the DataSource keeps connections: a pool of the catalogue but nopool. */
    static boolean isPool(DataSource dataSource) {
        return PoolProfiles.keepsConnections(dataSource);
    }
}
