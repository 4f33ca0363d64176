package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.plan.RunPlan.Planned;
import dev.poolbench.bench.compare.plan.RunPlan.Window;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * The duet windows of one round of a {@link RunPlan}: which pairs, in which order, on which
 * lanes. The order is drawn anew each round, reproducibly for a seed (Abedi and Brecht:
 * randomised trials); the reference's lane alternates from round to round for each pair, and
 * the pair's place in the lists staggers the pairs, so over two rounds each pool has had each
 * lane once.
 */
final class DuetWindows {

    private final List<String> profiles;
    private final long seed;
    private final int round;
    private final IntSupplier nextSequence;

    DuetWindows(List<String> profiles, long seed, int round, IntSupplier nextSequence) {
        this.profiles = profiles;
        this.seed = seed;
        this.round = round;
        this.nextSequence = nextSequence;
    }

    /**
     * The reference against each other profile of one size and variant; {@code only}: the profiles
     * still needed (empty: all).
     */
    List<Window> against(String reference, Set<String> only, Integer size, boolean sweep, RunVariant variant) {
        List<String> others = new ArrayList<>(profiles);
        others.remove(reference);
        // Drawn before filtering, so that a round of the open pairs keeps the order a whole round would have.
        Collections.shuffle(others, new Random(seed * 1_000_003L + round));
        if (!only.isEmpty()) {
            others.removeIf(other -> !only.contains(other));
        }
        List<Window> windows = new ArrayList<>();
        for (String other : others) {
            boolean referenceFirst = (round + profiles.indexOf(other)) % 2 == 0;
            String first = referenceFirst ? reference : other;
            String second = referenceFirst ? other : reference;
            String id = round + "-" + reference + "+" + other + (sweep && size != null ? "-" + size : "")
                    + variant.dirSuffix();
            windows.add(new Window(List.of(
                    new Planned(nextSequence.getAsInt(), round, first, size, sweep, variant, new Lane(id, 0, second)),
                    new Planned(nextSequence.getAsInt(), round, second, size, sweep, variant,
                            new Lane(id, 1, first)))));
        }
        return windows;
    }

    /**
     * One profile on each variant against itself on the first ({@code variants.get(0)}), at one
     * size; {@code only}: the {@link RunVariant#key()}s still needed (empty: all).
     */
    List<Window> variantDuets(String profile, List<RunVariant> variants, Set<String> only, Integer size,
                              boolean sweep) {
        RunVariant reference = variants.get(0);
        List<RunVariant> others = new ArrayList<>(variants.subList(1, variants.size()));
        Collections.shuffle(others, new Random(seed * 1_000_003L + round));
        if (!only.isEmpty()) {
            others.removeIf(other -> !only.contains(other.key()));
        }
        List<Window> windows = new ArrayList<>();
        for (RunVariant other : others) {
            VariantPair pair = new VariantPair(other, reference);
            boolean referenceFirst = (round + variants.indexOf(other) + profiles.indexOf(profile)) % 2 == 0;
            RunVariant first = referenceFirst ? reference : other;
            RunVariant second = referenceFirst ? other : reference;
            String id = round + "-" + profile + (sweep && size != null ? "-" + size : "") + "-"
                    + reference.dirSuffix().substring(1) + "+" + other.dirSuffix().substring(1);
            windows.add(new Window(List.of(
                    new Planned(nextSequence.getAsInt(), round, profile, size, sweep, first,
                            new Lane(id, 0, profile, null, pair)),
                    new Planned(nextSequence.getAsInt(), round, profile, size, sweep, second,
                            new Lane(id, 1, profile, null, pair)))));
        }
        return windows;
    }

    /**
     * Each profile at each size against itself at {@code referenceSize}, for one variant;
     * {@code only}: the sizes each profile still needs (empty: every size of every profile).
     */
    List<Window> sizeDuets(List<Integer> sizes, int referenceSize, Map<String, Set<Integer>> only,
                           RunVariant variant) {
        record Contest(String profile, SizePair sizes) {
        }
        List<Contest> contests = new ArrayList<>();
        for (String profile : profiles) {
            sizes.stream().filter(size -> size != referenceSize)
                    .forEach(size -> contests.add(new Contest(profile, new SizePair(size, referenceSize))));
        }
        Collections.shuffle(contests, new Random(seed * 1_000_003L + round));
        if (!only.isEmpty()) {
            contests.removeIf(c -> !only.getOrDefault(c.profile(), Set.of()).contains(c.sizes().size()));
        }
        List<Window> windows = new ArrayList<>();
        for (Contest c : contests) {
            String profile = c.profile();
            SizePair pair = c.sizes();
            boolean referenceFirst = (round + profiles.indexOf(profile) + sizes.indexOf(pair.size())) % 2 == 0;
            int first = referenceFirst ? pair.referenceSize() : pair.size();
            int second = referenceFirst ? pair.size() : pair.referenceSize();
            String id = round + "-" + profile + "-" + pair.referenceSize() + "+" + pair.size() + variant.dirSuffix();
            windows.add(new Window(List.of(
                    new Planned(nextSequence.getAsInt(), round, profile, first, true, variant,
                            new Lane(id, 0, profile, pair)),
                    new Planned(nextSequence.getAsInt(), round, profile, second, true, variant,
                            new Lane(id, 1, profile, pair)))));
        }
        return windows;
    }
}
