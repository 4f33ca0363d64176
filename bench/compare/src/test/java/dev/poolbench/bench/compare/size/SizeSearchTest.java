package dev.poolbench.bench.compare.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.size.SizeSearch.Answer;
import dev.poolbench.bench.compare.size.SizeSearch.Kind;
import dev.poolbench.bench.compare.size.SizeSearch.Outcome;
import dev.poolbench.bench.compare.size.SizeSearch.Step;
import dev.poolbench.bench.compare.size.SizeSearch.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The search's choices on known duet outcomes, no machine: which sizes it duets, and what it
 * answers. Each size's word is its loss against the margin ({@link SizeMarginTest} reads the words
 * off constructed duet ratios).
 */
class SizeSearchTest {

    static final List<Integer> CANDIDATES = List.of(1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 25, 32, 40, 50);

    /** A search played out against a known truth: each size decides after {@code duetsToDecide} duets. */
    record Played(Answer answer, int duets, List<Set<Integer>> rounds, Map<Integer, Outcome> outcomes) {
    }

    static Played play(IntFunction<Word> truth, IntFunction<Integer> duetsToDecide, Integer predicted, int budget) {
        SizeSearch search = new SizeSearch(CANDIDATES, SizeSearchRule.MAX_DUETS_PER_SIZE);
        Map<Integer, Outcome> outcomes = new TreeMap<>();
        List<Set<Integer>> rounds = new ArrayList<>();
        int spent = 0;
        while (true) {
            Step step = search.next(outcomes, predicted);
            if (step.done() || spent + step.next().size() > budget) {
                return new Played(step.answer(), spent, rounds, outcomes);
            }
            rounds.add(step.next());
            for (int size : step.next()) {
                int duets = (outcomes.containsKey(size) ? outcomes.get(size).duets() : 0) + 1;
                Word word = duets >= duetsToDecide.apply(size) ? truth.apply(size) : Word.UNSHOWN;
                outcomes.put(size, new Outcome(word, duets));
                spent++;
            }
        }
    }

    static IntFunction<Word> kneeAt(int knee) {
        return size -> size >= knee ? Word.WITHIN : Word.BEYOND;
    }

    @Test
    void aRightPredictionIsSettledByItsTwoSizesAlone() {
        Played p = play(kneeAt(6), size -> 3, 6, 100);
        assertEquals(Kind.KNEE, p.answer().kind());
        assertEquals(6, p.answer().knee());
        assertEquals(5, p.answer().below());
        assertTrue(p.answer().belowShownBeyond() && p.answer().settled(), p.answer().toString());
        assertEquals(Set.of(5, 6), p.outcomes().keySet(), "no duet spent elsewhere");
        assertEquals(Set.of(5, 6), p.rounds().get(0));
        assertEquals(6, p.duets());
    }

    @Test
    void aWrongPredictionFallsBackToBisectionAndStillFindsTheKnee() {
        Played p = play(kneeAt(20), size -> size == 16 || size == 20 ? 5 : 2, 3, 100);
        assertEquals(Kind.KNEE, p.answer().kind());
        assertEquals(20, p.answer().knee());
        assertEquals(16, p.answer().below());
        assertTrue(p.outcomes().size() <= 7, "bisection, not every size: " + p.outcomes().keySet());
    }

    @Test
    void withoutAPredictionTheFirstDuetIsTheMiddleCandidate() {
        SizeSearch search = new SizeSearch(CANDIDATES, 8);
        assertEquals(Set.of(8), search.next(Map.of(), null).next(), "index 6 of 0..13, the sizes below 50");
        Played p = play(kneeAt(4), size -> 2, null, 100);
        assertEquals(4, p.answer().knee());
        assertEquals(3, p.answer().below());
    }

    @Test
    void theSmallestCandidateAlreadyWithinPutsTheKneeAtOrBelowIt() {
        Played p = play(size -> Word.WITHIN, size -> 2, 1, 100);
        assertEquals(Kind.SMALLEST, p.answer().kind());
        assertEquals(1, p.answer().knee());
        assertNull(p.answer().below());
        assertEquals(Set.of(1), p.outcomes().keySet(), "size 1 alone settles it");
    }

