package dev.poolbench.bench.compare.report;

import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import dev.poolbench.bench.compare.verdict.SummaryBlock;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code verdicts.png}: what the verdict says, as a picture, a row per pool ranked by its
 * difference (per pool and block when the comparison varies a dimension): the paired difference to the reference as a diamond,
 * the interval that decided its word as a bar (90 % for equivalent, wholly inside the margin; 95 %
 * for faster, slower and undecided), the margin as a grey band, and on the right the word with
 * what the intervals support ("slower, by 42.1 to 47.0 %", "undecided, within ±6.2 %, likely
 * slower"). The lanes' own scores ({@code scores.png}) drift with the machine; this is where a
 * duet's answer is.
 */
final class VerdictChart {

    private static final Color EQUIVALENT = new Color(0x2ca02c);
    private static final Color DIFFERENT = new Color(0x1f77b4);
    private static final Color UNDECIDED = new Color(0x7f7f7f);

    private VerdictChart() {
    }

    /** Whether the summary has pairs to draw (two profiles or more; a size search has its size.txt). */
    static boolean applies(Summary summary) {
        return summary.blocks().stream().anyMatch(b -> !b.paired().isEmpty());
    }

    static void write(Summary summary, Path png) throws IOException {
        List<SummaryBlock> blocks = summary.blocks().stream().filter(b -> !b.paired().isEmpty()).toList();
        boolean duets = blocks.stream().flatMap(b -> b.paired().stream()).anyMatch(PairedVerdict.Entry::duets);
        List<RowsPicture.Row> rows = new ArrayList<>();
        for (SummaryBlock block : blocks) {
            String suffix = blocks.size() == 1 ? "" : " (" + block.title(summary.variesVariant()) + ")";
            // Ranked, the fastest first: the picture reads as the answer to "which pool".
            block.paired().stream().sorted(Comparator.comparingDouble(
                            (PairedVerdict.Entry e) -> Double.isNaN(e.result().estimatePercent()) ? Double.NEGATIVE_INFINITY
                                    : e.result().estimatePercent()).reversed())
                    .forEach(e -> rows.add(row(e.profile() + suffix, e.result())));
        }
        double margin = summary.marginPercent();
        double marginLow = 100 * (1 / (1 + margin / 100) - 1);
        String unit = duets ? "duet ratio" : "paired ratio by round";
        RowsPicture.Axis axis = RowsPicture.Axis.around(rows, "difference to " + summary.reference() + " ("
                + unit + " - 1; higher is better)", marginLow, margin);
        RowsPicture.write("Each pool against " + summary.reference() + ": the difference and the interval that "
                        + "decided its word", summary.settingsLine(), "pool", "word, and what its intervals support",
                rows, axis, List.of("diamond: the mean " + unit + " as a difference;",
                        "bar: the interval that decided the word (90 % for equivalent, 95 % otherwise);",
                        "grey band: equivalent within ±" + PairedVerdict.marginText(margin) + " %;",
                        "an arrow: beyond the axis."), png);
    }

    private static RowsPicture.Row row(String label, PairedTest.Result r) {
        Color color = switch (r.word()) {
            case EQUIVALENT -> EQUIVALENT;
            case FASTER, SLOWER -> DIFFERENT;
            case UNDECIDED -> UNDECIDED;
        };
        if (r.n() < 2) {
            return new RowsPicture.Row(label, List.of(), new RowsPicture.Item(Double.NaN, r.estimatePercent(),
                    Double.NaN, color), "no interval yet (fewer than 2 pairs)", UNDECIDED);
        }
        PairedTest.Interval ci = r.decidingInterval();
        return new RowsPicture.Row(label, List.of(), new RowsPicture.Item(ci.lowPercent(), r.estimatePercent(),
                ci.highPercent(), color), r.word().label() + ", " + r.statement(), color);
    }
}
