package dev.poolbench.bench.compare.sittings;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.stats.BetweenSd;
import dev.poolbench.bench.compare.stats.DuetNoise;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.stats.RandomEffects;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipparchus.distribution.continuous.TDistribution;

/**
 * Several sittings of one comparison pooled pair by pair ({@code ./poolbench sittings}): each
 * sitting's summary.json gives, per pair, its log ratio and within-sitting standard error; the
 * random-effects model ({@link RandomEffects}, Paule-Mandel with a Hartung-Knapp interval) gives
 * the pooled estimate and the between-sitting sd tau; the coverage says how many sittings' own
 * 95 % intervals hold the pooled estimate (docs/validity.md, "Intervals across sittings").
 */
public final class Sittings {

    /** One sitting: its summary.json, the name it is shown by and its releases ({@link Releases#of}). */
    public record Sitting(String name, Path source, JsonNode summary, JsonNode releases) {
    }

    /**
     * One pair in one sitting, in the log. {@code se} is the within-sitting standard error (NaN
     * when the sitting had fewer than 2 pairs of runs), {@code df} its degrees of freedom.
     */
    public record Estimate(String sitting, int n, double y, double se, int df, String word, String text,
                           double reportedTau, double marginLog) {

        /** A sitting whose interval was within-sitting only, at the default ±5 % margin. */
        public Estimate(String sitting, int n, double y, double se, int df, String word, String text) {
            this(sitting, n, y, se, df, word, text, 0, Math.log1p(DEFAULT_MARGIN_PERCENT / 100));
        }

        boolean poolable() {
            return n >= 2 && se > 0 && !Double.isNaN(y);
        }

        /** t(0.975, df) * se: the half-width of the sitting's own (within-sitting) 95 % interval. */
        double half95() {
            return poolable() ? PairedTest.half95(se, df, 0) : Double.NaN;
        }

        /**
         * Whether this sitting's 95 % interval, widened by {@code tau} as compare widens it (0: the
         * within-sitting interval), holds {@code mu}.
         */
        boolean covers(double mu, double tau) {
            return Math.abs(y - mu) <= PairedTest.half95(se, df, tau);
        }

        /** The verdict word as summary.json wrote it (PairedTest.Word's label); null for an unknown word. */
        private PairedTest.Word verdict() {
            for (PairedTest.Word w : PairedTest.Word.values()) {
                if (w.label().equals(word)) {
                    return w;
                }
            }
            return null;
        }

        /** faster, slower or equivalent: a word that can be wrong (undecided never is). */
        boolean decided() {
            PairedTest.Word w = verdict();
            return w != null && w != PairedTest.Word.UNDECIDED;
        }

        /**
         * Whether the word is false of {@code truth} (a log ratio): slower of a pair that is not
         * slower, equivalent of one outside the margin, "slower, by less than 5 %" of one slower
         * by more. A decisive wrong answer, the error that matters most to a user.
         */
        boolean wrongOf(double truth) {
            PairedTest.Word w = verdict();
            boolean insideMargin = text.contains("by less than");
            return w != null && switch (w) {
                case SLOWER -> truth >= 0 || insideMargin && truth <= -marginLog;
                case FASTER -> truth <= 0 || insideMargin && truth >= marginLog;
                case EQUIVALENT -> Math.abs(truth) >= marginLog;
                case UNDECIDED -> false;
            };
        }
    }

