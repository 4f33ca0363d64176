package dev.poolbench.bench.compare.plan;

/**
 * The two variants of a variant duet ({@link RunPlan#variantDuets}): {@code other} against
 * {@code reference} (the plan's first variant), the same pool and size in both lanes.
 */
public record VariantPair(RunVariant other, RunVariant reference) {

    /** The other lane's variant. */
    public RunVariant partnerOf(RunVariant own) {
        return own.equals(reference) ? other : reference;
    }
}
