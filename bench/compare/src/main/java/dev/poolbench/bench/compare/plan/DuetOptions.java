package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.util.UsageException;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * {@code --duet} / {@code --solo} of {@code compare} (a picocli mixin). In a duet, each measured
 * window holds two lanes started at the same instant: the reference and one other profile, each
 * with its own app JVM, load JVM and copy of the database, so the machine's drift over minutes
 * falls on both (bench/README.md, "Duet runs"). (The size search's duets pair
 * one pool's sizes instead: {@code SizeCommand}.)
 */
final class DuetOptions {

    @Option(names = "--duet", arity = "0", description = "measure the reference and each other profile at the "
            + "same time, two lanes per window, lanes swapped from round to round (default: duet whenever a "
            + "comparison of two profiles or more, or of two values of another dimension, allows it, else solo)")
    boolean duet;

    @Option(names = "--solo", arity = "0", description = "one app per measured window, one after the other: the "
            + "pool alone on the machine (default: see --duet)")
    boolean solo;

    @Option(names = "--lanes", paramLabel = "PLACEMENT", description = "duets: where the two lanes run: shared "
            + "(every CPU, one MariaDB server holding both lanes' databases) | isolated (each lane's app JVM, load JVM "
            + "and a MariaDB server of its own on half of the CPUs: cpu 0 | cpu 1 on two cores; cpuset cgroups, else "
            + "taskset; second server on --db-port + 1) (default: shared)")
    String lanes = LanePlacement.SHARED.cliName();

    void apply(CompareOptions o, Set<String> given) throws UsageException {
        if (duet && solo) {
            throw new UsageException("--duet and --solo exclude each other");
        }
        if (!duet && !solo) {
            // Neither asked: duets where they can run (their verdicts need a fraction of the
            // rounds, bench/README.md "Duet runs"), solo where they cannot.
            o.duet = problem(o) == null;
        } else {
            o.duet = duet;
            String problem = duet ? problem(o) : null;
            if (problem != null) {
                throw new UsageException(problem);
            }
        }
        o.lanePlacement = LanePlacement.parse(lanes);
        o.laneCpuSets = o.lanePlacement.cpuSets(o);
    }

    /**
     * One profile across another dimension (--session, --app-jar, --threads, --java, --plant) runs
     * as variant duets: each variant against the first in the same window. Why it cannot, or
     * null: one variant only, or more than one dimension varying (a variant would then differ
     * from the reference in two things at once).
     */
    static String variantProblem(List<RunVariant> variants) {
        if (variants.size() < 2) {
            return "--duet pairs the reference with each other profile: give two profiles or more (one listed "
                    + "twice for the reference against itself: hikari,hikari), or two values of "
                    + "another dimension (--session, --app-jar, --threads, --java, --plant)";
        }
        long varying = java.util.stream.IntStream.rangeClosed(RunVariant.THREADS, RunVariant.PLANT)
                .filter(part -> variants.stream().map(v -> RunVariant.part(v.key(), part)).distinct().count() > 1)
                .count();
        if (varying > 1) {
            return "--duet of one profile compares one dimension at a time (each variant beside the first in the "
                    + "same window): give two values or more of only one of --session, --app-jar, --threads, "
                    + "--java, --plant";
        }
        return null;
    }

    /** Why a duet cannot run with these options, or null. */
    private static String problem(CompareOptions o) {
        if (o.remoteAsIs()) {
            return "--duet in remote mode needs --app-command: the runner restarts each lane's app there with its "
                    + "profile (lane 1 on --second-app-url, its database <name>_2)";
        }
        if (o.profiles.size() < 2) {
            String variants = variantProblem(o.variants);
            if (variants != null) {
                return variants;
            }
        }
        if (!"interleaved".equals(o.order)) {
            return "--duet measures pairs at the same time: --order sequential has no meaning there";
        }
        if (o.rerunDisturbed > 0) {
            return "--rerun-disturbed repeats one run; a duet's window holds two: not with --duet";
        }
        return null;
    }
}
