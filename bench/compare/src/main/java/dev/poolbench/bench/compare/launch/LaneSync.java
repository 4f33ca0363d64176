package dev.poolbench.bench.compare.launch;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The lanes of a window meet at each step of the load JVM's protocol: no lane starts its load
 * until every lane's load JVM is ready, no lane measures until every warm-up is over and every
 * database is reset. The shared step runs once, in the last lane to arrive, before any lane goes
 * on ({@link CyclicBarrier}'s barrier action); then every lane sends its line at the same moment.
 * A lane that fails aborts the meeting, so its partner fails too instead of waiting forever.
 * One lane (solo) meets only itself: its shared steps run at once.
 */
public final class LaneSync {

    private final int lanes;
    private final long timeoutSeconds;
    private final Map<String, CyclicBarrier> steps = new HashMap<>();
    private final AtomicInteger loadsDone = new AtomicInteger();
    private boolean aborted;

    public LaneSync(int lanes, long timeoutSeconds) {
        this.lanes = lanes;
        this.timeoutSeconds = timeoutSeconds;
    }

    /**
     * Waits for every lane at {@code step}; the last to arrive runs {@code shared} before any goes on.
     *
     * @throws IllegalStateException when another lane failed, or did not arrive in time
     */
    public void meet(String step, Runnable shared) {
        CyclicBarrier barrier;
        synchronized (this) {
            if (aborted) {
                throw new IllegalStateException("the partner lane failed before " + step);
            }
            barrier = steps.computeIfAbsent(step, s -> new CyclicBarrier(lanes, shared));
        }
        try {
            barrier.await(timeoutSeconds, TimeUnit.SECONDS);
        } catch (BrokenBarrierException e) {
            throw new IllegalStateException("the partner lane failed before " + step);
        } catch (TimeoutException e) {
            abort();
            throw new IllegalStateException("the partner lane did not reach " + step + " within " + timeoutSeconds
                    + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abort();
            throw new IllegalStateException("interrupted before " + step);
        }
    }

    /** This lane failed: the others waiting now, or arriving later, fail too. */
    public synchronized void abort() {
        aborted = true;
        steps.values().forEach(CyclicBarrier::reset);
    }

    /** A lane's measured load is over; true for the last lane. */
    public boolean loadDone() {
        return loadsDone.incrementAndGet() == lanes;
    }
}
