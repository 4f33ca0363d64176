package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSummary;
import dev.poolbench.bench.compare.stats.Stats;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.BetweenSitting;
import dev.poolbench.bench.compare.verdict.DimensionVerdict;
import dev.poolbench.bench.compare.verdict.DuetPairs;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import dev.poolbench.bench.compare.verdict.SizeDuets;
import dev.poolbench.bench.compare.verdict.SummaryBlock;
import dev.poolbench.bench.compare.verdict.VariantDuets;
import java.util.List;

/**
 * summary.json of a {@link Summary}: the figures of its text, for tools. The keys and their order
 * are the file's format (readers and the golden results compare it as it is): a new figure goes
 * at the end of its object.
 */
final class SummaryJson {

    private SummaryJson() {
    }

    static ObjectNode of(Summary summary) {
        List<RunRecord> runs = summary.runs();
        ObjectNode root = Json.object();
        root.put("schema", 1);
        root.put("settings", summary.settingsLine());
        root.put("poolMode", summary.poolMode());
        root.put("alpha", Summary.ALPHA);
        root.put("reference", summary.reference());
        root.put("equivalenceMarginPercent", summary.marginPercent());
        root.put("roundsStopReason", Json.text(summary.environment(), "roundsStopReason"));
        ArrayNode blockArray = root.putArray("blocks");
        for (SummaryBlock b : summary.blocks()) {
            addBlock(summary, b, blockArray.addObject());
        }
        List<DimensionVerdict.Entry> builds = summary.appBuilds();
        if (!builds.isEmpty()) {
            root.set("appBuilds", DimensionVerdict.json(DimensionVerdict.Dimension.APP_BUILD, builds));
        }
        List<DimensionVerdict.Entry> stores = summary.sessionStores();
        if (!stores.isEmpty()) {
            root.set("sessionStores", DimensionVerdict.json(DimensionVerdict.Dimension.SESSION, stores));
        }
        DimensionVerdict.moreJson(root, runs, summary.environment(), summary.marginPercent());
        String planted = PlantedLine.text(summary.environment(), runs);
        if (!planted.isEmpty()) {
            root.put("planted", planted.strip());
        }
        root.put("runs", runs.size());
        root.put("counted", runs.stream().filter(RunRecord::counted).count());
        addProblemRuns(summary.problemRuns(), root.putArray("problemRuns"));
        root.set("disturbedRuns", DisturbanceSummary.json(runs));
        addCosts(summary, root);
        root.put("exitStatus", summary.exitStatus());
        // Which variance the paired intervals include (docs/validity.md, "Intervals across sittings").
        BetweenSitting between = BetweenSitting.of(summary.environment(), runs);
        root.putObject("betweenSitting").put("sdPercent", between.sdPercent()).put("slopePerLog", between.slope())
                .put("design", between.design())
                .put("provisional", between.provisional())
                .put("source", between.source());
        // The releases measured (read from each run's app): sittings pool only equal ones.
        if (!summary.releases().isEmpty()) {
            root.set("releases", summary.releases());
        }
        return root;
    }

    /** One block: its pool size, thread figures, rows, paired verdicts and verdict lines. */
    private static void addBlock(Summary summary, SummaryBlock b, ObjectNode bn) {
        if (b.poolSize() == null) {
            bn.putNull("poolSize");
        } else {
            bn.put("poolSize", b.poolSize());
        }
        ThreadFigures.blockJson(b, bn);
        SessionFigures.blockJson(b, bn);
        ArrayNode rowArray = bn.putArray("rows");
        for (SummaryBlock.Row r : b.rows()) {
            addRow(summary, r, rowArray.addObject());
        }
        bn.set("paired", PairedVerdict.json(b.paired()));
        ArrayNode verdict = bn.putArray("verdict");
        b.verdict().forEach(verdict::add);
        if (DuetPairs.any(b.runs()) && !SizeDuets.any(b.runs()) && !VariantDuets.any(b.runs())) {
            bn.set("duets", DuetChart.json(b.runs(), summary.reference()));
        }
    }

    /** One row of a block's table, with the pool figures of its counted runs. */
    private static void addRow(Summary summary, SummaryBlock.Row r, ObjectNode rn) {
        Stats.Sample s = r.sample();
        rn.put("profile", r.profile());
        rn.put("rank", r.ranked() ? r.rank() : null);
        rn.put("n", s.n());
        rn.put("excluded", r.excluded());
        putNumber(rn, "mean", s.mean());
        putNumber(rn, "sd", s.sd());
        putNumber(rn, "cvPercent", s.cvPercent());
        putNumber(rn, "min", s.min());
        putNumber(rn, "max", s.max());
        putNumber(rn, "ci95Low", s.ciLow());
        putNumber(rn, "ci95High", s.ciHigh());
        putNumber(rn, "relativeToBestPercent", r.relativeToBestPercent());
        putNumber(rn, "meanP99Millis", r.meanP99Millis());
        putNumber(rn, "meanLoadCpuMillisPerPassedPage", r.meanCpuMillisPerPage());
        putNumber(rn, "meanAcquireP99Millis", summary.poolMean(r, PoolMetricsSummary::acquireP99Millis));
        putNumber(rn, "acquireP99Millis", PoolMetricsSummary.mergedAcquireP99Millis(summary.countedRuns(r)));
        putNumber(rn, "meanPeakPending", summary.poolMean(r, PoolMetricsSummary::peakPending));
        rn.put("sizeReadBack", r.sizeReadBack());
    }

    private static void addProblemRuns(List<RunRecord> problemRuns, ArrayNode problems) {
        for (RunRecord r : problemRuns) {
            ObjectNode pn = problems.addObject();
            pn.put("round", r.round());
            pn.put("profile", r.profile());
            pn.put("poolSize", r.poolSize());
            pn.put("valid", r.valid());
            pn.put("flagged", r.flagged());
            ArrayNode why = pn.putArray("problems");
            r.problems().forEach(why::add);
        }
    }

    /** What the comparison cost beyond the measured time; a figure no run recorded is left out. */
    private static void addCosts(Summary summary, ObjectNode root) {
        List<RunRecord> runs = summary.runs();
        List<Double> costs = runs.stream().map(RunRecord::fixedCostSeconds)
                .filter(v -> !Double.isNaN(v)).toList();
        if (!costs.isEmpty()) {
            putNumber(root, "meanFixedCostSeconds", Stats.describe(costs).mean());
        }
        java.util.Map<String, Double> phases = WallTimeSummary.briefPhases(runs);
        if (!phases.isEmpty()) {
            // The summary's "fixed cost per run" line, in seconds (one decimal, as printed).
            ObjectNode perRun = root.putObject("fixedCostPerRunSeconds");
            phases.forEach(perRun::put);
        }
        double proxyCpu = DbDistanceLines.meanProxyCpuSeconds(runs);
        if (!Double.isNaN(proxyCpu)) {
            putNumber(root, "meanProxyCpuSeconds", proxyCpu);
        }
        double wall = Json.number(summary.environment(), "wallMillis");
        if (!Double.isNaN(wall)) {
            root.put("wallSeconds", wall / 1000);
        }
        double build = Json.number(summary.environment(), "buildMillis");
        if (!Double.isNaN(build)) {
            root.put("buildSeconds", build / 1000);
        }
    }

    /** JSON has no NaN or infinity: an unknown figure is null. */
    private static void putNumber(ObjectNode node, String name, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            node.putNull(name);
        } else {
            node.put(name, v);
        }
    }
}
