package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.run.RunReleases;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.BetweenSitting;
import dev.poolbench.bench.compare.verdict.DimensionVerdict;
import dev.poolbench.bench.compare.verdict.DuetPairs;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import dev.poolbench.bench.compare.verdict.SizeDuets;
import dev.poolbench.bench.compare.verdict.SummaryBlock;
import dev.poolbench.bench.compare.verdict.VariantDuets;
import java.util.List;
import java.util.Locale;

/**
 * A comparison's summary: summary.txt's lines and summary.json ({@link SummaryJson}) around its
 * blocks, whose rows, ranks and paired verdicts {@link SummaryBlock} computes.
 */
public final class Summary {

    static final double ALPHA = 0.05;

    private final List<RunRecord> runs;
    private final List<SummaryBlock> blocks;
    private final JsonNode environment;
    private final String reference;
    private final double marginPercent;

    private Summary(List<RunRecord> runs, List<SummaryBlock> blocks, JsonNode environment, String reference,
                    double marginPercent) {
        this.runs = runs;
        this.blocks = blocks;
        this.environment = environment;
        this.reference = reference;
        this.marginPercent = marginPercent;
    }

    public List<SummaryBlock> blocks() {
        return blocks;
    }

    List<RunRecord> runs() {
        return runs;
    }

    /** Runs that make the comparison fail: invalid, or pool not as requested. */
    List<RunRecord> problemRuns() {
        // A run replaced by its re-run is no problem: the re-run stands in for it.
        return runs.stream().filter(r -> !r.counted() && !r.json().has("supersededBy")).toList();
    }

    int exitStatus() {
        return problemRuns().isEmpty() ? 0 : 1;
    }

    /** @param environment the results directory's environment.json, or an empty object */
    public static Summary of(List<RunRecord> runs, JsonNode environment) {
        JsonNode env = environment == null ? Json.object() : environment;
        String reference = PairedVerdict.reference(env, runs);
        double margin = PairedVerdict.marginPercent(env);
        BetweenSitting between = BetweenSitting.of(env, runs);
        List<SummaryBlock> blocks = SummaryBlock.of(runs, reference, margin, between);
        return new Summary(List.copyOf(runs), blocks, env, reference, margin);
    }

    // ---------------------------------------------------------------- text

    public String text() {
        StringBuilder out = new StringBuilder();
        appendHeading(out);
        boolean showVariant = variesVariant();
        for (SummaryBlock b : blocks) {
            appendBlock(out, b, showVariant);
        }
        appendAcrossBlocks(out);
        out.append('\n');
        appendRunCounts(out);
        out.append(DisturbanceSummary.text(runs));
        appendCosts(out);
        if (environment.path("options").isMissingNode()) {
            out.append("(no environment.json: settings taken from the run records)\n");
        }
        return out.toString();
    }

    /** The lines above the tables: start, settings, why the rounds stopped, what the pool mode means. */
    private void appendHeading(StringBuilder out) {
        // First, so that no one takes a planted difference for a pool's.
        out.append(PlantedLine.text(environment, runs));
        out.append("poolbench comparison");
        String started = Json.text(environment, "startedAt");
        if (started != null) {
            out.append(" started ").append(started);
        }
        out.append('\n').append(settingsLine()).append('\n');
        out.append(RunReleases.line(releases()));
        String stop = Json.text(environment, "roundsStopReason");
        if (stop != null) {
            String rule = RoundRule.of(environment);
            out.append("Adaptive rounds (").append(rule).append("): ").append(stop).append('\n');
        }
        String mode = poolMode();
        if ("defaults".equals(mode)) {
            out.append("Pool mode 'defaults': each pool as its library ships it, so pool sizes "
                    + "differ per pool (column 'size' is the maximum read back from the live pool).\n");
        } else if (mode != null) {
            out.append("Pool mode '").append(mode).append("': fixed-size pools with the same "
                    + "settings everywhere (docs/spec/pools.md).\n");
        }
    }

