package dev.poolbench.bench.compare.verdict;

import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A pool-size sweep run as duets ({@code --pool-size 2,5,10,20 --duet}): each window holds one
 * pool at a size and the same pool at the reference size, at the same time. Each size's verdict
 * against the reference size is paired by duet, with the same ratio, interval and words as the
 * profiles' duets ({@link DuetPairs}, {@link PairedTest}); the knee statement turns the
 * verdicts of one pool into a sentence.
 */
public final class SizeDuets {

    /**
     * A pool's knee: the smallest size from which every swept size up to the reference size is
     * equivalent to it. Decided when the next smaller size swept is slower than the reference
     * size, or when the smallest size swept is already equivalent (then the knee is at or below
     * it).
     *
     * @param size the decided knee, null when it is not decided
     * @param text the pool's sizes in words, then the knee
     */
    public record Knee(Integer size, String text) {
    }

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

    /** The size with the highest estimate against the reference size (which counts as 0 %). */
    public static int best(int referenceSize, Map<Integer, PairedTest.Result> verdicts) {
        int best = referenceSize;
        double highest = 0;
        for (Map.Entry<Integer, PairedTest.Result> e : verdicts.entrySet()) {
            double estimate = e.getValue().estimatePercent();
            if (!Double.isNaN(estimate) && estimate > highest) {
                highest = estimate;
                best = e.getKey();
            }
        }
        return best;
    }

    /**
     * One pool's sizes in words: the run of sizes equivalent to the reference size around it, each
     * other size with its word, then the knee.
     *
     * @param sizes    every size swept, ascending, the reference size among them
     * @param verdicts each size but the reference against the reference size
     */
    public static Knee knee(int referenceSize, List<Integer> sizes, Map<Integer, PairedTest.Result> verdicts) {
        int r = sizes.indexOf(referenceSize);
        int lo = r;
        while (lo > 0 && word(verdicts, sizes.get(lo - 1)) == PairedTest.Word.EQUIVALENT) {
            lo--;
        }
        int hi = r;
        while (hi < sizes.size() - 1 && word(verdicts, sizes.get(hi + 1)) == PairedTest.Word.EQUIVALENT) {
            hi++;
        }
        List<String> clauses = new ArrayList<>();
        if (lo < hi) {
            clauses.add(groupClause(sizes, lo, hi, referenceSize, margin(verdicts)));
        }
        for (int i = 0; i < sizes.size(); i++) {
            if (i < lo || i > hi) {
                clauses.add(sizeClause(sizes.get(i), referenceSize, verdicts.get(sizes.get(i))));
            }
        }
        String text = String.join("; ", clauses) + ". ";
        if (lo == 0) {
            return new Knee(sizes.get(0), text + "Knee at or below " + sizes.get(0) + ", the smallest size swept"
                    + (lo == r ? "." : " (equivalent to " + referenceSize + ")."));
        }
        int below = sizes.get(lo - 1);
        if (word(verdicts, below) == PairedTest.Word.SLOWER) {
            return new Knee(sizes.get(lo), text + "Knee " + sizes.get(lo) + ", decided (the next smaller size, "
                    + below + ", is slower).");
        }
        return new Knee(null, text + "Knee not decided: size " + below + " is "
                + (word(verdicts, below) == PairedTest.Word.FASTER ? "faster than " + referenceSize : "undecided")
                + ".");
    }

    /** {@code sizes >= 5 are equivalent to 10 within ±5 %}, or the run's two ends, or its one size beside the reference. */
    private static String groupClause(List<Integer> sizes, int lo, int hi, int referenceSize, String margin) {
        boolean toTop = hi == sizes.size() - 1;
        String which = hi - lo == 1 ? "size " + (sizes.get(lo) == referenceSize ? sizes.get(hi) : sizes.get(lo)) + " is"
                : lo == 0 && toTop ? "all sizes swept (" + sizes.get(lo) + " to " + sizes.get(hi) + ") are"
                : toTop ? "sizes >= " + sizes.get(lo) + " are"
                : lo == 0 ? "sizes <= " + sizes.get(hi) + " are"
                : "sizes " + sizes.get(lo) + " to " + sizes.get(hi) + " are";
        return which + " equivalent to " + referenceSize + " within ±" + margin + " %";
    }

    /** {@code size 2 is 31.0 % slower than 10 (decided)}, or its interval when undecided. */
    private static String sizeClause(int size, int referenceSize, PairedTest.Result result) {
        if (result == null) {
            return "size " + size + ": no duet";
        }
        return switch (result.word()) {
            case SLOWER, FASTER -> String.format(Locale.ROOT, "size %d is %.1f %% %s than %d (decided)", size,
                    Math.abs(result.estimatePercent()), result.word().label(), referenceSize);
            case EQUIVALENT -> "size " + size + " is " + result.verdict().replace("equivalent", "equivalent to "
                    + referenceSize) + " (decided)";
            case UNDECIDED -> "size " + size + ": " + result.deciding() + ", "
                    + result.verdict().replace(" rounds", " duets");
        };
    }

    private static PairedTest.Word word(Map<Integer, PairedTest.Result> verdicts, int size) {
        PairedTest.Result result = verdicts.get(size);
        return result == null ? null : result.word();
    }

    private static String margin(Map<Integer, PairedTest.Result> verdicts) {
        return PairedVerdict.marginText(verdicts.values().stream().findFirst()
                .map(PairedTest.Result::marginPercent).orElse(PairedVerdict.DEFAULT_MARGIN_PERCENT));
    }
}
