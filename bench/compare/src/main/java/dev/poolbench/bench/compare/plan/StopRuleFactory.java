package dev.poolbench.bench.compare.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Makes the stop rule once the comparison knows its profiles, sizes and reference (the rule
 * itself is the verdict's: verdict.DecidedRule, or size.SizeSearchRule).
 */
public interface StopRuleFactory {
    StopRule create(List<String> profiles, List<Integer> sizes, String reference, Consumer<String> log);

    /** As above, for a rule that reads the runs' own files (a size search's pool metrics) in {@code results}. */
    default StopRule create(List<String> profiles, List<Integer> sizes, String reference, Path results,
                            Consumer<String> log) {
        return create(profiles, sizes, reference, log);
    }
}
