package dev.poolbench.bench.load.sim;

/** Session keys of the simulation. */
final class Keys {
    /** The worker of this virtual user ({@link dev.poolbench.bench.load.model.Worker}). */
    static final String WORKER = "worker";
    /** The flow in progress ({@link dev.poolbench.bench.load.model.Flow}). */
    static final String FLOW = "flow";

    private Keys() {
    }
}
