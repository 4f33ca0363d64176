package dev.poolbench.bench.compare;

import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.LanePlacement;
import dev.poolbench.bench.compare.report.Summarizer;
import dev.poolbench.bench.compare.run.Comparison;
import dev.poolbench.bench.compare.verdict.BetweenSitting;
import dev.poolbench.bench.compare.verdict.DecidedRule;
import dev.poolbench.bench.compare.verdict.RoundBudget;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code poolbench compare}: the options (validated before anything starts), the comparison,
 * then the summary of its results directory, whose verdict is the exit status. The three steps
 * live in three packages (plan, run, report); this is the one place that puts them in a row.
 */
@Command(name = "compare")
final class CompareCommand extends CompareOptions implements Callable<Integer> {

    @Override
    public Integer call() throws Exception {
        validateParsed();
        applyBudget();
        // The budget counts from here: database start and class-data training are in it.
        RoundBudget budget = maxMinutes == null ? null : RoundBudget.startingNow(maxMinutes);
        Path results = new Comparison(this, (profiles, sizes, reference, say) -> new DecidedRule(profiles, sizes,
                reference, equivalenceMarginPercent, betweenSitting(), maxRuns, budget, say)).run();
        System.out.println();
        return Summarizer.summarize(results, System.out);
    }

    /** --max-minutes: the budget of --until-decided's rounds, 30 minutes unless given. */
    private void applyBudget() {
        if (maxMinutes != null && !adaptive()) {
            throw refuse("--max-minutes is the budget of --until-decided's rounds; give --until-decided too, or "
                    + "use --runs alone");
        }
        if (adaptive() && maxMinutes == null) {
            maxMinutes = (double) DEFAULT_MAX_MINUTES_DECIDED;
        }
    }

    /** The between-sitting sd the summary will add to its intervals, for the stop rule to match it. */
    private BetweenSitting betweenSitting() {
        // Remote lanes are isolated by their own app hosts (as report.BetweenSitting reads them back).
        boolean isolated = remote() ? secondAppUrl != null && !secondAppUrl.getHost().equals(appUrl.getHost())
                : lanePlacement == LanePlacement.ISOLATED;
        return BetweenSitting.of(BetweenSitting.design(duet, isolated, remote()), betweenSittingSdPercent);
    }
}
