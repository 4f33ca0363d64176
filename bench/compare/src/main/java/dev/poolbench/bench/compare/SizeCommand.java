package dev.poolbench.bench.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.StopRule;
import dev.poolbench.bench.compare.plan.StopRuleFactory;
import dev.poolbench.bench.compare.size.Replicas;
import dev.poolbench.bench.compare.size.SizeReport;
import dev.poolbench.bench.compare.size.SizeSearchRule;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.cli.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code poolbench size}: per pool, the knee, the smallest pool size shown to lose less than the
 * margin against a large reference size, by duets of candidate sizes against the reference size. The run
 * loop is compare's ({@link dev.poolbench.bench.compare.run.Comparison}) on a plan of size duets
 * whose every round the search chooses ({@link SizeSearchRule}); the answer is written by
 * {@link SizeReport} (docs/pool-size-sweep.md, "Size search").
 */
@Command(name = "size", sortOptions = false, usageHelpAutoWidth = false,
        description = "Per pool, the smallest pool size shown to lose less than the margin against a large "
                + "reference size, found by a search of duets against it (docs/pool-size-sweep.md). Takes compare's "
                + "options for the load and the machine; not the ones that choose runs or sizes.")
final class SizeCommand extends CompareOptions implements Callable<Integer> {

    static final List<Integer> DEFAULT_SIZES = List.of(1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 25, 32, 40, 50);
    static final int DEFAULT_MAX_DUETS_PER_POOL = 24;
    /** A margin of half the throughput or more would call a starved pool fast enough. */
    static final double MAX_MARGIN_PERCENT = 50;
    /** One verdict needs at least two duets with both lanes counted (stats.PairedTest: an interval needs 2). */
    static final int MIN_DUETS_FOR_A_VERDICT = 2;
    /** compare's options that choose the runs or the sizes: the search chooses those itself. */
    // --max-minutes is compare's option too (CompareOptions): here the search's budget, no default.
    private static final List<String> NOT_HERE = List.of("pool-size", "solo", "duet", "runs", "until-decided",
            "max-runs", "order", "rerun-disturbed", "pool-mode", "reference");

    @Option(names = "--sizes", paramLabel = "LIST", description = "candidate pool sizes, comma-separated "
            + "(default: 1,2,3,4,5,6,8,10,12,16,20,25,32,40,50, up to --max-size)")
    String sizesText;

    @Option(names = "--max-size", paramLabel = "N", description = "the largest candidate; added when not listed "
            + "(default: the largest of --sizes)")
    Integer maxSize;

    @Option(names = "--reference-size", paramLabel = "N", description = "the size every candidate is measured "
            + "against, one that is surely not starved; candidates above it are not searched (default: the largest "
            + "candidate)")
    Integer referenceSize;

    @Option(names = "--margin", paramLabel = "X%", description = "the knee: the smallest size shown to lose "
            + "less than X %% against the reference (its 90 %% interval's lower end above -X %%); above 0, below 50 "
            + "(default: 5%%)")
    String marginText;

    @Option(names = "--max-duets", paramLabel = "N", description = "budget: most duet windows in all (default: "
            + DEFAULT_MAX_DUETS_PER_POOL + " per pool, unless --max-minutes is given)")
    Integer maxDuets;

    @Option(names = "--db-cores", paramLabel = "N", description = "HikariCP's formula: the database host's cores "
            + "(default: this machine's; remote mode: no formula)")
    Integer dbCores;

    @Option(names = "--max-connections", paramLabel = "N", description = "the replicas line: the server's "
            + "max_connections (default: " + Replicas.DEFAULT_MAX_CONNECTIONS + ", PostgreSQL "
            + Replicas.POSTGRES_DEFAULT_MAX_CONNECTIONS + ")")
    Integer maxConnections;

    @Spec
    private CommandSpec sizeSpec;

    /** The candidates searched, ascending, the reference the largest; set by {@link #check}. */
    private List<Integer> candidates;

