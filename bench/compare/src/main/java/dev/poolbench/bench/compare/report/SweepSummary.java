package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSummary;
import dev.poolbench.bench.compare.size.SizingFormula;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.stats.Stats;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.DuetPairs;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import dev.poolbench.bench.compare.verdict.SizeDuets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A pool-size sweep seen per pool: score against size, and the best size. "Best" is the size
 * with the highest mean score; the size to pick is the smallest one within the noise of the
 * best: the smallest size whose paired difference to the best size (the same pool, the same
 * rounds, {@link PairedTest}) is not significantly negative, i.e. its 95 % interval reaches 0.
 * Smaller pools hold fewer database connections for the same throughput. Beside each pool's
 * sizes: HikariCP's formula for the machine and whether the measured knee agrees ({@link SizingFormula}).
 * A sweep run as duets ({@link SizeDuets}) has each size's verdict against the reference size
 * instead, and pick = its decided knee.
 */
final class SweepSummary {

    /**
     * One pool at one size; {@code vsBest} null for the best size itself (and in a sweep of duets);
     * {@code vsReference} the duet verdict against the reference size, null for it and in a solo sweep.
     */
    record Point(int size, Stats.Sample sample, double meanPeakPending, PairedTest.Result vsBest,
                 PairedTest.Result vsReference) {
    }

    /**
     * @param pick          smallest size within the noise of the best (duets: the decided knee), null when it cannot be told
     * @param referenceSize of a sweep of duets, null for a solo sweep
     * @param knee          of a sweep of duets: the pool's sizes and knee in words ({@link SizeDuets#knee})
     */
    record Pool(String profile, List<Point> points, Integer best, Integer pick, String note, Integer referenceSize,
                String knee) {

        Pool(String profile, List<Point> points, Integer best, Integer pick, String note) {
            this(profile, points, best, pick, note, null, null);
        }
    }

    private final List<Pool> pools;
    private final List<Integer> sizes;
    /** Null when the host's cores are unknown (no environment.json). */
    private final SizingFormula formula;
    /** The runs of a sweep of duets, for its duet lines; null for a solo sweep. */
    private final List<RunRecord> duetRuns;

    private SweepSummary(List<Pool> pools, List<Integer> sizes, SizingFormula formula, List<RunRecord> duetRuns) {
        this.pools = pools;
        this.sizes = sizes;
        this.formula = formula;
        this.duetRuns = duetRuns;
    }

    /** Whether it is a sweep of duets (each size against a reference size). */
    boolean duets() {
        return duetRuns != null;
    }

    /** Of a sweep of duets: each size against the reference size as paired entries; empty for a solo sweep. */
    List<PairedVerdict.Entry> duetEntries() {
        List<PairedVerdict.Entry> entries = new ArrayList<>();
        for (Pool pool : pools) {
            pool.points().stream().filter(p -> p.vsReference() != null).forEach(p -> entries.add(new PairedVerdict.Entry(
                    pool.profile() + " size " + p.size(), pool.profile() + " size " + pool.referenceSize(),
                    p.vsReference(), true)));
        }
        return entries;
    }

    SizingFormula formula() {
        return formula;
    }

    /**
     * The formula against the pool's knee (its pick, else its best size; of a sweep of duets only
     * a decided knee); null when the cores are unknown.
     */
    SizingFormula.Check formulaCheck(Pool pool) {
        if (formula != null && pool.knee() != null && pool.pick() == null) {
            return new SizingFormula.Check(null, "no-knee", "no decided knee to compare it with");
        }
        return formula == null ? null : formula.check(sizes, pool.pick() != null ? pool.pick() : pool.best());
    }

    List<Pool> pools() {
        return pools;
    }

    /** Null unless the runs are a sweep (more than one requested pool size); no formula (cores unknown). */
    static SweepSummary of(List<RunRecord> runs, double marginPercent) {
        return of(runs, marginPercent, null);
    }

