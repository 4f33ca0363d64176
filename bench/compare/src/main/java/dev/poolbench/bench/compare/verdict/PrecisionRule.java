package dev.poolbench.bench.compare.verdict;

import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunRecord;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * {@code --until-precision X%}: the comparison is precise enough once every paired interval
 * (each profile against the reference, at every pool size; in a sweep of duets each size
 * against the reference size) has a half-width of at most X percent points. Until then the
 * plan adds a whole round ({@link RunPlan}).
 */
public final class PrecisionRule implements RunPlan.StopRule {

    private final List<String> profiles;
    private final List<Integer> sizes;
    private final String reference;
    private final double marginPercent;
    private final double precisionPercent;
    private final Consumer<String> log;

    public PrecisionRule(List<String> profiles, List<Integer> sizes, String reference, double marginPercent,
                  double precisionPercent, Consumer<String> log) {
        this.profiles = List.copyOf(profiles);
        this.sizes = sizes;
        this.reference = reference;
        this.marginPercent = marginPercent;
        this.precisionPercent = precisionPercent;
        this.log = log;
    }

    @Override
    public String apply(List<RunRecord> runs) {
        double widest = 0;
        String where = null;
        for (PairedBlocks.Located pair : PairedBlocks.of(runs, profiles, sizes, reference, marginPercent)) {
            PairedVerdict.Entry e = pair.entry();
            double half = e.result().n() < 2 ? Double.POSITIVE_INFINITY : e.result().halfWidthPercent();
            if (!(half <= widest)) {
                widest = half;
                where = pair.where();
            }
        }
        String widestText = Double.isInfinite(widest) ? "no interval yet (fewer than 2 paired rounds)"
                : String.format(Locale.ROOT, "±%.1f %%", widest);
        if (widest <= precisionPercent) {
            return String.format(Locale.ROOT, "every paired interval is within ±%s %% (widest %s, %s)",
                    PairedVerdict.marginText(precisionPercent), widestText, where);
        }
        // Neutral wording: the plan may still stop here because the budget is spent.
        log.accept(String.format(Locale.ROOT, "precision: widest paired interval %s (%s), target ±%s %%",
                widestText, where, PairedVerdict.marginText(precisionPercent)));
        return null;
    }

    @Override
    public String goal() {
        return "every paired interval was within ±" + PairedVerdict.marginText(precisionPercent) + " %";
    }
}