    @Override
    public Integer call() throws Exception {
        Set<String> given = new TreeSet<>();
        sizeSpec.commandLine().getParseResult().matchedOptions()
                .forEach(o -> given.add(o.longestName().substring(2)));
        try {
            refuseCompareOnly(given);
            validateParsed();
            checkHosts();
            check(given);
        } catch (UsageException e) {
            throw Cli.refuse(sizeSpec.commandLine(), e.getMessage());
        }
        poolSizes = candidates;
        sweepReference = candidates.get(candidates.size() - 1);
        duet = true;
        // The search's rule adds the rounds, the first included (runs = 1 only numbers the progress line's rounds).
        untilDecided = true;
        runs = 1;
        maxRuns = Integer.MAX_VALUE;
        long start = System.nanoTime();
        Path results = new dev.poolbench.bench.compare.run.Comparison(this, new Rules()).run();
        double minutes = (System.nanoTime() - start) / 60e9;
        System.out.println();
        String stopReason = stopReason(results);
        return SizeReport.write(results, profiles, candidates, equivalenceMarginPercent, stopReason, minutes,
                System.out);
    }

    /** The search's rule, made once the comparison knows its results directory. */
    private final class Rules implements StopRuleFactory {
        @Override
        public StopRule create(List<String> profiles, List<Integer> sizes, String reference,
                                       Consumer<String> log) {
            throw new IllegalStateException("the size search reads its runs' files: it needs the results directory");
        }

        @Override
        public StopRule create(List<String> profiles, List<Integer> sizes, String reference, Path results,
                                       Consumer<String> log) {
            return new SizeSearchRule(profiles, candidates, equivalenceMarginPercent, maxDuets, maxMinutes,
                    durationSeconds + warmupSeconds, results, log);
        }
    }

    private static void refuseCompareOnly(Set<String> given) throws UsageException {
        if (given.contains("equivalence-margin")) {
            throw new UsageException("--equivalence-margin is compare's: size's margin is --margin");
        }
        if (given.contains("solo")) {
            throw new UsageException("--solo: size decides by duets (each candidate beside the reference size, at "
                    + "the same time), never one app at a time");
        }
        for (String option : NOT_HERE) {
            if (given.contains(option)) {
                throw new UsageException("--" + option + " is compare's: size chooses its runs and sizes itself "
                        + "(candidates: --sizes, --max-size, --reference-size; budget: --max-duets, --max-minutes)");
            }
        }
    }

    /** Remote mode's app command, and the database host's figures when given (Ansible's size.yml). */
    private void checkHosts() throws UsageException {
        if (remoteAsIs()) {
            throw new UsageException("size in remote mode needs --app-command: the runner restarts each lane's app "
                    + "there with its pool size (Ansible's size.yml)");
        }
        if (dbCores != null && (dbCores < 1 || dbCores > 10_000)) {
            throw new UsageException("--db-cores takes the database host's cores, from 1 to 10000; " + dbCores
                    + " is not one");
        }
        if (maxConnections != null && (maxConnections < 1 || maxConnections > 1_000_000)) {
            throw new UsageException("--max-connections takes the server's max_connections, from 1 to 1000000; "
                    + maxConnections + " is not one");
        }
    }

