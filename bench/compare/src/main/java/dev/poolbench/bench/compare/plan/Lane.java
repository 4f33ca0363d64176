package dev.poolbench.bench.compare.plan;

/**
 * A run's place in a duet: lane {@code index} (0 or 1: the app started first, on the first
 * ports, on the first copy of the database) of window {@code window}, beside {@code partner}.
 *
 * @param sizes the window's two pool sizes when it is a size duet (the same profile in both
 *              lanes), null when both lanes have the same size
 * @param variants the window's two variants when it is a variant duet (the same profile and
 *              size in both lanes, e.g. redis-shared against redis-pooled), null otherwise
 */
public record Lane(String window, int index, String partner, SizePair sizes, VariantPair variants) {

    public Lane(String window, int index, String partner) {
        this(window, index, partner, null, null);
    }

    public Lane(String window, int index, String partner, SizePair sizes) {
        this(window, index, partner, sizes, null);
    }
}
