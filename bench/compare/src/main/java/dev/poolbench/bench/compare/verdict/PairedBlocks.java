package dev.poolbench.bench.compare.verdict;

import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.stats.BetweenSd;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Every paired verdict of the runs so far, with where it stands (size, variant): what the stop
 * rules of adaptive rounds ({@link DecidedRule}, the size search) look at. One block per
 * pool size and variant (thread mode, JDK), as in the summary; a sweep of duets pairs sizes
 * within each variant instead.
 */
final class PairedBlocks {

    /** One pair's verdict and where it is: "dbcp2 vs hikari at size 10 (virtual threads)". */
    record Located(PairedVerdict.Entry entry, String where) {
    }

    private PairedBlocks() {
    }

    static List<Located> of(List<RunRecord> runs, List<String> profiles, List<Integer> sizes, String reference,
                            double marginPercent) {
        return of(runs, profiles, sizes, reference, marginPercent, BetweenSd.NONE);
    }

    /**
     * As in the summary: the intervals widened by the comparison's between-sitting term, each
     * undecided pair's rounds needed predicted with the design's measured duet sd.
     */
    static List<Located> of(List<RunRecord> runs, List<String> profiles, List<Integer> sizes, String reference,
                            double marginPercent, BetweenSitting between) {
        return of(runs, profiles, sizes, reference, marginPercent, between.sd()).stream()
                .map(l -> new Located(l.entry().withNoise(between.noise()), l.where())).toList();
    }

    /** As above, the intervals widened by the between-sitting sd (0: none) as in the summary. */
    static List<Located> of(List<RunRecord> runs, List<String> profiles, List<Integer> sizes, String reference,
                            double marginPercent, BetweenSd betweenSd) {
        List<String> variants = runs.stream().map(r -> RunVariant.key(r.json())).distinct().toList();
        boolean sizeDuets = SizeDuets.any(runs);
        // null: every size at once (a size duet's two lanes have two sizes).
        List<Integer> blockSizes = sizeDuets ? Collections.singletonList(null) : sizes;
        List<Located> all = new ArrayList<>();
        for (Integer size : blockSizes) {
            for (String variant : variants) {
                List<RunRecord> block = runs.stream().filter(r -> (sizeDuets || Objects.equals(r.poolSize(), size))
                        && Objects.equals(RunVariant.key(r.json()), variant)).toList();
                List<PairedVerdict.Entry> entries = sizeDuets ? SizeDuets.entries(block, marginPercent)
                        : PairedVerdict.of(block, profiles, reference, marginPercent, betweenSd);
                for (PairedVerdict.Entry e : entries) {
                    String where = e.profile() + " vs " + e.reference() + (size == null || sizes.size() < 2 ? ""
                            : " at size " + size) + (variants.size() > 1 ? " (" + RunVariant.describe(variant) + ")"
                            : "");
                    all.add(new Located(e, where));
                }
            }
        }
        return all;
    }
}