    /** As above, with HikariCP's formula for the host of {@code environment} (environment.json). */
    static SweepSummary of(List<RunRecord> runs, double marginPercent, JsonNode environment) {
        List<Integer> sizes = runs.stream().map(RunRecord::poolSize).filter(Objects::nonNull)
                .distinct().sorted().toList();
        if (sizes.size() < 2) {
            return null;
        }
        List<Pool> pools = new ArrayList<>();
        boolean duets = SizeDuets.any(runs);
        // Thread mode and JDK are further dimensions: one curve per pool and variant.
        List<String> variants = runs.stream().map(r -> RunVariant.key(r.json())).distinct().toList();
        for (String variant : variants) {
            List<RunRecord> variantRuns = runs.stream()
                    .filter(r -> Objects.equals(RunVariant.key(r.json()), variant)).toList();
            String suffix = variants.size() > 1 ? " (" + RunVariant.describe(variant) + ")" : "";
            pools.addAll(duets ? duetPools(variantRuns, sizes, marginPercent, suffix)
                    : pools(variantRuns, sizes, marginPercent, suffix));
        }
        return new SweepSummary(List.copyOf(pools), sizes, SizingFormula.of(environment), duets ? runs : null);
    }

    /** The pool's counted runs at one size: their scores and peak pending threads. */
    private static Point point(List<RunRecord> runs, String profile, int size, PairedTest.Result vsReference) {
        List<RunRecord> counted = runs.stream().filter(r -> r.counted() && r.profile().equals(profile)
                && Objects.equals(r.poolSize(), size)).toList();
        return new Point(size, Stats.describe(counted.stream().map(RunRecord::score).toList()),
                mean(counted.stream().mapToDouble(r -> PoolMetricsSummary.peakPending(r.json())).toArray()),
                null, vsReference);
    }

    /** A sweep of duets: per pool each size against the reference size, best = highest estimate, pick = the knee. */
    private static List<Pool> duetPools(List<RunRecord> runs, List<Integer> sizes, double marginPercent,
                                        String suffix) {
        List<Pool> pools = new ArrayList<>();
        for (String profile : PairedVerdict.profiles(runs)) {
            Integer reference = SizeDuets.referenceSize(runs, profile);
            Map<Integer, PairedTest.Result> verdicts = new TreeMap<>();
            List<Point> points = new ArrayList<>();
            for (int size : sizes) {
                PairedTest.Result vs = reference == null || size == reference ? null
                        : SizeDuets.verdict(runs, profile, size, reference, marginPercent);
                if (vs != null) {
                    verdicts.put(size, vs);
                }
                points.add(point(runs, profile, size, vs));
            }
            if (reference == null || !sizes.contains(reference)) {
                pools.add(new Pool(profile + suffix, points, null, null, "no size duet recorded"));
                continue;
            }
            SizeDuets.Knee knee = SizeDuets.knee(reference, sizes, verdicts);
            pools.add(new Pool(profile + suffix, List.copyOf(points), SizeDuets.best(reference, verdicts), knee.size(),
                    null, reference, knee.text()));
        }
        return pools;
    }

    private static List<Pool> pools(List<RunRecord> runs, List<Integer> sizes, double marginPercent,
                                    String suffix) {
        List<Pool> pools = new ArrayList<>();
        for (String profile : PairedVerdict.profiles(runs)) {
            List<Point> raw = new ArrayList<>();
            for (int size : sizes) {
                raw.add(point(runs, profile, size, null));
            }
            Point best = raw.stream().filter(p -> p.sample().n() > 0)
                    .max((a, b) -> Double.compare(a.sample().mean(), b.sample().mean())).orElse(null);
            if (best == null) {
                pools.add(new Pool(profile + suffix, raw, null, null, "no valid run"));
                continue;
            }
            Map<Integer, Double> bestScores = PairedVerdict.scoresByRound(runs, profile, best.size());
            List<Point> points = new ArrayList<>();
            Integer pick = null;
            boolean unknown = false;
            for (Point p : raw) {
                PairedTest.Result vs = p == best || p.sample().n() == 0 ? null : PairedVerdict.compare(
                        PairedVerdict.scoresByRound(runs, profile, p.size()), bestScores, marginPercent);
                points.add(new Point(p.size(), p.sample(), p.meanPeakPending(), vs, null));
                if (pick != null || unknown || p.sample().n() == 0) {
                    continue;
                }
                if (p == best) {
                    pick = p.size();
                } else if (vs.n() < 2) {
                    unknown = true;
                } else if (vs.word() != PairedTest.Word.SLOWER) {
                    pick = p.size();
                }
            }
            String note = unknown ? "fewer than 2 paired rounds: best size by mean only" : null;
            pools.add(new Pool(profile + suffix, List.copyOf(points), best.size(), unknown ? null : pick, note));
        }
        return pools;
    }

