package dev.poolbench.bench.compare.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.report.DuetRankTest;
import dev.poolbench.bench.compare.report.Summary;
import dev.poolbench.bench.compare.stats.BetweenSd;
import dev.poolbench.bench.compare.util.Json;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * --until-decided on a sitting like the default compare of 2026-11-28 (shared-host duets, the
 * stored between-sitting term and duet sd, --max-runs 6): after three rounds a pair whose
 * prediction needs more duets than the rounds left is not measured again, and the summary says why.
 */
class FutileRoundsTest {

    private static final BetweenSitting SHARED = BetweenSitting.of("shared-host-duet", null);

    /** Duets of each profile against hikari, round by round: ratio of the profile's score to hikari's. */
    private static List<RunRecord> duets(Map<String, double[]> ratios) {
        List<RunRecord> runs = new ArrayList<>();
        ratios.forEach((profile, r) -> {
            for (int round = 1; round <= r.length; round++) {
                if (!Double.isNaN(r[round - 1])) {
                    runs.addAll(DuetRankTest.duet(profile, round, r[round - 1], 1));
                }
            }
        });
        return runs;
    }

    private static DecidedRule rule(List<String> said) {
        return rule(said, null);
    }

    /** The rule of a default compare (--max-runs 6), with the given wall-clock budget or none. */
    private static DecidedRule rule(List<String> said, RoundBudget budget) {
        return new DecidedRule(List.of("hikari", "tomcat", "dbcp2"), Collections.singletonList(10), "hikari", 5, SHARED,
                6, budget, said::add);
    }

    @Test
    void aPairThatCannotBeSettledInTheRoundsLeftIsNotMeasuredAgain() {
        // tomcat about -3 % (sd 2 %): beside the between-sitting term it needs about a dozen duets;
        // dbcp2 about 0 (sd 3 %): one or two more settle it as equivalent.
        Map<String, double[]> ratios = new java.util.LinkedHashMap<>();
        ratios.put("tomcat", new double[] {0.95, 0.97, 0.99});
        ratios.put("dbcp2", new double[] {0.97, 1.00, 1.03});
        List<RunRecord> runs = duets(ratios);
        runs.forEach(r -> assertEquals(10, r.poolSize()));
        List<String> said = new ArrayList<>();
        DecidedRule rule = rule(said);
        assertNull(rule.apply(runs), "dbcp2 is still open");
        assertEquals(Set.of("hikari", "dbcp2"), rule.pending(), "tomcat is not measured again");
        String line = said.get(0);
        assertTrue(line.startsWith("undecided: dbcp2 vs hikari (about "), line);
        assertTrue(line.matches(".*not measured again: tomcat vs hikari \\(about \\d+ in all\\) cannot be settled "
                + "within 6 rounds at this spread"), line);

        // Round 4 measures dbcp2 only and settles it; the rule stops, naming tomcat and why.
        ratios.put("dbcp2", new double[] {0.97, 1.00, 1.03, 1.00});
        String reason = rule(new ArrayList<>()).apply(duets(ratios));
        assertTrue(reason.matches("1 of 2 pairs are decided; tomcat vs hikari \\(about \\d+ in all\\) cannot be "
                + "settled within 6 rounds at this spread"), reason);

        ObjectNode env = Json.object();
        env.putObject("options").put("reference", "hikari").put("duet", true).put("untilDecided", true)
                .put("maxRuns", 6);
        env.put("roundsStopReason", "stopped after 4 rounds: " + reason);
        String summary = Summary.of(duets(ratios), env).text();
        assertTrue(summary.contains("Adaptive rounds (--until-decided): stopped after 4 rounds: 1 of 2 pairs are "
                + "decided; tomcat vs hikari (about "), summary);
        assertTrue(summary.matches("(?s).*Verdict: tomcat vs hikari: .*: undecided \\(about \\d+ duets in all would "
                + "settle it at this spread\\); within ±\\d+\\.\\d %\n.*"), summary);
    }

    @Test
    void aPairWhoseRoundsDoNotFitInTheMinutesLeftIsNotMeasuredAgain() {
        // Three rounds of two duets each in 15 min: 2.5 min per duet. dbcp2 needs one or two more.
        Map<String, double[]> ratios = new java.util.LinkedHashMap<>();
        ratios.put("tomcat", new double[] {0.96, 0.99, 1.01});
        ratios.put("dbcp2", new double[] {0.97, 1.00, 1.03});
        List<RunRecord> runs = duets(ratios);
        List<String> said = new ArrayList<>();
        DecidedRule roomy = budgeted(said, 60, 15);
        assertNull(roomy.apply(runs), "45 min left: both are measured again");
        assertEquals(Set.of("hikari", "tomcat", "dbcp2"), roomy.pending());

        // 16 min spent of 20: a round of two duets (about 5.3 min) does not fit, one of one duet does.
        said.clear();
        DecidedRule tight = budgeted(said, 20, 16);
        assertNull(tight.apply(runs), "one pair still fits");
        assertEquals(1, tight.pending().size() - 1, tight.pending().toString());
        assertTrue(said.get(0).matches(".*not measured again: \\w+ vs hikari \\(about \\d+ in all\\) cannot be settled "
                + "within the 20-min budget \\(--max-minutes\\): 16\\.0 min spent, a round of 1 duet takes about 2\\.7 "
                + "min at this spread"), said.get(0));

        // 18 min spent of 20: not even one duet fits; the rule stops and says why.
        String reason = budgeted(new ArrayList<>(), 20, 18).apply(runs);
        assertTrue(reason.startsWith("0 of 2 pairs are decided; "), reason);
        assertTrue(reason.contains("cannot be settled within the 20-min budget (--max-minutes): 18.0 min spent"),
                reason);
    }

    private static DecidedRule budgeted(List<String> said, double maxMinutes, double spentMinutes) {
        return rule(said, new RoundBudget(maxMinutes, () -> (long) (spentMinutes * 60_000)));
    }

    @Test
    void withoutABudgetOrAMeasuredSdThePairStaysOpen() {
        Map<String, double[]> ratios = Map.of("tomcat", new double[] {0.95, 0.97, 0.99});
        List<String> said = new ArrayList<>();
        assertNull(new DecidedRule(List.of("hikari", "tomcat"), Collections.singletonList(10), "hikari", 5,
                SHARED.sdLog(), said::add).apply(duets(ratios)));
        assertFalse(said.get(0).contains("not measured again"), said.toString());
    }

    @Test
    void theRulesPredictionUsesTheDesignsMeasuredSd() {
        // Three close duets (sd 0.6 %) at -0.5 %, undecided at a ±1 % margin: alone they promise a
        // decision in a few more; the design's measured duet sd says it takes far more.
        List<RunRecord> runs = duets(Map.of("tomcat", new double[] {Math.exp(-0.011), Math.exp(-0.005),
            Math.exp(0.001)}));
        BetweenSitting noTerm = new BetweenSitting(0, 0, "shared-host-duet", "none, for the test", false);
        List<String> pair = List.of("hikari", "tomcat");
        int own = PairedBlocks.of(runs, pair, Collections.singletonList(10), "hikari", 1, BetweenSd.NONE).get(0).entry().result()
                .roundsNeeded();
        int pooled = PairedBlocks.of(runs, pair, Collections.singletonList(10), "hikari", 1, noTerm).get(0).entry()
                .result().roundsNeeded();
        assertTrue(noTerm.noise().measured());
        assertTrue(own > 3 && pooled > own, own + " then " + pooled);
    }
}
