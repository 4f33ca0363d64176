package dev.poolbench.bench.compare.size;

import dev.poolbench.bench.compare.stats.PairedTest;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The choices of {@code ./poolbench size} for one pool, with no machine: given what the duets of
 * each candidate size against the reference size say so far, the sizes to duet next, or the
 * answer: the knee, the smallest size shown to lose less than the margin against the reference,
 * with the next smaller candidate shown to lose more, or not shown within it.
 *
 * <p>Each size is read against the margin alone, one-sided, on the 90 % interval of its ratio
 * to the reference (the equivalence test's): its loss is shown within the margin when the lower
 * end lies above -margin, and shown beyond it when the upper end lies below -margin. A size 3 %
 * slower is within a 5 % margin however many duets make its interval tight; under the words of
 * the difference test it would turn "slower" once enough duets were spent, and the knee would
 * climb with the sample.
 *
 * <p>Assumption (monotonicity): throughput does not fall as the pool grows up to the reference
 * size. So a size shown beyond the margin puts every smaller size beyond it, and a size shown
 * within puts every larger one within: the knee lies above the largest size shown beyond
 * ({@code lo}) and at or below the smallest shown within above it ({@code hi}, the reference at
 * first). The search spends duets only inside that interval, where the answer is still open:
 * first on the two sizes that would settle the prediction (the predicted size and the candidate
 * below it) while the prediction is still inside the interval, else on the interval's middle
 * candidate (bisection). A size already in progress keeps its duets until it is shown either way
 * or leaves the interval. The answer is settled when the candidate below {@code hi} is shown
 * beyond, or was given up after {@code maxDuetsPerSize} duets (its loss sits on the margin); a
 * search stopped by its budget before then still names the knee, unsettled. A result against the
 * assumption is reported ({@link #contradictions}), never hidden; the search then trusts the
 * largest size shown beyond.
 */
public final class SizeSearch {

    /** A size's loss against the reference size, read against the margin. */
    public enum Word {
        /** shown to lose more than the margin: the upper end of the 90 % interval below -margin */
        BEYOND,
        /** shown neither way (yet) */
        UNSHOWN,
        /** shown to lose less than the margin: the lower end of the 90 % interval above -margin */
        WITHIN,
        /** within, and faster than the reference size (the 95 % interval above 0): against the assumption */
        FASTER;

        /** Whether the loss is shown under the margin. */
        public boolean within() {
            return this == WITHIN || this == FASTER;
        }

        /** The word as size.json and the docs write it. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** A size's verdict against the reference read against its margin: both ends of the 90 % interval. */
        public static Word of(PairedTest.Result result) {
            double margin = Math.log1p(result.marginPercent() / 100);
            if (result.word() == PairedTest.Word.FASTER) {
                return FASTER;
            }
            if (Math.log1p(result.low90Percent() / 100) > -margin) {
                return WITHIN;
            }
            // NaN (fewer than 2 duets) compares false both times: unshown.
            return Math.log1p(result.high90Percent() / 100) < -margin ? BEYOND : UNSHOWN;
        }
    }

    /** What the duets of one size against the reference say so far; {@code duets}: windows spent on it. */
    public record Outcome(Word word, int duets) {
    }

    /** How a pool's search ended, or stands. */
    public enum Kind {
        /** the knee: shown within, the next smaller candidate duetted and not shown within */
        KNEE,
        /** the smallest candidate is already within: the knee is at or below it */
        SMALLEST,
        /** the candidate below the smallest size shown within has no duet yet */
        OPEN
    }

    /**
     * @param knee       the smallest size shown within (the reference when none below it is)
     * @param below      the candidate under the knee (KNEE: duetted and not shown within), null when none is
     * @param beyond     the largest size shown beyond the margin, null when none is
     * @param settled    no more duets can move the answer: SMALLEST, or the candidate below shown beyond or
     *                   given up after {@code maxDuetsPerSize} duets
     */
    public record Answer(Kind kind, int knee, Integer below, Integer beyond, boolean settled) {

        /** Whether the candidate below the knee is shown beyond the margin (else only not shown within). */
        public boolean belowShownBeyond() {
            return below != null && below.equals(beyond);
        }
    }

    /** The sizes to duet next (empty when the answer is settled, or nothing is left to try). */
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
        if (answer.settled()) {
            return new Step(Set.of(), answer);
        }
        int lo = answer.beyond() == null ? -1 : candidates.indexOf(answer.beyond());
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

    /** Where the search stands: the knee and how the candidate below it stands, or the interval still open. */
    public Answer answer(Map<Integer, Outcome> outcomes) {
        int r = candidates.size() - 1;
        int lo = -1;
        for (int i = 0; i < r; i++) {
            if (word(outcomes, i) == Word.BEYOND) {
                lo = i;
            }
        }
        int hi = r;
        for (int i = r - 1; i > lo; i--) {
            Word w = word(outcomes, i);
            if (w != null && w.within()) {
                hi = i;
            }
        }
        Integer beyond = lo < 0 ? null : candidates.get(lo);
        if (hi == 0) {
            return new Answer(Kind.SMALLEST, candidates.get(0), null, null, true);
        }
        Outcome below = outcomes.get(candidates.get(hi - 1));
        if (hi - 1 == lo || below != null && below.duets() > 0) {
            return new Answer(Kind.KNEE, candidates.get(hi), candidates.get(hi - 1), beyond,
                    hi - 1 == lo || exhausted(outcomes, hi - 1));
        }
        return new Answer(Kind.OPEN, candidates.get(hi), null, beyond, false);
    }

    /**
     * Results against the monotonicity assumption: a size shown within the margin below a size
     * shown beyond it, and a size faster than the reference (a larger pool was slower).
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
            for (int j = i + 1; j < r && w != null && w.within(); j++) {
                if (word(outcomes, j) == Word.BEYOND) {
                    found.add("size " + candidates.get(i) + " is within the margin but the larger size "
                            + candidates.get(j) + " loses more: throughput fell as the pool grew");
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
        if (i > lo && i < hi && !exhausted(outcomes, i) && word(outcomes, i) != Word.BEYOND) {
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
        return o != null && o.word() == Word.UNSHOWN && o.duets() >= maxDuetsPerSize;
    }

    private Word word(Map<Integer, Outcome> outcomes, int i) {
        Outcome o = outcomes.get(candidates.get(i));
        return o == null ? null : o.word();
    }
}
