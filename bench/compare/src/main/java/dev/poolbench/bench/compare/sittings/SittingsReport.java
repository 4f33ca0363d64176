package dev.poolbench.bench.compare.sittings;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.stats.BetweenSd;
import dev.poolbench.bench.compare.stats.DuetNoise;
import dev.poolbench.bench.compare.stats.RandomEffects;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code ./poolbench sittings}: sittings.txt, sittings.json and sittings.png of several
 * sittings pooled ({@link Sittings}). Exit status 0; a pair seen in one sitting only is listed,
 * not pooled; sittings of different releases are refused, or pooled apart with {@code --by-release}.
 */
public final class SittingsReport {

    static final String MODEL = "random effects: tau^2 by Paule-Mandel (DerSimonian-Laird beside it), pooled "
            + "95 % interval by Hartung-Knapp with t(k - 1); coverage = sittings whose own 95 % interval holds the "
            + "pooled estimate";

    private SittingsReport() {
    }

    static int write(List<Path> inputs, Path out, PrintStream print) throws IOException {
        return write(inputs, out, false, print);
    }

    /** Reads the sittings, writes the three files into {@code out}, prints the text. */
    public static int write(List<Path> inputs, Path out, boolean byRelease, PrintStream print) throws IOException {
        if (inputs.size() < 2) {
            throw new IllegalArgumentException("sittings pools two sittings or more: give --results DIR1 DIR2 ... "
                    + "(results directories or summary.json files)");
        }
        List<Sittings.Sitting> sittings = new ArrayList<>();
        for (Path p : inputs) {
            sittings.add(Sittings.read(p));
        }
        List<Sittings.Pair> pairs = Sittings.pairs(sittings, byRelease);
        if (pairs.isEmpty()) {
            throw new IllegalArgumentException("no paired verdict in any of the " + inputs.size() + " sittings");
        }
        Files.createDirectories(out);
        String text = text(sittings, pairs, byRelease);
        Files.writeString(out.resolve("sittings.txt"), text, StandardCharsets.UTF_8);
        Json.write(out.resolve("sittings.json"), json(sittings, pairs));
        SittingsChart.write(pairs, out.resolve("sittings.png"));
        print.print(text);
        print.println("Written: " + out.resolve("sittings.txt") + ", sittings.json, sittings.png");
        return 0;
    }

    static String text(List<Sittings.Sitting> sittings, List<Sittings.Pair> pairs, boolean byRelease) {
        StringBuilder b = new StringBuilder();
        b.append(sittings.size()).append(" sittings:\n");
        for (int i = 0; i < sittings.size(); i++) {
            b.append(String.format(Locale.ROOT, "  %d %s (%s)%n", i + 1, sittings.get(i).name(),
                    sittings.get(i).source()));
        }
        b.append("Model: ").append(MODEL).append(".\n");
        b.append(byRelease ? "Releases: each release of a pair's pool and driver pooled apart (--by-release), in "
                + "brackets after the pair.\n" : "Releases: a pair pooled only over sittings of the same pool and "
                + "driver releases on both sides, named under it.\n");
        DuetNoise noise = Sittings.duetNoise(pairs);
        if (noise.measured()) {
            // Of one design's sittings, between-sitting.json's duetSdPercent and duetSdDf.
            b.append(String.format(Locale.ROOT, "Duet sd within a sitting, pooled over every pair: %.2f %% on %d df.%n",
                    noise.sdPercent(), noise.df()));
        }
        // Of one design's sittings, between-sitting.json's sdPercent and slopePerLog.
        BetweenSd model = Sittings.betweenSd(pairs);
        b.append(String.format(Locale.ROOT, "Between-sitting sd over the pooled pairs, growing with the difference: %s "
                + "(base %.2f %%, slope %.4f).%n", model.text(), 100 * model.baseLog(), model.slope()));
        b.append('\n');
        b.append("pair | sittings | pooled [95 % interval] and its word | tau | coverage: within only | with pooled tau | as "
                + "reported | words agree | decided words wrong\n");
        for (Sittings.Pair p : pairs) {
            b.append(row(p)).append('\n');
        }
        for (Sittings.Pair p : pairs) {
            b.append('\n').append(p.label()).append(p.aa() ? " (A/A: the true difference is 0)" : "").append('\n');
            if (p.releases() != null && !byRelease) {
                b.append("  releases: ").append(p.releases()).append('\n');
            }
            for (Sittings.Estimate e : p.estimates()) {
                b.append("  ").append(e.sitting()).append(": ").append(interval(e)).append(' ').append(e.text())
                        .append(covers(p, e)).append(p.truth() != null && e.wrongOf(p.truth())
                                ? "  <- its word is wrong of " + (p.aa() ? "the A/A's 0" : "the pooled estimate") : "")
                        .append('\n');
            }
            b.append("  ").append(pooledLine(p)).append('\n');
        }
        return b.toString();
    }

