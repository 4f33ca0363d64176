package dev.poolbench.bench.compare.plan;

/** The two pool sizes of a size duet: {@code size} against {@code referenceSize} (a sweep's duets). */
public record SizePair(int size, int referenceSize) {

    /** The other lane's size. */
    public int partnerOf(int own) {
        return own == referenceSize ? size : referenceSize;
    }
}
