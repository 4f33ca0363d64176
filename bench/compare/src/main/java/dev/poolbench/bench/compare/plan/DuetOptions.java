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
            + "same time, two lanes per window, lanes swapped from round to round (default: off)")
    boolean duet;

    @Option(names = "--solo", arity = "0", description = "one app per measured window, one after the other "
            + "(the default)")
    boolean solo;

    void apply(CompareOptions o, Set<String> given) throws UsageException {
        if (duet && solo) {
            throw new UsageException("--duet and --solo exclude each other");
        }
        o.duet = duet;
        if (!duet) {
            return;
        }
        if (o.remote()) {
            throw new UsageException("--duet needs local mode: it starts two apps, each on its own copy of the "
                    + "database");
        }
        if (o.profiles.size() < 2) {
            throw new UsageException("--duet pairs the reference with each other profile: give two profiles or "
                    + "more, or --calibrate for the reference against itself");
        }
        if (!"interleaved".equals(o.order)) {
            throw new UsageException("--duet measures pairs at the same time: --order sequential has no meaning "
                    + "there");
        }
        if (o.rerunDisturbed > 0) {
            throw new UsageException("--rerun-disturbed repeats one run; a duet's window holds two: not with --duet");
        }
        if (o.sweep()) {
            throw new UsageException("--duet with a --pool-size sweep is not built yet: run the sweep solo, or one "
                    + "size per duet comparison (--pool-size N)");
        }
    }
}