    @Test
    void everySizeBelowTheReferenceBeyondPutsTheKneeAtTheReference() {
        Played p = play(size -> Word.BEYOND, size -> 2, 50, 100);
        assertEquals(Kind.KNEE, p.answer().kind());
        assertEquals(50, p.answer().knee());
        assertEquals(40, p.answer().below());
        assertEquals(Set.of(40), p.outcomes().keySet(), "the prediction at the top: its size below alone");
    }

    @Test
    void aSizeOnTheMarginIsGivenUpAndSettlesTheKneeAboveIt() {
        // Size 5 loses about the margin: shown neither way however many duets; 4 loses more, 6 less.
        Played p = play(size -> size == 5 ? Word.UNSHOWN : kneeAt(6).apply(size), size -> 2, 5, 100);
        assertEquals(Kind.KNEE, p.answer().kind());
        assertEquals(6, p.answer().knee());
        assertEquals(5, p.answer().below());
        assertEquals(4, p.answer().beyond());
        assertTrue(p.answer().settled() && !p.answer().belowShownBeyond(), "5 not shown within, given up");
        assertEquals(SizeSearchRule.MAX_DUETS_PER_SIZE, p.outcomes().get(5).duets());
    }

    @Test
    void aBudgetSpentBeforeTheSizeBelowIsShownLeavesTheKneeUnsettled() {
        // 6 is within after 2 duets; 5 needs 6 to be shown beyond: the budget of 7 ends before.
        Played p = play(kneeAt(6), size -> size == 5 ? 6 : 2, 6, 7);
        assertEquals(Kind.KNEE, p.answer().kind());
        assertEquals(6, p.answer().knee());
        assertEquals(5, p.answer().below());
        assertFalse(p.answer().settled(), "more duets on 5 could still show it within");
        assertEquals(Set.of(5), new SizeSearch(CANDIDATES, 8).next(p.outcomes(), 6).next(), "only 5 is open");
    }

    @Test
    void undecidedSizesConsumeTheBudgetAndTheSearchSaysWhereTheKneeStillIs() {
        Played p = play(kneeAt(8), size -> 6, 8, 9);
        assertEquals(Kind.OPEN, p.answer().kind());
        assertTrue(p.duets() <= 9, "within the budget: " + p.duets());
        assertEquals(50, p.answer().knee(), "nothing decided yet: the knee is anywhere up to the reference");
        assertEquals(Set.of(6, 8), p.outcomes().keySet());
    }

    @Test
    void decidedResultsAgainstMonotonicityAreReported() {
        SizeSearch search = new SizeSearch(CANDIDATES, 8);
        Map<Integer, Outcome> outcomes = Map.of(4, new Outcome(Word.WITHIN, 3), 6, new Outcome(Word.BEYOND, 3),
                40, new Outcome(Word.FASTER, 3));
        List<String> found = search.contradictions(outcomes);
        assertEquals(2, found.size(), found.toString());
        assertTrue(found.get(0).contains("size 4 is within the margin but the larger size 6 loses more"),
                found.toString());
        assertTrue(found.get(1).contains("size 40 is faster than the reference size 50"), found.toString());
        // The search trusts the largest size shown beyond: the knee is above 6, and 40 (faster) bounds it.
        Answer answer = search.answer(outcomes);
        assertEquals(6, answer.beyond());
        assertEquals(40, answer.knee());
        assertEquals(Kind.OPEN, answer.kind(), "32, the size below 40, has no duet");
    }

    @Test
    void aSizeInProgressKeepsItsDuetsWhileItIsInsideTheInterval() {
        SizeSearch search = new SizeSearch(CANDIDATES, 8);
        // Round 1 (no prediction yet) tried size 10; the prediction 5 then adds its pair beside it.
        Step step = search.next(Map.of(10, new Outcome(Word.UNSHOWN, 1)), 5);
        assertEquals(Set.of(4, 5, 10), step.next());
        // Size 5 shown within: 10 is above the interval now, dropped.
        step = search.next(Map.of(10, new Outcome(Word.UNSHOWN, 2), 5, new Outcome(Word.WITHIN, 2),
                4, new Outcome(Word.UNSHOWN, 2)), 5);
        assertEquals(Set.of(4), step.next());
    }
}
