package dev.poolbench.bench.compare;

import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.LanePlacement;
import dev.poolbench.bench.compare.report.Summarizer;
import dev.poolbench.bench.compare.run.Comparison;
import dev.poolbench.bench.compare.verdict.BetweenSitting;
import dev.poolbench.bench.compare.verdict.DecidedRule;
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
        Path results = new Comparison(this, (profiles, sizes, reference, say) -> new DecidedRule(profiles, sizes,
                reference, equivalenceMarginPercent, betweenSitting(), maxRuns, say)).run();
        System.out.println();
        return Summarizer.summarize(results, System.out);
    }

    /** The between-sitting sd the summary will add to its intervals, for the stop rule to match it. */
    private BetweenSitting betweenSitting() {
        // Remote lanes are isolated by their own app hosts (as report.BetweenSitting reads them back).
        boolean isolated = remote() ? secondAppUrl != null && !secondAppUrl.getHost().equals(appUrl.getHost())
                : lanePlacement == LanePlacement.ISOLATED;
        return BetweenSitting.of(BetweenSitting.design(duet, isolated, remote()), betweenSittingSdPercent);
    }
}
