package dev.poolbench.bench.compare.verdict;

import dev.poolbench.bench.compare.launch.PoolSettings;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.stats.Stats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The statistics of a comparison's summary, block by block: all rows sharing one combination of
 * pool size and variant (thread mode, JDK; see {@link RunVariant#key}), or all rows when nothing
 * varies, with their ranks, distance to the best and the paired verdict of every profile against
 * the reference ({@link PairedVerdict}). Only runs that are valid and whose pool matched the
 * requested settings are counted. {@code runs} are the block's runs; report.Summary renders them.
 */
public record SummaryBlock(Integer poolSize, String variant, List<Row> rows, List<PairedVerdict.Entry> paired,
                           List<String> verdict, List<RunRecord> runs) {

    /** One profile (at one pool size). */
    public record Row(String profile, Integer poolSize, Stats.Sample sample, int excluded, int rank,
               double relativeToBestPercent, double meanP99Millis, double meanCpuMillisPerPage,
               String sizeReadBack) implements RankedRow {

        @Override
        public boolean ranked() {
            return rank > 0;
        }
    }

    /** The block's heading: {@code Pool size 10, virtual threads, JDK 25}. */
    public String title(boolean showVariant) {
        String size = poolSize == null ? "Pool size: each pool's default" : "Pool size " + poolSize;
        String v = showVariant ? RunVariant.describe(variant) : "";
        return v.isEmpty() ? size : size + ", " + v;
    }

    /** One block per combination: pool size, then variant (thread mode, JDK) in the order run. */
    public static List<SummaryBlock> of(List<RunRecord> runs, String reference, double margin, BetweenSitting between) {
        Map<Integer, Map<String, List<RunRecord>>> bySize = new TreeMap<>(Comparator.nullsFirst(Integer::compare));
        for (RunRecord r : runs) {
            bySize.computeIfAbsent(r.poolSize(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(RunVariant.key(r.json()), k -> new ArrayList<>()).add(r);
        }
        List<SummaryBlock> blocks = new ArrayList<>();
        bySize.forEach((size, byVariant) -> byVariant.forEach((variant, blockRuns) ->
                blocks.add(block(size, variant, blockRuns, reference, margin, between))));
        return blocks;
    }

    private static SummaryBlock block(Integer size, String variant, List<RunRecord> sizeRuns, String reference,
                                      double margin, BetweenSitting between) {
        Map<String, List<RunRecord>> byProfile = new LinkedHashMap<>();
        for (RunRecord r : sizeRuns) {
            byProfile.computeIfAbsent(r.profile(), k -> new ArrayList<>()).add(r);
        }
        record Partial(String profile, Stats.Sample sample, int excluded, double p99, double cpu,
                       String sizeReadBack) {
        }
        List<Partial> partials = new ArrayList<>();
        byProfile.forEach((profile, list) -> {
            List<RunRecord> counted = list.stream().filter(RunRecord::counted).toList();
            partials.add(new Partial(profile,
                    Stats.describe(counted.stream().map(RunRecord::score).toList()),
                    list.size() - counted.size(),
                    meanOf(counted.stream().map(RunRecord::p99Millis).toList()),
                    meanOf(counted.stream().map(RunRecord::cpuMillisPerPassedPage).toList()),
                    sizeReadBack(list)));
        });
        List<PairedVerdict.Entry> paired = PairedVerdict.of(sizeRuns, List.copyOf(byProfile.keySet()),
                reference, margin, between);
        // Duets rank by their ratio to the reference: each lane's own score drifts with the
        // machine (the ratio is what cancels it), so the means of lanes from different windows
        // could put a pool that lost every duet at the top.
        Map<String, Double> rankKey = new LinkedHashMap<>();
        boolean byDuet = DuetPairs.any(sizeRuns) && !paired.isEmpty();
        for (Partial p : partials) {
            rankKey.put(p.profile(), !byDuet ? p.sample().mean() : p.profile().equals(reference) ? 1.0
                    : paired.stream().filter(e -> e.profile().equals(p.profile()) && e.result().n() > 0)
                            .map(e -> 1 + e.result().estimatePercent() / 100).findFirst().orElse(Double.NaN));
        }
        List<Partial> ranked = partials.stream().filter(p -> p.sample().n() > 0 && !rankKey.get(p.profile()).isNaN())
                .sorted(Comparator.comparingDouble((Partial p) -> rankKey.get(p.profile())).reversed())
                .toList();
        double best = ranked.isEmpty() ? Double.NaN : rankKey.get(ranked.get(0).profile());
        List<Row> rows = new ArrayList<>();
        for (Partial p : partials) {
            int rank = ranked.indexOf(p) + 1;
            double relative = rank == 0 ? Double.NaN : best == 0 ? 0 : 100.0 * (rankKey.get(p.profile()) - best) / best;
            rows.add(new Row(p.profile(), size, p.sample(), p.excluded(), rank, relative, p.p99(),
                    p.cpu(), p.sizeReadBack()));
        }
        rows.sort(Comparator.comparingInt((Row r) -> r.ranked() ? r.rank() : Integer.MAX_VALUE));
        return new SummaryBlock(size, variant, List.copyOf(rows), paired, PairedVerdict.lines(rows, paired, reference,
                margin, sizeRuns, between),
                List.copyOf(sizeRuns));
    }

    /** The mean of the known values (NaN left out); NaN when none is known. */
    public static double meanOf(List<Double> values) {
        List<Double> known = values.stream().filter(v -> !Double.isNaN(v)).toList();
        return known.isEmpty() ? Double.NaN
                : known.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** The maximum pool size read back from the live pools, when the records carry it. */
    private static String sizeReadBack(List<RunRecord> list) {
        List<String> sizes = list.stream()
                .map(r -> PoolSettings.maxSize(r.json().get("poolSettings")))
                .filter(Objects::nonNull).distinct().toList();
        return sizes.isEmpty() ? null : String.join("/", sizes);
    }
}
