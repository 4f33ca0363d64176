package dev.poolbench.bench.compare.verdict;

import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Size duets ({@code ./poolbench size}): each window holds one pool at a size and the same pool
 * at the reference size, at the same time. Each size's verdict against the reference size is
 * paired by duet, with the same ratio, interval and words as the profiles' duets
 * ({@link DuetPairs}, {@link PairedTest}); the knee is the size search's
 * ({@code size.SizeSearch}).
 */
public final class SizeDuets {

    private SizeDuets() {
    }

    /** Whether the runs hold size duets (the records carry {@code duet.referencePoolSize}). */
    public static boolean any(List<RunRecord> runs) {
        return runs.stream().anyMatch(r -> r.json().path("duet").has("referencePoolSize"));
    }

    /** The size {@code profile}'s other sizes were measured against; null without a size duet of it. */
    public static Integer referenceSize(List<RunRecord> runs, String profile) {
        return runs.stream().filter(r -> r.profile().equals(profile) && r.json().path("duet").has("referencePoolSize"))
                .map(r -> (int) Json.number(r.json(), "duet.referencePoolSize")).findFirst().orElse(null);
    }

    /** {@code profile} at {@code size} against itself at {@code referenceSize}, over the duets where both lanes counted. */
    public static PairedTest.Result verdict(List<RunRecord> runs, String profile, int size, int referenceSize,
                                     double marginPercent) {
        List<Double> logs = new ArrayList<>();
        for (DuetPairs.Duet d : DuetPairs.of(runs)) {
            if (!d.counted() || !d.sizes() || size == referenceSize) {
                continue;
            }
            RunRecord lane = d.atSize(size);
            if (lane != null && d.atSize(referenceSize) != null && lane.profile().equals(profile)) {
                double ratio = d.ratio(lane);
                if (!Double.isNaN(ratio)) {
                    logs.add(Math.log(ratio));
                }
            }
        }
        return PairedTest.of(logs.stream().mapToDouble(Double::doubleValue).toArray(), marginPercent);
    }

    /**
     * Every size of every pool against its reference size, as paired entries ({@code hikari size 2
     * vs hikari size 10}): for the count of decided verdicts.
     */
    public static List<PairedVerdict.Entry> entries(List<RunRecord> runs, double marginPercent) {
        List<PairedVerdict.Entry> entries = new ArrayList<>();
        for (String profile : PairedVerdict.profiles(runs)) {
            Integer reference = referenceSize(runs, profile);
            if (reference == null) {
                continue;
            }
            runs.stream().filter(r -> r.profile().equals(profile)).map(RunRecord::poolSize)
                    .filter(Objects::nonNull).distinct().sorted().filter(size -> !size.equals(reference))
                    .forEach(size -> entries.add(new PairedVerdict.Entry(profile + " size " + size,
                            profile + " size " + reference, verdict(runs, profile, size, reference, marginPercent),
                            true)));
        }
        return entries;
    }
}