    String text() {
        StringBuilder out = new StringBuilder();
        appendTable(out, duets() ? duetCells(out) : soloCells(out));
        appendPoolLines(out);
        if (duets()) {
            DuetPairs.lines(duetRuns, null).forEach(line -> out.append("Duet ").append(line).append('\n'));
        }
        return out.toString();
    }

    /** A solo sweep's heading, then its table's cells: score per size and the paired difference to the best size. */
    private List<String[]> soloCells(StringBuilder out) {
        out.append("Pool-size sweep: score against pool size, per pool. Best = highest mean; pick = the "
                + "smallest size within the noise of the best (its paired difference to the best size, "
                + "same rounds, is not significantly below 0 at 95 %).\n");
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {"profile", "size", "n", "mean", "95% CI", "vs best size (paired)", "peak pend"});
        for (Pool pool : pools) {
            for (Point p : pool.points()) {
                Stats.Sample s = p.sample();
                cells.add(new String[] {pool.profile(), String.valueOf(p.size()), String.valueOf(s.n()),
                    num(s.mean(), 0), s.hasInterval() ? num(s.ciLow(), 0) + ".." + num(s.ciHigh(), 0) : "-",
                    Objects.equals(pool.best(), p.size()) ? "best" : p.vsBest() == null ? "-" : p.vsBest().interval(),
                    num(p.meanPeakPending(), 1)});
            }
        }
        return cells;
    }

    /** A sweep of duets' heading, then its table's cells: each size against the reference size, paired by duet. */
    private List<String[]> duetCells(StringBuilder out) {
        out.append("Pool-size sweep as duets: each size against size ").append(referenceText())
                .append(" of the same pool, ").append(DuetPairs.rule()).append("; equivalent = 90 % interval inside ±")
                .append(PairedVerdict.marginText(marginPercent())).append(" %. Knee = the smallest size from which every "
                        + "size up to the reference is equivalent to it, decided when the next smaller size is "
                        + "slower. n and mean: the lanes' own scores.\n");
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {"profile", "size", "n", "mean", "vs reference size (duet)", "duets", "verdict",
            "peak pend"});
        for (Pool pool : pools) {
            for (Point p : pool.points()) {
                PairedTest.Result vs = p.vsReference();
                cells.add(new String[] {pool.profile(), String.valueOf(p.size()), String.valueOf(p.sample().n()),
                    num(p.sample().mean(), 0), vs == null ? "reference" : vs.brief().replace("round", "duet"),
                    vs == null ? "-" : String.valueOf(vs.n()), vs == null ? "-" : vs.word().label(),
                    num(p.meanPeakPending(), 1)});
            }
        }
        return cells;
    }

    /** The equivalence margin of a sweep of duets' verdicts. */
    double marginPercent() {
        return pools.stream().flatMap(p -> p.points().stream()).map(Point::vsReference).filter(Objects::nonNull)
                .mapToDouble(PairedTest.Result::marginPercent).findFirst().orElse(PairedVerdict.DEFAULT_MARGIN_PERCENT);
    }

    /** The reference size of the pools, or their sizes when they differ. */
    private String referenceText() {
        return String.join("/", pools.stream().map(Pool::referenceSize).filter(Objects::nonNull).distinct()
                .map(String::valueOf).toList());
    }

    private static void appendTable(StringBuilder out, List<String[]> cells) {
        int[] widths = new int[cells.get(0).length];
        cells.forEach(row -> {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        });
        for (String[] row : cells) {
            StringBuilder line = new StringBuilder("  ");
            for (int i = 0; i < row.length; i++) {
                String fill = " ".repeat(widths[i] - row[i].length());
                line.append(i == 0 ? row[i] + fill : fill + row[i]).append(i == row.length - 1 ? "" : "  ");
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }

    /** Per pool: its best size and pick, then HikariCP's formula against its knee. */
    private void appendPoolLines(StringBuilder out) {
        if (formula != null) {
            out.append("Formula beside the knee: ").append(SizingFormula.RULE).append(".\n");
        }
        for (Pool pool : pools) {
            out.append("Sweep: ").append(pool.profile()).append(": ");
            if (pool.knee() != null) {
                out.append(pool.knee()).append('\n');
                appendFormulaLine(out, pool);
                continue;
            }
            if (pool.best() == null) {
                out.append(pool.note()).append('\n');
                appendFormulaLine(out, pool);
                continue;
            }
            out.append("best size ").append(pool.best());
            if (pool.pick() != null) {
                out.append(", smallest size within the noise of the best: ").append(pool.pick());
            }
            if (pool.note() != null) {
                out.append(" (").append(pool.note()).append(')');
            }
            out.append('\n');
            appendFormulaLine(out, pool);
        }
    }

    private void appendFormulaLine(StringBuilder out, Pool pool) {
        if (formula != null) {
            out.append("Sweep: ").append(pool.profile()).append(": ").append(formula.line()).append("; ")
                    .append(formulaCheck(pool).text()).append('\n');
        }
    }

    ObjectNode json() {
        ObjectNode root = Json.object();
        root.put("rule", duets() ? "each size against the reference size, paired by duet; pick = the knee: the "
                + "smallest size from which every size up to the reference is equivalent to it, when the next "
                + "smaller size is slower (or none is swept)"
                : "pick = smallest size whose paired difference to the best size is not "
                + "significantly negative (95 % interval reaches 0)");
        if (formula != null) {
            root.set("formula", formula.json());
        }
        ArrayNode array = root.putArray("pools");
        for (Pool pool : pools) {
            ObjectNode pn = array.addObject();
            pn.put("profile", pool.profile());
            pn.put("bestSize", pool.best());
            pn.put("pickSize", pool.pick());
            pn.put("note", pool.note());
            SizingFormula.Check check = formulaCheck(pool);
            if (check != null) {
                pn.put("knee", check.knee());
                pn.put("formulaSize", formula.size());
                pn.put("formulaAgreement", check.code());
                pn.put("formulaCheck", check.text());
            }
            ArrayNode points = pn.putArray("points");
            for (Point p : pool.points()) {
                ObjectNode n = points.addObject();
                n.put("size", p.size());
                n.put("n", p.sample().n());
                put(n, "mean", p.sample().mean());
                put(n, "ci95Low", p.sample().ciLow());
                put(n, "ci95High", p.sample().ciHigh());
                put(n, "meanPeakPending", p.meanPeakPending());
                if (p.vsBest() != null) {
                    put(n, "vsBestPercent", p.vsBest().estimatePercent());
                    put(n, "vsBestLowPercent", p.vsBest().lowPercent());
                    put(n, "vsBestHighPercent", p.vsBest().highPercent());
                    n.put("vsBestVerdict", p.vsBest().word().label());
                }
                if (p.vsReference() != null) {
                    n.set("vsReference", new PairedVerdict.Entry(pool.profile() + " size " + p.size(),
                            pool.profile() + " size " + pool.referenceSize(), p.vsReference(), true).json());
                }
            }
            if (pool.knee() != null) {
                pn.put("referenceSize", pool.referenceSize());
                pn.put("kneeStatement", pool.knee());
            }
        }
        if (duets()) {
            root.set("duets", DuetChart.json(duetRuns, null));
        }
        return root;
    }

    private static double mean(double[] values) {
        double sum = 0;
        int n = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private static String num(double v, int decimals) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static void put(ObjectNode node, String name, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            node.putNull(name);
        } else {
            node.put(name, v);
        }
    }
}