    /** One block: its title (when there is more than the default one), its table and its verdict lines. */
    private void appendBlock(StringBuilder out, SummaryBlock b, boolean showVariant) {
        out.append('\n');
        if (blocks.size() > 1 || b.poolSize() != null) {
            out.append(b.title(showVariant)).append('\n');
        }
        out.append(SummaryTable.render(b.rows(), this::poolMean));
        if (DuetPairs.any(b.runs()) && !b.paired().isEmpty()) {
            out.append("(duets: rank and vs best come from each pool's duet ratio to ").append(reference)
                    .append(", not from the lanes' mean scores, which drift with the machine between windows)\n");
        }
        out.append(ThreadFigures.tableFor(b));
        out.append(SessionFigures.tableFor(b));
        out.append('\n');
        for (String line : b.verdict()) {
            out.append("Verdict: ").append(line).append('\n');
        }
        if (!SizeDuets.any(b.runs()) && !VariantDuets.any(b.runs())) {
            // A size search's duets span two blocks (two sizes): its size.txt lists them.
            for (String line : DuetPairs.lines(b.runs(), reference)) {
                out.append("Duet ").append(line).append('\n');
            }
        }
    }

    /** What compares across blocks: app builds, session stores, thread figures left out. */
    private void appendAcrossBlocks(StringBuilder out) {
        String builds = DimensionVerdict.text(DimensionVerdict.Dimension.APP_BUILD, appBuilds(), marginPercent);
        if (!builds.isEmpty()) {
            out.append('\n').append(builds);
        }
        String stores = DimensionVerdict.text(DimensionVerdict.Dimension.SESSION, sessionStores(), marginPercent);
        if (!stores.isEmpty()) {
            out.append('\n').append(stores);
        }
        out.append(DimensionVerdict.moreText(runs, environment, marginPercent));
        out.append(ThreadFigures.skippedText(environment));
    }

    /** How many runs counted, and why each problem run did not. */
    private void appendRunCounts(StringBuilder out) {
        long invalid = runs.stream().filter(r -> !r.valid()).count();
        long flagged = runs.stream().filter(RunRecord::flagged).count();
        out.append(String.format(Locale.ROOT, "Runs: %d (%d counted, %d invalid, %d flagged)%n",
                runs.size(), runs.stream().filter(RunRecord::counted).count(), invalid, flagged));
        for (RunRecord r : problemRuns()) {
            out.append("  ! round ").append(r.round()).append(' ').append(r.groupLabel()).append(": ")
                    .append(r.valid() ? "" : "INVALID ")
                    .append(r.flagged() ? "FLAGGED " : "")
                    .append(String.join("; ", r.problems())).append('\n');
        }
    }

    /** What the comparison cost beyond the measured time: fixed cost per run, proxy CPU, wall time. */
    private void appendCosts(StringBuilder out) {
        out.append(WallTimeSummary.fixedCostLine(runs)).append('\n');
        String proxyCpu = DbDistanceLines.proxyCpuLine(runs);
        if (proxyCpu != null) {
            out.append(proxyCpu).append('\n');
        }
        String wall = WallTimeSummary.wallTimeLine(runs, environment);
        if (wall != null) {
            out.append(wall).append('\n');
            List<PairedVerdict.Entry> entries = SizeDuets.any(runs) ? SizeDuets.entries(runs, marginPercent)
                    : blocks.stream().flatMap(b -> b.paired().stream()).toList();
            String decided = WallTimeSummary.decidedLine(entries);
            if (decided != null) {
                out.append(decided).append('\n');
            }
        }
    }

    /** The pool and driver releases the runs' apps reported ({@link RunReleases}). */
    public ObjectNode releases() {
        return RunReleases.of(runs);
    }

