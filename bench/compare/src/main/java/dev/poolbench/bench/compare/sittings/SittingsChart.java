package dev.poolbench.bench.compare.sittings;

import dev.poolbench.bench.compare.report.RowsPicture;
import dev.poolbench.bench.compare.stats.RandomEffects;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code sittings.png}, a forest plot: a row per pair, each sitting's own 95 % interval (thin,
 * grey, one under the other), the pooled estimate with its Hartung-Knapp 95 % interval (thick,
 * coloured by its word), the ±5 % band behind them. A sitting whose bar misses the diamond is one
 * that the coverage counts against. What every pair shares (the reference, the block) is in the
 * title, not in the labels.
 */
final class SittingsChart {

    private static final Color SITTING = new Color(0x9a9a9a);
    private static final Color GOOD = new Color(0x2ca02c);
    private static final Color WITHIN = new Color(0xff7f0e);
    private static final Color BAD = new Color(0xd62728);
    private static final Color OPEN = new Color(0x7f7f7f);

    private SittingsChart() {
    }

    static void write(List<Sittings.Pair> pairs, Path png) throws IOException {
        Set<String> shared = new LinkedHashSet<>();
        List<RowsPicture.Row> rows = new ArrayList<>();
        for (Sittings.Pair p : pairs) {
            // "tomcat vs hikari @10 (platform, JDK 17)": the label keeps "tomcat", the title the rest;
            // a release (--by-release: " [tomcat-jdbc 11.0.27 vs ...]") stays with its row.
            int cut = p.label().indexOf(" [");
            String release = cut < 0 ? "" : p.label().substring(cut);
            String[] parts = (cut < 0 ? p.label() : p.label().substring(0, cut)).split(" @", 2);
            String[] pair = parts[0].split(" vs ", 2);
            if (pair.length == 2) {
                shared.add("against " + pair[1] + (parts.length == 2 ? " @" + parts[1] : ""));
            }
            rows.add(row(pair[0] + release, p));
        }
        RowsPicture.write("Sittings pooled, a row per pair " + String.join("; ", shared),
                "each sitting's own 95 % interval (grey, one under the other) and the pooled estimate with its "
                        + "95 % interval (random effects, Paule-Mandel tau, Hartung-Knapp), coloured by its word",
                "pair", "pooled [95 %]: word; sittings, between-sitting sd (tau)", rows,
                RowsPicture.Axis.around(rows, "difference to the reference (ratio - 1; higher is better)",
                        100 * (1 / 1.05 - 1), 5),
                List.of("grey band: equivalent within ±5 %;", "an arrow: beyond the axis (the words give the figure)."),
                png);
    }

    private static RowsPicture.Row row(String label, Sittings.Pair p) {
        List<RowsPicture.Item> thin = new ArrayList<>();
        for (Sittings.Estimate e : p.estimates()) {
            if (Double.isNaN(e.y())) {
                continue;
            }
            double half = e.poolable() ? e.half95() : Double.NaN;
            thin.add(new RowsPicture.Item(percent(e.y() - half), percent(e.y()), percent(e.y() + half), SITTING));
        }
        RandomEffects.Pooled r = p.pooled();
        if (r == null) {
            return new RowsPicture.Row(label, thin, null, "one sitting: not pooled", OPEN);
        }
        String word = p.pooledVerdict();
        Color color = word.startsWith("equivalent") || word.startsWith("faster") ? GOOD
                : word.startsWith("slower") ? (word.contains("less than") ? WITHIN : BAD) : OPEN;
        String words = String.format(Locale.ROOT, "%+.1f %% [%+.1f .. %+.1f]: %s; %d sittings, tau %.2f %%",
                percent(r.estimate()), percent(r.low()), percent(r.high()), word, r.k(), 100 * r.tau());
        return new RowsPicture.Row(label, thin, new RowsPicture.Item(percent(r.low()), percent(r.estimate()),
                percent(r.high()), color), words, color);
    }

    private static double percent(double log) {
        return 100 * Math.expm1(log);
    }
}
