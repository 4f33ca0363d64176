package dev.poolbench.bench.compare.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.size.SizeSearch.Answer;
import dev.poolbench.bench.compare.size.SizeSearch.Kind;
import dev.poolbench.bench.compare.size.SizeSearch.Outcome;
import dev.poolbench.bench.compare.size.SizeSearch.Word;
import dev.poolbench.bench.compare.stats.PairedTest;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The knee by the margin alone (issue 53), on constructed duet ratios: a size's loss against the
 * reference is within a 5 % margin when the lower end of its 90 % interval lies above -5 % (in the
 * log, as the equivalence test reads it), whatever the number of duets; the knee is the smallest
 * such size, with the next smaller one shown to lose more, or not shown within.
 */
class SizeMarginTest {

    static final List<Integer> CANDIDATES = List.of(2, 3, 4, 5, 6, 8, 16);

    /** {@code n} duets of a size at {@code ratio} of the reference, their log ratios spread by {@code sd}. */
    static PairedTest.Result duets(double ratio, double sd, int n) {
        return PairedTest.of(KeptSearch.logRatios(n, Math.log(ratio), sd), 5);
    }

    static Map<Integer, Outcome> outcomes(Map<Integer, PairedTest.Result> results) {
        Map<Integer, Outcome> outcomes = new TreeMap<>();
        results.forEach((size, r) -> outcomes.put(size, new Outcome(Word.of(r), r.n())));
        return outcomes;
    }

    @Test
    void threePercentSlowerWithATightIntervalIsWithinAFivePercentMarginWhateverTheDuets() {
        for (int n : new int[] {3, 8, 50, 500}) {
            PairedTest.Result r = duets(0.97, 0.01, n);
            assertEquals(-3.0, r.estimatePercent(), 1e-9);
            assertEquals(Word.WITHIN, Word.of(r), n + " duets: " + r.deciding());
            // The difference test calls it slower all along: the knee by the verdict's words would pass it by.
            assertEquals(PairedTest.Word.SLOWER, r.word(), n + " duets");
        }
    }

    @Test
    void sevenPercentSlowerIsNotWithinHoweverTightAndShownBeyondOnceTheIntervalAllows() {
        assertEquals(Word.UNSHOWN, Word.of(duets(0.93, 0.01, 2)), "2 duets: the 90 % interval is too wide to tell");
        for (int n : new int[] {3, 8, 50, 500}) {
            assertEquals(Word.BEYOND, Word.of(duets(0.93, 0.01, n)), n + " duets");
        }
    }

    @Test
    void aSizeOnTheMarginIsShownNeitherWay() {
        for (int n : new int[] {2, 3, 8}) {
            assertEquals(Word.UNSHOWN, Word.of(duets(0.95, 0.02, n)), n + " duets");
        }
        assertEquals(Word.UNSHOWN, Word.of(PairedTest.of(new double[] {Math.log(0.99)}, 5)), "one duet: no interval");
        assertEquals(Word.FASTER, Word.of(duets(1.04, 0.005, 4)), "faster than the reference: within, and flagged");
    }

    @Test
    void theKneeIsTheSmallestSizeWithinWithTheNextSmallerShownBeyond() {
        Map<Integer, PairedTest.Result> results = new TreeMap<>(Map.of(2, duets(0.70, 0.01, 4),
                3, duets(0.93, 0.01, 4), 4, duets(0.97, 0.01, 50), 5, duets(0.99, 0.01, 50), 6, duets(1.0, 0.01, 4)));
        assertEquals(PairedTest.Word.SLOWER, results.get(5).word(), "by the verdict's words the knee would be 6");
        Answer answer = new SizeSearch(CANDIDATES, 8).answer(outcomes(results));
        assertEquals(Kind.KNEE, answer.kind());
        assertEquals(4, answer.knee());
        assertEquals(3, answer.below());
        assertTrue(answer.belowShownBeyond() && answer.settled(), answer.toString());
    }

    @Test
    void theNextSmallerNotShownWithinStillBoundsTheKneeSettledOnceGivenUp() {
        SizeSearch search = new SizeSearch(CANDIDATES, 8);
        Map<Integer, PairedTest.Result> results = new TreeMap<>(Map.of(2, duets(0.70, 0.01, 4),
                3, duets(0.95, 0.02, 3), 4, duets(0.97, 0.01, 8)));
        Answer early = search.answer(outcomes(results));
        assertEquals(4, early.knee());
        assertEquals(3, early.below());
        assertFalse(early.belowShownBeyond() || early.settled(), "3 has duets left: more may show it within");
        assertEquals(Set.of(3), search.next(outcomes(results), 4).next(), "duets only where the answer is open");
        results.put(3, duets(0.95, 0.02, 8));
        Answer late = search.answer(outcomes(results));
        assertEquals(4, late.knee());
        assertTrue(late.settled() && !late.belowShownBeyond(), "3 given up after 8 duets, not shown within");
        assertTrue(search.next(outcomes(results), 4).done());
    }

    @Test
    void anOpenCaseStaysOpen() {
        SizeSearch search = new SizeSearch(CANDIDATES, 8);
        Map<Integer, PairedTest.Result> results = Map.of(2, duets(0.70, 0.01, 4), 4, duets(0.97, 0.01, 8));
        Answer answer = search.answer(outcomes(results));
        assertEquals(Kind.OPEN, answer.kind(), "3, the size below 4, has no duet");
        assertEquals("2 < S <= 4", SizeSearchRule.interval(answer));
        assertEquals(Set.of(3), search.next(outcomes(results), null).next());
        assertEquals(Kind.OPEN, search.answer(outcomes(Map.of(4, duets(0.97, 0.01, 8)))).kind(),
                "nothing below 4 duetted: open however many duets 4 had");
    }
}
