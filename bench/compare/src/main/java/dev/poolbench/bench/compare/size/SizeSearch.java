package dev.poolbench.bench.compare.size;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The choices of {@code ./poolbench size} for one pool, with no machine: given what the duets of
 * each candidate size against the reference size say so far, the sizes to duet next, or the
 * answer (the smallest size whose throughput is equivalent to the reference's, with the next
 * smaller candidate decided slower).
 *
 * <p>Assumption (monotonicity): throughput does not fall as the pool grows up to the reference
 * size. So a size decided slower makes every smaller size slower, and a size decided equivalent
 * (or faster) makes every larger size up to the reference equivalent: the knee lies between the
 * largest size decided slower ({@code lo}) and the smallest decided equivalent above it
 * ({@code hi}, the reference at first). The search spends duets only inside that interval: first
 * on the two sizes that would settle the prediction (the predicted size and the candidate below
 * it) while the prediction is still inside the interval, else on the interval's middle candidate
 * (bisection). A size already in progress keeps its duets until it is decided or leaves the
 * interval. A decided result against the assumption is reported ({@link #contradictions}), never
 * hidden; the search then trusts the largest size decided slower.
 */
public final class SizeSearch {

    /** A size's word against the reference size (PairedTest's words). */
    public enum Word { SLOWER, EQUIVALENT, FASTER, UNDECIDED }

    /** What the duets of one size against the reference say so far; {@code duets}: windows spent on it. */
    public record Outcome(Word word, int duets) {
    }

    /** How a pool's search ended, or stands. */
    public enum Kind {
        /** the smallest equivalent size is decided, and so is the next smaller candidate (slower) */
        KNEE,
        /** the smallest candidate is already equivalent: no size tried is slower */
        NONE_SLOWER,
        /** not decided (yet): the knee lies between {@code slower} and {@code knee} */
        OPEN
    }

    /**
     * @param knee   the smallest size known equivalent (the reference when none below it is)
     * @param slower the largest size known slower, null when none is
     * @param stuck  sizes inside the open interval left undecided after {@code maxDuetsPerSize} duets
     */
    public record Answer(Kind kind, int knee, Integer slower, List<Integer> stuck) {
    }

    /** The sizes to duet next (empty when the answer is in, or nothing is left to try). */
    public record Step(Set<Integer> next, Answer answer) {
        public boolean done() {
            return next.isEmpty();
        }
    }

    private final List<Integer> candidates;
    private final int reference;
    private final int maxDuetsPerSize;

    /**
     * @param candidates      sizes ascending, the reference the largest of them
     * @param maxDuetsPerSize duets after which an undecided size is given up (too close to the margin to tell)
     */
    public SizeSearch(List<Integer> candidates, int maxDuetsPerSize) {
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("no candidate size");
        }
        this.candidates = List.copyOf(candidates);
        this.reference = candidates.get(candidates.size() - 1);
        this.maxDuetsPerSize = maxDuetsPerSize;
    }

    public int reference() {
        return reference;
    }

    /**
     * The next sizes to duet, or the answer.
     *
     * @param outcomes  the sizes duetted so far (the reference is never among them)
     * @param predicted the predicted size (any positive number; null before there is one)
     */
    public Step next(Map<Integer, Outcome> outcomes, Integer predicted) {
        Answer answer = answer(outcomes);
        if (answer.kind() != Kind.OPEN) {
            return new Step(Set.of(), answer);
        }
        int lo = answer.slower() == null ? -1 : candidates.indexOf(answer.slower());
        int hi = candidates.indexOf(answer.knee());
        Set<Integer> next = new LinkedHashSet<>();
        Integer p = predicted == null ? null : indexAtOrAbove(predicted);
        if (p != null && p > lo && p <= hi) {
            // The prediction is still possible: settle "knee = p" with p and the candidate below it.
            addIfLive(next, outcomes, p, lo, hi);
            addIfLive(next, outcomes, p - 1, lo, hi);
        }
        for (int i = lo + 1; i < hi; i++) {
            Outcome o = outcomes.get(candidates.get(i));
            if (o != null && o.duets() > 0) {
                addIfLive(next, outcomes, i, lo, hi);
            }
        }
        if (next.isEmpty()) {
            liveNear(outcomes, (lo + hi) / 2, lo, hi).ifPresent(next::add);
        }
        return new Step(Set.copyOf(next), answer);
    }

    /** Where the search stands: the interval the knee is in, or the answer when the interval is closed. */
    public Answer answer(Map<Integer, Outcome> outcomes) {
        int r = candidates.size() - 1;
        int lo = -1;
        for (int i = 0; i < r; i++) {
            if (word(outcomes, i) == Word.SLOWER) {
                lo = i;
            }
        }
        int hi = r;
        for (int i = r - 1; i > lo; i--) {
            Word w = word(outcomes, i);
            if (w == Word.EQUIVALENT || w == Word.FASTER) {
                hi = i;
            }
        }
        Integer slower = lo < 0 ? null : candidates.get(lo);
        if (hi == 0) {
            return new Answer(Kind.NONE_SLOWER, candidates.get(0), null, List.of());
        }
        if (hi == lo + 1) {
            return new Answer(Kind.KNEE, candidates.get(hi), slower, List.of());
        }
        List<Integer> stuck = new ArrayList<>();
        for (int i = lo + 1; i < hi; i++) {
            if (exhausted(outcomes, i)) {
                stuck.add(candidates.get(i));
            }
        }
        return new Answer(Kind.OPEN, candidates.get(hi), slower, List.copyOf(stuck));
    }

    /**
     * Decided results against the monotonicity assumption: a size equivalent or faster below a
     * size decided slower, and a size faster than the reference (a larger pool was slower).
     */
    public List<String> contradictions(Map<Integer, Outcome> outcomes) {
        List<String> found = new ArrayList<>();
        int r = candidates.size() - 1;
        for (int i = 0; i < r; i++) {
            Word w = word(outcomes, i);
            if (w == Word.FASTER) {
                found.add("size " + candidates.get(i) + " is faster than the reference size " + reference
                        + ": throughput fell as the pool grew");
            }
            for (int j = i + 1; j < r && (w == Word.EQUIVALENT || w == Word.FASTER); j++) {
                if (word(outcomes, j) == Word.SLOWER) {
                    found.add("size " + candidates.get(i) + " is " + w.name().toLowerCase(java.util.Locale.ROOT)
                            + " but the larger size " + candidates.get(j) + " is slower: throughput fell as the "
                            + "pool grew");
                    break;
                }
            }
        }
        return found;
    }

    /** The smallest candidate index at or above {@code size} (the largest candidate when none is). */
    private int indexAtOrAbove(int size) {
        for (int i = 0; i < candidates.size(); i++) {
            if (candidates.get(i) >= size) {
                return i;
            }
        }
        return candidates.size() - 1;
    }

    private void addIfLive(Set<Integer> next, Map<Integer, Outcome> outcomes, int i, int lo, int hi) {
        if (i > lo && i < hi && !exhausted(outcomes, i) && word(outcomes, i) != Word.SLOWER) {
            next.add(candidates.get(i));
        }
    }

    /** The live candidate nearest to index {@code mid} strictly inside (lo, hi), the smaller of two as near. */
    private java.util.Optional<Integer> liveNear(Map<Integer, Outcome> outcomes, int mid, int lo, int hi) {
        for (int d = 0; d < hi - lo; d++) {
            for (int i : new int[] {mid - d, mid + d}) {
                if (i > lo && i < hi && !exhausted(outcomes, i)) {
                    return java.util.Optional.of(candidates.get(i));
                }
            }
        }
        return java.util.Optional.empty();
    }

    private boolean exhausted(Map<Integer, Outcome> outcomes, int i) {
        Outcome o = outcomes.get(candidates.get(i));
        return o != null && o.word() == Word.UNDECIDED && o.duets() >= maxDuetsPerSize;
    }

    private Word word(Map<Integer, Outcome> outcomes, int i) {
        Outcome o = outcomes.get(candidates.get(i));
        return o == null ? null : o.word();
    }
}