    private static String row(Sittings.Pair p) {
        RandomEffects.Pooled r = p.pooled();
        int k = p.poolable().size();
        return String.format(Locale.ROOT, "%s | %d | %s | %s | %s | %s | %s | %s | %s", p.label(),
                p.estimates().size(), r == null ? "not pooled" : pooled(r) + " " + p.pooledVerdict(), r == null ? "-"
                        : String.format(Locale.ROOT, "%.2f %%", 100 * r.tau()),
                r == null ? "-" : fraction(p.covering(), k), r == null ? "-" : fraction(p.coveringWithTau(), k),
                r == null ? "-" : fraction(p.coveringAsReported(), k), agree(p), wrong(p));
    }

    static String pooledLine(Sittings.Pair p) {
        RandomEffects.Pooled r = p.pooled();
        if (r == null) {
            return "not pooled: fewer than 2 sittings with an interval";
        }
        int k = p.poolable().size();
        return String.format(Locale.ROOT, "pooled over %d: %s: %s, tau %.2f %% (DerSimonian-Laird %.2f %%), Q %.2f on %d "
                + "df; %s of the sittings' 95 %% intervals hold it, %s with tau added; verdict words agree: %s", k,
                pooled(r), p.pooledVerdict(), 100 * r.tau(), 100 * Math.sqrt(p.dlTau2()), r.q(), k - 1,
                fraction(p.covering(), k), fraction(p.coveringWithTau(), k), agree(p))
                + String.format(Locale.ROOT, "; as reported, %s hold it; decided words wrong: %s",
                        fraction(p.coveringAsReported(), k), wrong(p));
    }

    static String pooled(RandomEffects.Pooled r) {
        return signed(Sittings.percent(r.estimate())) + " % [" + signed(Sittings.percent(r.low())) + " .. "
                + signed(Sittings.percent(r.high())) + "]";
    }

    static String interval(Sittings.Estimate e) {
        if (Double.isNaN(e.y())) {
            return "no pair counted";
        }
        if (!e.poolable()) {
            return signed(Sittings.percent(e.y())) + " % [no interval]";
        }
        double half = e.half95();
        return signed(Sittings.percent(e.y())) + " % [" + signed(Sittings.percent(e.y() - half)) + " .. "
                + signed(Sittings.percent(e.y() + half)) + "] over " + e.n();
    }

    private static String covers(Sittings.Pair p, Sittings.Estimate e) {
        if (p.pooled() == null || !e.poolable()) {
            return "";
        }
        return e.covers(p.pooled().estimate(), 0) ? "" : "  <- its interval misses the pooled estimate";
    }

    /** e.g. "0 of 4 (truth: 0, A/A)", "1 of 3 (truth: the pooled estimate)", "-" when there is nothing to check. */
    static String wrong(Sittings.Pair p) {
        if (p.truth() == null) {
            return "-";
        }
        return p.wrongWords() + " of " + p.decidedWords() + (p.aa() ? " (truth: 0, A/A)" : " (truth: the pooled "
                + "estimate)");
    }

    static String fraction(int count, int of) {
        return String.format(Locale.ROOT, "%d/%d (%.0f %%)", count, of, 100.0 * count / of);
    }