    /** The candidates, the reference and the budget, each refused with one line when it cannot work. */
    private void check(Set<String> given) throws UsageException {
        List<Integer> sizes = new ArrayList<>(sizesText == null ? DEFAULT_SIZES : parseSizes(sizesText));
        if (maxSize != null) {
            positive("--max-size", maxSize);
            sizes.removeIf(s -> s > maxSize);
            if (!sizes.contains(maxSize)) {
                sizes.add(maxSize);
            }
        }
        sizes.sort(null);
        int reference = referenceSize != null ? referenceSize : sizes.get(sizes.size() - 1);
        if (reference < sizes.get(0) || reference > sizes.get(sizes.size() - 1)) {
            throw new UsageException("--reference-size " + reference + " is outside the candidate range " + sizes.get(0)
                    + ".." + sizes.get(sizes.size() - 1) + ": the reference must be one of the sizes searched, a "
                    + "large one");
        }
        sizes.removeIf(s -> s > reference);
        if (!sizes.contains(reference)) {
            sizes.add(reference);
        }
        if (sizes.size() < 2) {
            throw new UsageException("no candidate below the reference size " + reference + ": give smaller sizes "
                    + "(--sizes) or a larger reference");
        }
        candidates = List.copyOf(sizes);
        if (marginText != null) {
            equivalenceMarginPercent = margin(marginText);
        }
        if (maxDuets == null && maxMinutes == null) {
            maxDuets = DEFAULT_MAX_DUETS_PER_POOL * profiles.size();
        }
        if (maxDuets != null && maxDuets < MIN_DUETS_FOR_A_VERDICT) {
            throw new UsageException("--max-duets " + maxDuets + " cannot decide anything: one verdict needs at least "
                    + MIN_DUETS_FOR_A_VERDICT + " duets of a size against the reference");
        }
        double windowMinutes = (durationSeconds + warmupSeconds + SizeSearchRule.WINDOW_OVERHEAD_SECONDS) / 60.0;
        if (maxMinutes != null && !(maxMinutes >= MIN_DUETS_FOR_A_VERDICT * windowMinutes)) {
            throw new UsageException(String.format(java.util.Locale.ROOT, "--max-minutes %s cannot decide anything: "
                    + "one verdict needs at least %d duets of about %.1f min each (--duration %d, --warmup %d, plus "
                    + "about %d s of start-up)", maxMinutes, MIN_DUETS_FOR_A_VERDICT, windowMinutes, durationSeconds,
                    warmupSeconds, SizeSearchRule.WINDOW_OVERHEAD_SECONDS));
        }
    }

    /** "5", "5%" or "2.5 %": a margin above 0 and below {@link #MAX_MARGIN_PERCENT}, else refused in one line. */
    private static double margin(String text) throws UsageException {
        String v = text.trim();
        v = v.endsWith("%") ? v.substring(0, v.length() - 1).trim() : v;
        double margin;
        try {
            margin = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            margin = Double.NaN;
        }
        if (!(margin > 0 && margin < MAX_MARGIN_PERCENT)) {
            throw new UsageException("--margin " + text + " is refused: the margin is a loss in percent above 0 and "
                    + "below " + (int) MAX_MARGIN_PERCENT + ", such as 5 or 5%");
        }
        return margin;
    }

    private static List<Integer> parseSizes(String text) throws UsageException {
        List<Integer> sizes = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            int size;
            try {
                size = Integer.parseInt(item.trim());
            } catch (NumberFormatException e) {
                throw new UsageException("--sizes takes positive whole numbers, comma-separated; '" + item.trim()
                        + "' is not one");
            }
            positive("--sizes", size);
            if (sizes.contains(size)) {
                throw new UsageException("--sizes lists " + size + " twice");
            }
            sizes.add(size);
        }
        return sizes;
    }

    private static void positive(String option, int size) throws UsageException {
        if (size < 1 || size > 1_000) {
            throw new UsageException(option + " takes pool sizes from 1 to 1000; " + size + " is not one");
        }
    }

    /**
     * environment.json's options: compare's, with the search's budget and candidates instead of compare's round
     * rule (the search chooses every round itself: {@code untilDecided} and {@code maxRuns} would say otherwise).
     */
    @Override
    public ObjectNode toJson() {
        ObjectNode n = super.toJson();
        n.remove(List.of("runs", "untilDecided", "maxRuns", "maxMinutes"));
        ObjectNode search = n.putObject(SizeReport.OPTIONS_KEY);
        candidates.forEach(search.putArray("candidates")::add);
        search.put("referenceSize", candidates.get(candidates.size() - 1));
        if (maxDuets != null) {
            search.put("maxDuets", maxDuets);
        }
        if (maxMinutes != null) {
            search.put("maxMinutes", maxMinutes);
        }
        if (dbCores != null) {
            search.put("dbCores", dbCores);
        }
        if (maxConnections != null) {
            search.put("maxConnections", maxConnections);
        }
        return n;
    }

    /** The plan's stop reason as environment.json recorded it; null when absent. */
    private static String stopReason(Path results) throws java.io.IOException {
        Path environment = results.resolve("environment.json");
        return Files.isRegularFile(environment) ? dev.poolbench.bench.compare.util.Json.text(
                dev.poolbench.bench.compare.util.Json.read(environment), "roundsStopReason") : null;
    }
}
