package dev.poolbench.bench.compare.verdict;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.stats.BetweenSd;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The duets of a block (runs made with {@code --duet}): the two lanes of each measured window,
 * their ratio, and each profile's verdict against the reference from its duets alone. The ratio
 * of a duet is of passed pages per second over the aligned part of the window: the first
 * {@value #ALIGN_SECONDS} seconds of each lane are left out (its load generator starts its users
 * over them, and the two lanes' first requests are up to a few hundred milliseconds apart), and
 * so is the partial second after the last whole one.
 */
public final class DuetPairs {

    /** Seconds at the start of each lane's measured window left out of the duet's ratio (the stated rule). */
    public static final int ALIGN_SECONDS = 5;

    /** One measured window of two lanes; {@code lane0} started first, on the first copy of the database. */
    public record Duet(String window, RunRecord lane0, RunRecord lane1) {

        public boolean counted() {
            return lane0 != null && lane1 != null && lane0.counted() && lane1.counted();
        }

        RunRecord of(String profile) {
            return lane0 != null && lane0.profile().equals(profile) ? lane0
                    : lane1 != null && lane1.profile().equals(profile) ? lane1 : null;
        }

        /** {@code profile}'s aligned passed pages over its partner's; NaN when not measurable. */
        public double ratio(String profile) {
            return ratio(of(profile));
        }

        /** {@code lane}'s aligned passed pages over the other lane's; NaN when not measurable. */
        public double ratio(RunRecord lane) {
            RunRecord b = lane == lane0 ? lane1 : lane0;
            double pa = lane == null ? Double.NaN : alignedPages(lane);
            double pb = b == null ? Double.NaN : alignedPages(b);
            return pa > 0 && pb > 0 ? pa / pb : Double.NaN;
        }

        /** Whether its lanes are one pool at two sizes (a sweep of duets, {@link SizeDuets}). */
        public boolean sizes() {
            RunRecord r = lane0 != null ? lane0 : lane1;
            return r != null && r.json().path("duet").has("referencePoolSize");
        }

        /** The lane at {@code size}, or null. */
        RunRecord atSize(int size) {
            return lane0 != null && Integer.valueOf(size).equals(lane0.poolSize()) ? lane0
                    : lane1 != null && Integer.valueOf(size).equals(lane1.poolSize()) ? lane1 : null;
        }

        /** The lane the other is measured against: in a size duet the one at the reference size, else the reference profile's. */
        public RunRecord referenceLane(String reference) {
            RunRecord any = lane0 != null ? lane0 : lane1;
            String referenceVariant = any == null ? null : Json.text(any.json(), "duet.referenceVariant");
            if (referenceVariant != null) {
                // A variant duet: the lane on the plan's reference variant.
                return lane0 != null && referenceVariant.equals(RunVariant.key(lane0.json())) ? lane0 : lane1;
            }
            if (sizes()) {
                RunRecord r = lane0 != null ? lane0 : lane1;
                return atSize((int) Json.number(r.json(), "duet.referencePoolSize"));
            }
            return of(reference);
        }

        /** A lane's name: its profile, and in a size duet its size. */
        public String label(RunRecord lane) {
            String partnerVariant = Json.text(lane.json(), "duet.partnerVariant");
            if (partnerVariant != null) {
                return lane.profile() + " " + VariantDuets.differing(RunVariant.key(lane.json()), partnerVariant);
            }
            return sizes() ? lane.profile() + " size " + lane.poolSize() : lane.profile();
        }

        public double firstRequestSkewMillis() {
            RunRecord r = lane0 != null ? lane0 : lane1;
            return Json.number(r.json(), "duet.firstRequestSkewMillis");
        }
    }

    private DuetPairs() {
    }

    public static boolean any(List<RunRecord> runs) {
        return runs.stream().anyMatch(r -> r.json().has("duet"));
    }

    /** The block's duets in the order their windows ran. */
    public static List<Duet> of(List<RunRecord> runs) {
        Map<String, RunRecord[]> byWindow = new LinkedHashMap<>();
        for (RunRecord r : runs) {
            String window = Json.text(r.json(), "duet.window");
            if (window != null) {
                byWindow.computeIfAbsent(window, w -> new RunRecord[2])[(int) Json.number(r.json(), "duet.lane")] = r;
            }
        }
        List<Duet> duets = new ArrayList<>();
        byWindow.forEach((window, lanes) -> duets.add(new Duet(window, lanes[0], lanes[1])));
        return duets;
    }

    /** Passed pages over seconds {@value #ALIGN_SECONDS}+1 .. the run's duration; NaN without the series. */
    static double alignedPages(RunRecord r) {
        JsonNode perSecond = r.json().path("result").path("perSecond");
        int last = (int) Json.number(r.json(), "durationSeconds");
        if (!perSecond.isArray() || perSecond.isEmpty() || last <= ALIGN_SECONDS) {
            return Double.NaN;
        }
        double sum = 0;
        for (JsonNode s : perSecond) {
            int second = s.path("second").asInt();
            if (second > ALIGN_SECONDS && second <= last) {
                sum += s.path("passedPages").asDouble();
            }
        }
        return sum;
    }

    /** {@code profile} against {@code reference} over the duets where both ran and counted. */
    static PairedTest.Result verdict(List<RunRecord> runs, String profile, String reference, double margin) {
        return verdict(runs, profile, reference, margin, BetweenSd.NONE);
    }

    /** As above, the interval widened by the between-sitting sd {@code betweenSd} (NONE: none). */
    static PairedTest.Result verdict(List<RunRecord> runs, String profile, String reference, double margin,
                                     BetweenSd betweenSd) {
        List<Double> logs = new ArrayList<>();
        for (Duet d : of(runs)) {
            if (d.counted() && d.of(profile) != null && d.of(reference) != null && !profile.equals(reference)) {
                double ratio = d.ratio(profile);
                if (!Double.isNaN(ratio)) {
                    logs.add(Math.log(ratio));
                }
            }
        }
        return PairedTest.of(logs.stream().mapToDouble(Double::doubleValue).toArray(), margin, betweenSd);
    }

    /**
     * One line per duet: its window, who had which lane, the ratio against the reference (of a
     * size duet: against the reference size), the lanes' start skew.
     */
    public static List<String> lines(List<RunRecord> runs, String reference) {
        List<String> lines = new ArrayList<>();
        for (Duet d : of(runs)) {
            RunRecord ref = d.referenceLane(reference);
            RunRecord other = ref == d.lane0 ? d.lane1 : d.lane0;
            String name = other == null ? "?" : d.label(other);
            double ratio = other == null ? Double.NaN : d.ratio(other);
            double skew = d.firstRequestSkewMillis();
            lines.add(String.format(Locale.ROOT, "%s: %s/%s %s (lane 0: %s)%s%s", d.window(), name,
                    ref == null ? reference : d.label(ref),
                    Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.3f", ratio),
                    d.lane0 == null ? "?" : d.label(d.lane0),
                    Double.isNaN(skew) ? "" : String.format(Locale.ROOT, ", first requests %.0f ms apart", skew),
                    d.counted() ? "" : ", not counted"));
        }
        return lines;
    }

    /**
     * The noise that limits a duet verdict: the spread of each pair's duet ratio (the standard
     * deviation of its log, about its CV), next to which the runs' own CV below says what a solo
     * comparison would have faced.
     */
    static String noiseLine(List<PairedVerdict.Entry> entries) {
        StringBuilder line = new StringBuilder("Duet ratio noise (sd of the log ratio, about its CV):");
        for (PairedVerdict.Entry e : entries) {
            double sd = e.result().sdLog();
            line.append(String.format(Locale.ROOT, " %s %s over %d;", e.profile(),
                    Double.isNaN(sd) ? "-" : String.format(Locale.ROOT, "%.1f %%", 100 * sd), e.result().n()));
        }
        line.setLength(line.length() - 1);
        return line.append('.').toString();
    }

    /** The rule, for the verdict's heading. */
    public static String rule() {
        return "paired by duet (both at the same time): ratio of passed pages over seconds " + (ALIGN_SECONDS + 1)
                + " to the end of each measured window";
    }
}