    /**
     * One pair across the sittings. {@code pooled} is null with fewer than 2 poolable sittings;
     * {@code dlTau2} is DerSimonian-Laird's tau^2, shown beside Paule-Mandel's; {@code releases}
     * the one release of both sides its sittings ran ({@link Releases#ofPair}), null if unnamed.
     */
    public record Pair(String label, boolean aa, List<Estimate> estimates, RandomEffects.Pooled pooled,
                       double dlTau2, String releases) {

        List<Estimate> poolable() {
            return estimates.stream().filter(Estimate::poolable).toList();
        }

        /** Sittings whose reported (within-sitting) 95 % interval holds the pooled estimate, of those poolable. */
        int covering() {
            return pooled == null ? 0 : (int) poolable().stream().filter(e -> e.covers(pooled.estimate(), 0)).count();
        }

        /** The same with the pooled tau added to each sitting's interval, as compare now does. */
        int coveringWithTau() {
            return pooled == null ? 0
                    : (int) poolable().stream().filter(e -> e.covers(pooled.estimate(), pooled.tau())).count();
        }

        /** The same with each sitting's interval as it reported it (the between-sitting sd it included, if any). */
        int coveringAsReported() {
            return pooled == null ? 0
                    : (int) poolable().stream().filter(e -> e.covers(pooled.estimate(), e.reportedTau())).count();
        }

        /**
         * What a sitting's word is checked against: 0 for an A/A pair (known), else the pooled
         * estimate (the best estimate of the pair's ratio); null when not pooled.
         */
        Double truth() {
            return aa ? Double.valueOf(0) : pooled == null ? null : pooled.estimate();
        }

        /**
         * The word of the sittings pooled, by the verdict's rule on the pooled intervals (their
         * variance includes the between-sitting sd): e.g. "slower, by less than 5 %"; null when not pooled.
         */
        String pooledVerdict() {
            if (pooled == null) {
                return null;
            }
            PairedTest.Word w = pooled.word(DEFAULT_MARGIN_PERCENT);
            boolean byLess = (w == PairedTest.Word.FASTER || w == PairedTest.Word.SLOWER)
                    && PairedTest.insideMargin(pooled.low(), pooled.high(), DEFAULT_MARGIN_PERCENT);
            return w.label() + (byLess ? ", by less than " + PairedVerdict.marginText(DEFAULT_MARGIN_PERCENT) + " %"
                    : "");
        }

        int decidedWords() {
            return (int) estimates.stream().filter(Estimate::decided).count();
        }

        /** Sittings whose decided word is false of {@link #truth()}; 0 when there is no truth to check. */
        int wrongWords() {
            Double truth = truth();
            return truth == null ? 0 : (int) estimates.stream().filter(e -> e.wrongOf(truth)).count();
        }

        /** {@link #coveringAsReported()} over poolable sittings, 0..1; NaN when not pooled. */
        double coverageAsReported() {
            return pooled == null ? Double.NaN : (double) coveringAsReported() / poolable().size();
        }

        /** Covering over poolable sittings, 0..1; NaN when not pooled. */
        double coverage() {
            return pooled == null ? Double.NaN : (double) covering() / poolable().size();
        }

        double coverageWithTau() {
            return pooled == null ? Double.NaN : (double) coveringWithTau() / poolable().size();
        }

        /** Whether every sitting printed the same verdict word (faster, slower, equivalent, undecided). */
        boolean wordsAgree() {
            return estimates.stream().map(Estimate::word).distinct().count() <= 1;
        }

        /** Word counts in first-seen order, e.g. {slower=3, equivalent=2}. */
        Map<String, Integer> words() {
            Map<String, Integer> counts = new LinkedHashMap<>();
            estimates.forEach(e -> counts.merge(e.word(), 1, Integer::sum));
            return counts;
        }
    }

    static final double DEFAULT_MARGIN_PERCENT = PairedVerdict.DEFAULT_MARGIN_PERCENT;

    /**
     * The top-level arrays of summary.json with the verdicts of one profile across another
     * dimension (variant duets: report/DimensionVerdict), each with the entry field naming the value.
     */
    private static final String[][] DIMENSIONS = {{"plants", "plant"}, {"appBuilds", "build"},
        {"sessionStores", "session"}, {"threadModes", "threads"}, {"jdks", "jdk"}};

    private Sittings() {
    }

