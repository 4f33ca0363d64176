package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.util.UsageException;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * {@code --duet} / {@code --solo} of {@code compare} (a picocli mixin). In a duet, each measured
 * window holds two lanes started at the same instant: the reference and one other profile, each
 * with its own app JVM, load JVM and copy of the database, so the machine's drift over minutes
 * falls on both (bench/README.md, "Duet runs").
 */
final class DuetOptions {

    @Option(names = "--duet", arity = "0", description = "measure the reference and each other profile at the "
            + "same time, two lanes per window, lanes swapped from round to round (default: duet whenever a "
            + "comparison of two profiles or more allows it, else solo)")
    boolean duet;

    @Option(names = "--solo", arity = "0", description = "one app per measured window, one after the other: the "
            + "pool alone on the machine (default: see --duet)")
    boolean solo;

    void apply(CompareOptions o, Set<String> given) throws UsageException {
        if (duet && solo) {
            throw new UsageException("--duet and --solo exclude each other");
        }
        if (!duet && !solo) {
            // Neither asked: duets where they can run (their verdicts need a fraction of the
            // rounds, bench/README.md "Duet runs"), solo where they cannot.
            o.duet = problem(o) == null;
            return;
        }
        o.duet = duet;
        String problem = duet ? problem(o) : null;
        if (problem != null) {
            throw new UsageException(problem);
        }
    }

    /** Why a duet cannot run with these options, or null. */
    private static String problem(CompareOptions o) {
        if (o.remoteAsIs()) {
            return "--duet in remote mode needs --app-command: the runner restarts each lane's app there with its "
                    + "profile (lane 1 on --second-app-url, its database <name>_2)";
        }
        if (o.profiles.size() < 2) {
            return "--duet pairs the reference with each other profile: give two profiles or more, or --calibrate "
                    + "for the reference against itself";
        }
        if (!"interleaved".equals(o.order)) {
            return "--duet measures pairs at the same time: --order sequential has no meaning there";
        }
        if (o.rerunDisturbed > 0) {
            return "--rerun-disturbed repeats one run; a duet's window holds two: not with --duet";
        }
        if (o.sweep()) {
            return "--duet with a --pool-size sweep is not built yet: run the sweep solo, or one size per duet "
                    + "comparison (--pool-size N)";
        }
        return null;
    }
}