    static String agree(Sittings.Pair p) {
        if (p.wordsAgree()) {
            return "yes";
        }
        List<String> counts = new ArrayList<>();
        p.words().forEach((word, n) -> counts.add(word + " " + n));
        return "no (" + String.join(", ", counts) + ")";
    }

    static ObjectNode json(List<Sittings.Sitting> sittings, List<Sittings.Pair> pairs) {
        ObjectNode root = Json.object();
        root.put("schema", 1);
        root.put("model", MODEL);
        BetweenSd model = Sittings.betweenSd(pairs);
        root.putObject("betweenSd").put("basePercent", 100 * model.baseLog()).put("slopePerLog", model.slope())
                .put("text", model.text());
        ArrayNode list = root.putArray("sittings");
        sittings.forEach(s -> list.addObject().put("name", s.name()).put("source", s.source().toString()));
        ArrayNode array = root.putArray("pairs");
        for (Sittings.Pair p : pairs) {
            ObjectNode pn = array.addObject();
            pn.put("pair", p.label());
            pn.put("aa", p.aa());
            pn.put("releases", p.releases());
            ArrayNode each = pn.putArray("sittings");
            for (Sittings.Estimate e : p.estimates()) {
                ObjectNode en = each.addObject();
                en.put("sitting", e.sitting());
                en.put("n", e.n());
                put(en, "estimatePercent", Sittings.percent(e.y()));
                put(en, "ci95LowPercent", Sittings.percent(e.y() - e.half95()));
                put(en, "ci95HighPercent", Sittings.percent(e.y() + e.half95()));
                put(en, "meanLogRatio", e.y());
                put(en, "seLogRatio", e.se());
                en.put("df", e.df());
                en.put("verdict", e.word());
                en.put("text", e.text());
                put(en, "reportedBetweenSittingSdLog", e.reportedTau());
                if (p.truth() != null) {
                    en.put("wordWrong", e.wrongOf(p.truth()));
                }
                if (p.pooled() != null && e.poolable()) {
                    en.put("coversPooled", e.covers(p.pooled().estimate(), 0));
                    en.put("coversPooledWithTau", e.covers(p.pooled().estimate(), p.pooled().tau()));
                    en.put("coversPooledAsReported", e.covers(p.pooled().estimate(), e.reportedTau()));
                }
            }
            RandomEffects.Pooled r = p.pooled();
            if (r != null) {
                ObjectNode rn = pn.putObject("pooled");
                rn.put("k", r.k());
                rn.put("estimatePercent", Sittings.percent(r.estimate()));
                rn.put("ci95LowPercent", Sittings.percent(r.low()));
                rn.put("ci95HighPercent", Sittings.percent(r.high()));
                rn.put("meanLogRatio", r.estimate());
                rn.put("seLogRatio", r.se());
                rn.put("tau2", r.tau2());
                rn.put("tauPercent", 100 * r.tau());
                rn.put("tauDerSimonianLairdPercent", 100 * Math.sqrt(p.dlTau2()));
                rn.put("q", r.q());
                rn.put("verdict", p.pooledVerdict());
                pn.put("coverage", p.coverage());
                pn.put("coverageWithTau", p.coverageWithTau());
                pn.put("coverageAsReported", p.coverageAsReported());
            }
            // Each sitting against the pair pooled over its other days: with the model, and with one number for all.
            int[] byModel = Sittings.otherDaysCoverage(p, model);
            int[] byBase = Sittings.otherDaysCoverage(p, BetweenSd.constant(model.baseLog()));
            pn.putObject("otherDays").put("checked", byModel[1]).put("coveredWithModel", byModel[0])
                    .put("coveredWithBaseOnly", byBase[0]);
            pn.put("wordsAgree", p.wordsAgree());
            pn.put("decidedWords", p.decidedWords());
            if (p.truth() != null) {
                pn.put("wrongWords", p.wrongWords());
            }
        }
        return root;
    }

    private static String signed(double percent) {
        String text = String.format(Locale.ROOT, "%+.1f", percent);
        return text.equals("-0.0") ? "+0.0" : text;
    }

    private static void put(ObjectNode node, String name, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            node.putNull(name);
        } else {
            node.put(name, v);
        }
    }
}