    public String settingsLine() {
        JsonNode o = environment.path("options");
        RunRecord first = runs.stream().filter(r -> r.json().hasNonNull("workload")).findFirst()
                .orElse(runs.isEmpty() ? null : runs.get(0));
        String workload = firstKnown(Json.text(o, "workload"),
                first == null ? null : Json.text(first.json(), "workload"), "?");
        String duration = firstKnown(Json.text(o, "durationSeconds"),
                first == null ? null : Json.text(first.json(), "durationSeconds"), "?");
        StringBuilder line = new StringBuilder();
        line.append("workload ").append(workload).append(", ").append(duration).append(" s per run");
        String warmup = Json.text(o, "warmupSeconds");
        if (warmup != null) {
            line.append(", warm-up ").append(warmup).append(" s");
        }
        int rounds = runs.stream().mapToInt(RunRecord::round).max().orElse(0);
        line.append(", ").append(rounds).append(rounds == 1 ? " round" : " rounds");
        String order = Json.text(o, "order");
        if (order != null) {
            line.append(" (").append(order).append(')');
        }
        String mode = poolMode();
        if (mode != null) {
            line.append(", pool mode ").append(mode);
        }
        String schema = Json.text(o, "schema");
        if (schema != null) {
            line.append(", schema ").append(schema);
        }
        String database = Json.text(o, "database");
        if (database != null && !database.equals("mariadb")) {
            line.append(", database ").append(database);
        }
        if (!variesVariant() && !blocks.isEmpty() && blocks.get(0).variant() != null) {
            line.append(", ").append(RunVariant.describe(blocks.get(0).variant()));
        }
        String distance = DbDistanceLines.label(environment, runs);
        if (distance != null) {
            line.append(", db distance ").append(distance);
        }
        String lanes = LanePlacementLine.of(environment);
        if (lanes != null) {
            line.append(", ").append(lanes);
        }
        return line.toString();
    }

    /** The app builds against the reference build, pool by pool (empty without --app-jar). */
    public List<DimensionVerdict.Entry> appBuilds() {
        return DimensionVerdict.of(DimensionVerdict.Dimension.APP_BUILD, runs, environment, marginPercent);
    }

    /** Each Redis session store against memory, pool by pool (empty without --session). */
    public List<DimensionVerdict.Entry> sessionStores() {
        return DimensionVerdict.of(DimensionVerdict.Dimension.SESSION, runs, environment, marginPercent);
    }

    /** Whether the runs span more than one variant (thread mode, JDK, app build, session store): then each block names its own. */
    boolean variesVariant() {
        return blocks.stream().map(SummaryBlock::variant).distinct().count() > 1;
    }

    String poolMode() {
        String mode = Json.text(environment, "options.poolMode");
        if (mode == null && !runs.isEmpty()) {
            mode = runs.get(0).poolMode();
        }
        return mode;
    }

    private static String firstKnown(String a, String b, String fallback) {
        return a != null ? a : b != null ? b : fallback;
    }

    // ---------------------------------------------------------------- JSON

    /** summary.json ({@link SummaryJson}). */
    public ObjectNode json() {
        return SummaryJson.of(this);
    }

    String reference() {
        return reference;
    }

    double marginPercent() {
        return marginPercent;
    }

    JsonNode environment() {
        return environment;
    }

    /** Mean over the row's counted runs of a poolMetrics figure; NaN when no run has it. */
    double poolMean(SummaryBlock.Row row, java.util.function.ToDoubleFunction<JsonNode> figure) {
        return SummaryBlock.meanOf(countedRuns(row).stream().map(figure::applyAsDouble).filter(v -> !Double.isNaN(v)).toList());
    }

    /** The records of the row's counted runs (of its own block: size, thread mode, JDK). */
    List<JsonNode> countedRuns(SummaryBlock.Row row) {
        return blockOf(row).runs().stream()
                .filter(r -> r.counted() && r.profile().equals(row.profile()))
                .<JsonNode>map(RunRecord::json).toList();
    }

    /** The block a row belongs to (rows are the blocks' own objects). */
    private SummaryBlock blockOf(SummaryBlock.Row row) {
        return blocks.stream().filter(b -> b.rows().stream().anyMatch(r -> r == row)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("row of another summary: " + row.profile()));
    }
}
