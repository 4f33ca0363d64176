package dev.poolbench.webapp.pool;

import java.util.function.DoubleSupplier;

/**
 * A pool's own counters, as its descriptor reads them ({@link PoolDescriptor#counters}), for the
 * gauges of the metrics package: connections in use, idle, threads waiting, and the maximum. Each
 * is read at scrape time, never on the request path, and is NaN while the pool has not started.
 *
 * @param pending null when the pool counts no waiting threads: the timing wrapper counts them then
 */
public record PoolCounters(DoubleSupplier active, DoubleSupplier idle, DoubleSupplier pending, DoubleSupplier max) {

    /** A getter that may throw (C3P0's and UCP's declare SQLException), read as NaN when it does. */
    static DoubleSupplier guarded(Getter getter) {
        return () -> {
            try {
                return getter.get();
            } catch (Exception e) {
                return Double.NaN;
            }
        };
    }

    @FunctionalInterface
    interface Getter {
        double get() throws Exception;
    }
}
