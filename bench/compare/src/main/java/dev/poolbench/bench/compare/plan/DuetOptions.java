package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.util.UsageException;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * {@code --duet} / {@code --solo} of {@code compare} (a picocli mixin). In a duet, each measured
 * window holds two lanes started at the same instant: the reference and one other profile, each
 * with its own app JVM, load JVM and copy of the database, so the machine's drift over minutes
 * falls on both (bench/README.md, "Duet runs"). A pool-size sweep of duets pairs sizes instead:
 * each pool at each size against the same pool at the reference size ({@code --sweep-reference}).
 */
final class DuetOptions {

    /** The size a sweep's duets are measured against when it is swept: the pools' default size. */
    static final int DEFAULT_SWEEP_REFERENCE = 10;

    @Option(names = "--duet", arity = "0", description = "measure the reference and each other profile at the "
            + "same time, two lanes per window, lanes swapped from round to round; a --pool-size sweep: each size "
            + "against the reference size (default: duet whenever a comparison of two profiles or more, or a "
            + "sweep, allows it, else solo)")
    boolean duet;

    @Option(names = "--solo", arity = "0", description = "one app per measured window, one after the other: the "
            + "pool alone on the machine (default: see --duet)")
    boolean solo;

    @Option(names = "--lanes", paramLabel = "PLACEMENT", description = "duets: where the two lanes run: shared "
            + "(every CPU, one MariaDB server holding both lanes' databases) | isolated (each lane's app JVM, load JVM "
            + "and a MariaDB server of its own on half of the CPUs: cpu 0 | cpu 1 on two cores; cpuset cgroups, else "
            + "taskset; second server on --db-port + 1) (default: shared)")
    String lanes = LanePlacement.SHARED.cliName();

    @Option(names = "--sweep-reference", paramLabel = "N", description = "a sweep of duets: the size each other "
            + "size is measured against, one of --pool-size (default: " + DEFAULT_SWEEP_REFERENCE + ", or the swept "
            + "size nearest to it)")
    Integer sweepReference;

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
        applySweep(o);
        o.lanePlacement = LanePlacement.parse(lanes);
        o.laneCpuSets = o.lanePlacement.cpuSets(o);
    }

    /**
     * A sweep of duets: the reference size. A solo sweep compares each size with its best one,
     * so a reference size there is a mistake.
     */
    private void applySweep(CompareOptions o) throws UsageException {
        boolean sizeDuets = o.duet && o.sweep();
        if (sweepReference != null && !sizeDuets) {
            throw new UsageException("--sweep-reference is the size a sweep of duets measures every other size "
                    + "against: give --pool-size with two sizes or more, and no --solo");
        }
        if (!sizeDuets) {
            return;
        }
        if (sweepReference != null && !o.poolSizes.contains(sweepReference)) {
            throw new UsageException("--sweep-reference " + sweepReference + " is not among the swept sizes "
                    + o.poolSizes + ": it must be one of them");
        }
        o.sweepReference = sweepReference != null ? sweepReference : nearestToDefault(o.poolSizes);
    }

    /** 10 when swept, else the swept size nearest to it (the larger of two as near). */
    static int nearestToDefault(List<Integer> sizes) {
        return sizes.stream().min(Comparator.comparingInt((Integer s) -> Math.abs(s - DEFAULT_SWEEP_REFERENCE))
                .thenComparing(Comparator.reverseOrder())).orElseThrow();
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
                    + "twice for the reference against itself: hikari,hikari), or sizes to sweep (--pool-size 3,10), or two values of "
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
        if (o.profiles.size() < 2 && !o.sweep()) {
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