    /** A results directory (its summary.json) or a summary.json file kept as data. */
    public static Sitting read(Path path) throws IOException {
        Path file = Files.isDirectory(path) ? path.resolve("summary.json") : path;
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(Files.isDirectory(path) ? "no summary.json in " + path
                    + " (run ./poolbench summarize --results " + path + " first)" : "not found: " + path);
        }
        JsonNode summary = Json.read(file);
        if (!summary.path("blocks").isArray()) {
            throw new IllegalArgumentException(file + " is not a summary.json of ./poolbench compare (no blocks)");
        }
        String name = Files.isDirectory(path) ? path.getFileName().toString()
                : path.getFileName().toString().replaceFirst("\\.json$", "");
        return new Sitting(name, file, summary, Releases.of(path, summary));
    }

    /** Every pair of any sitting, pooled over the sittings of the same releases that have it. */
    public static List<Pair> pairs(List<Sitting> sittings) {
        return pairs(sittings, false);
    }

    /**
     * Every pair of any sitting, in first-seen order, pooled over the sittings that have it. A
     * pair is grouped by its label and, with {@code byRelease}, its releases (then in its label):
     * a group whose sittings ran different releases, or name none, is refused ({@link Releases#one}).
     */
    public static List<Pair> pairs(List<Sitting> sittings, boolean byRelease) {
        Map<String, List<Estimate>> byPair = new LinkedHashMap<>();
        Map<String, Boolean> aa = new TreeMap<>();
        Map<String, Map<String, List<String>>> releases = new LinkedHashMap<>();
        for (Sitting s : sittings) {
            double margin = s.summary().path("equivalenceMarginPercent").asDouble(DEFAULT_MARGIN_PERCENT);
            for (JsonNode block : s.summary().path("blocks")) {
                String build = block.hasNonNull("appBuild") ? block.path("appBuild").asText() : null;
                for (JsonNode entry : block.path("paired")) {
                    String release = Releases.ofPair(s.releases(), entry.path("profile").asText(), build,
                            entry.path("reference").asText(), build);
                    String key = Releases.key(label(block, entry), release, byRelease);
                    add(byPair, releases, key, release, s, estimate(s.name(), entry, margin));
                    aa.put(key, aa(entry.path("profile").asText(), entry.path("reference").asText()));
                }
            }
            for (String[] dimension : DIMENSIONS) {
                for (JsonNode entry : s.summary().path(dimension[0])) {
                    // One profile across a dimension: both sides run its release, or two app builds' of it.
                    boolean builds = dimension[1].equals("build");
                    String profile = entry.path("profile").asText();
                    String build = builds ? entry.path("build").asText() : null;
                    String release = Releases.ofPair(s.releases(), profile, build, profile,
                            builds ? entry.path("reference").asText() : null);
                    String key = Releases.key(variantLabel(entry, dimension[1]), release, byRelease);
                    add(byPair, releases, key, release, s, estimate(s.name(), entry, margin));
                    aa.put(key, entry.path(dimension[1]).asText().equals(entry.path("reference").asText()));
                }
            }
        }
        List<Pair> pairs = new ArrayList<>();
        byPair.forEach((key, estimates) -> pairs.add(pool(key, aa.get(key), estimates,
                Releases.one(key, releases.get(key), byRelease))));
        return pairs;
    }

    private static void add(Map<String, List<Estimate>> byPair, Map<String, Map<String, List<String>>> releases,
                            String key, String release, Sitting s, Estimate estimate) {
        byPair.computeIfAbsent(key, k -> new ArrayList<>()).add(estimate);
        releases.computeIfAbsent(key, k -> new LinkedHashMap<>()).computeIfAbsent(release, r -> new ArrayList<>())
                .add(s.source().toString());
    }

    /**
     * The sd of one duet's log ratio within a sitting, pooled over every pair of every sitting
     * by its degrees of freedom: what between-sitting.json keeps per design as duetSdPercent
     * (give the sittings of one design).
     */
    public static DuetNoise duetNoise(List<Pair> pairs) {
        return DuetNoise.pool(pairs.stream().flatMap(p -> p.estimates().stream())
                .map(e -> new DuetNoise.Sample(e.n(), e.se())).toList());
    }

    /**
     * The between-sitting sd as these sittings support it, a base growing with the difference
     * ({@link BetweenSd#fit}), over every pooled pair: what between-sitting.json keeps per design
     * as sdPercent and slopePerLog (give the sittings of one design).
     */
    public static BetweenSd betweenSd(List<Pair> pairs) {
        return BetweenSd.fit(pairs.stream().filter(p -> p.pooled() != null)
                .map(p -> new BetweenSd.PairTau(p.pooled().k(), p.pooled().estimate(), p.pooled().tau2())).toList(),
                Math.log1p(DEFAULT_MARGIN_PERCENT / 100));
    }

    /**
     * The check on other days: each sitting of a day against the pair pooled over its sittings of
     * every other day (at least two), its interval widened by {@code model} at its own difference
     * as compare widens it. {covered, checked}; {0, 0} when the pair has no two days to compare.
     */
    static int[] otherDaysCoverage(Pair pair, BetweenSd model) {
        int covered = 0;
        int checked = 0;
        for (Estimate e : pair.poolable()) {
            String day = e.sitting().length() >= 10 ? e.sitting().substring(0, 10) : e.sitting();
            List<Estimate> others = pair.poolable().stream().filter(o -> !o.sitting().startsWith(day)).toList();
            if (others.size() < 2) {
                continue;
            }
            double mu = pool(pair.label(), pair.aa(), others, pair.releases()).pooled().estimate();
            checked++;
            if (e.covers(mu, model.at(e.y()))) {
                covered++;
            }
        }
        return new int[] {covered, checked};
    }

    static Pair pool(String label, boolean aa, List<Estimate> estimates) {
        return pool(label, aa, estimates, null);
    }

    static Pair pool(String label, boolean aa, List<Estimate> estimates, String releases) {
        List<Estimate> usable = estimates.stream().filter(Estimate::poolable).toList();
        if (usable.size() < 2) {
            return new Pair(label, aa, List.copyOf(estimates), null, Double.NaN, releases);
        }
        double[] y = usable.stream().mapToDouble(Estimate::y).toArray();
        double[] v = usable.stream().mapToDouble(e -> e.se() * e.se()).toArray();
        return new Pair(label, aa, List.copyOf(estimates), RandomEffects.pauleMandel(y, v),
                RandomEffects.derSimonianLaird(y, v).tau2(), releases);
    }

    /**
     * One sitting's figures of a pair. A summary.json that has them gives the mean log ratio, its
     * within-sitting standard error and df; an older one (before they were written, when every
     * interval was within-sitting only) gives them back from its difference, 95 % interval and
     * number of pairs: se = half the log interval's width / t(0.975, n - 1).
     */
    static Estimate estimate(String sitting, JsonNode entry) {
        return estimate(sitting, entry, DEFAULT_MARGIN_PERCENT);
    }

    static Estimate estimate(String sitting, JsonNode entry, double marginPercent) {
        int n = entry.path("rounds").asInt();
        String word = entry.path("verdict").asText("?");
        String text = entry.path("text").asText(word);
        if (entry.path("seLogRatio").isNumber()) {
            return new Estimate(sitting, n, entry.path("meanLogRatio").asDouble(), entry.path("seLogRatio").asDouble(),
                    entry.path("df").asInt(n - 1), word, text, entry.path("betweenSittingSdLog").asDouble(0),
                    Math.log1p(marginPercent / 100));
        }
        double diff = Json.number(entry, "differencePercent");
        double low = Json.number(entry, "ci95LowPercent");
        double high = Json.number(entry, "ci95HighPercent");
        double y = Double.isNaN(diff) ? Double.NaN : Math.log1p(diff / 100);
        if (n < 2 || Double.isNaN(low) || Double.isNaN(high)) {
            return new Estimate(sitting, n, y, Double.NaN, Math.max(n - 1, 0), word, text, 0,
                    Math.log1p(marginPercent / 100));
        }
        double half = (Math.log1p(high / 100) - Math.log1p(low / 100)) / 2;
        return new Estimate(sitting, n, y, half / new TDistribution(n - 1).inverseCumulativeProbability(0.975),
                n - 1, word, text, 0, Math.log1p(marginPercent / 100));
    }

    /** "dbcp2 vs hikari", with the block's size and variant when it has them: "dbcp2 vs hikari @10 (virtual, JDK 21)". */
    static String label(JsonNode block, JsonNode entry) {
        StringBuilder label = new StringBuilder(entry.path("profile").asText() + " vs "
                + entry.path("reference").asText());
        if (block.path("poolSize").isNumber()) {
            label.append(" @").append(block.path("poolSize").asInt());
        }
        List<String> variant = new ArrayList<>();
        for (String key : new String[] {"threads", "jdk", "appBuild", "session"}) {
            if (block.hasNonNull(key)) {
                variant.add(key.equals("jdk") ? "JDK " + block.path(key).asText() : block.path(key).asText());
            }
        }
        return variant.isEmpty() ? label.toString() : label + " (" + String.join(", ", variant) + ")";
    }

    /** e.g. "hikari plant cpu:100us vs none @10 (platform threads, JDK 17)": one profile across one dimension. */
    static String variantLabel(JsonNode entry, String field) {
        StringBuilder label = new StringBuilder(entry.path("profile").asText()).append(' ').append(field).append(' ')
                .append(entry.path(field).asText()).append(" vs ").append(entry.path("reference").asText());
        if (entry.path("poolSize").isNumber()) {
            label.append(" @").append(entry.path("poolSize").asInt());
        }
        String variant = entry.path("variant").asText("");
        return variant.isEmpty() ? label.toString() : label + " (" + variant + ")";
    }

    /**
     * An A/A pair: one profile against itself (a profile listed twice runs as {@code <profile>}
     * and {@code <profile>_2}; records of the retired --calibrate name it so too). Its true difference is 0.
     */
    static boolean aa(String profile, String reference) {
        return profile.equals(reference) || profile.equals(reference + "_2") || reference.equals(profile + "_2");
    }

    /** 100 (exp(log) - 1). */
    static double percent(double log) {
        return 100 * Math.expm1(log);
    }
}
