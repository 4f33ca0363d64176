package dev.poolbench.bench.compare.verdict;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.stats.BetweenSd;
import dev.poolbench.bench.compare.stats.DuetNoise;
import java.net.URI;
import java.util.List;
import java.util.Locale;

/**
 * The between-sitting sd added to every paired interval (docs/validity.md, "Intervals across
 * sittings"): the one given with {@code --between-sitting-sd} (recorded in environment.json as
 * {@code options.betweenSittingSdPercent}), else the one measured for the comparison's design on
 * this machine class and kept as data ({@value #RESOURCE}), else none (within-sitting only).
 *
 * @param sdLog  tau, the sd of the log ratio from sitting to sitting, of a pair with no difference; 0 for none
 * @param slope  how much tau grows with the pair's difference ({@link BetweenSd}); 0: the same for every pair
 * @param design {@code solo}, {@code shared-host-duet} (both lanes share the CPUs and one database
 *               server) or {@code isolated-duet} (--lanes isolated: a CPU set and a database server
 *               per lane, locally or one app and database host per lane on the VMs)
 * @param source where tau comes from, for the summary's line
 * @param provisional tau was measured for another design than this one (a remote design borrows
 *                    the local one's: the VMs' own sittings are not measured yet), so the verdict
 *                    that rests on it is provisional
 */
public record BetweenSitting(double sdLog, double slope, String design, String source, boolean provisional) {

    static final String RESOURCE = "between-sitting.json";
    static final String SHARED_HOST_DUET = "shared-host-duet";
    static final String ISOLATED_DUET = "isolated-duet";
    static final String SOLO = "solo";
    /** A remote comparison's design is the local one's name after this (remote-solo, ...). */
    static final String REMOTE = "remote-";

    /** As recorded in, or left out of, environment.json's options. */
    public static final String OPTION_KEY = "betweenSittingSdPercent";

    public static BetweenSitting none(String design) {
        return new BetweenSitting(0, 0, design, "none", false);
    }

    /** As {@link #design(boolean, boolean)}, {@value #REMOTE} before it for apps elsewhere (--app-url, the VMs). */
    public static String design(boolean duet, boolean isolatedLanes, boolean remote) {
        return (remote ? REMOTE : "") + design(duet, isolatedLanes);
    }

    /** A term given as it is, with no design (so no measured duet sd: {@link #noise()} is none). */
    public static BetweenSitting withoutNoise(double sdLog) {
        return new BetweenSitting(sdLog, 0, "", sdLog > 0 ? "given" : "none", false);
    }

    /** The design of a comparison from its options: duet or solo, lanes shared or isolated (--lanes). */
    public static String design(boolean duet, boolean isolatedLanes) {
        return !duet ? SOLO : isolatedLanes ? ISOLATED_DUET : SHARED_HOST_DUET;
    }

    /** {@code explicitPercent} if given (0 turns the term off), else the stored sd of {@code design}. */
    public static BetweenSitting of(String design, Double explicitPercent) {
        if (explicitPercent != null) {
            if (!(explicitPercent >= 0) || explicitPercent >= 100) {
                throw new IllegalArgumentException("--between-sitting-sd must be 0 or more and below 100 %, got "
                        + explicitPercent);
            }
            return new BetweenSitting(explicitPercent / 100, 0, design, "given with --between-sitting-sd", false);
        }
        JsonNode designs = stored().path("designs");
        JsonNode entry = designs.path(design);
        // A remote design not measured yet borrows the local one's term, and says so.
        String measuredFor = entry.isMissingNode() && design.startsWith(REMOTE)
                ? design.substring(REMOTE.length()) : design;
        entry = designs.path(measuredFor);
        double percent = entry.path("sdPercent").asDouble(Double.NaN);
        if (entry.path("sdPercent").isNull() || Double.isNaN(percent)) {
            return new BetweenSitting(0, 0, design, "not measured yet for " + words(design) + " comparisons", false);
        }
        String measured = String.format(Locale.ROOT, "measured on %s, %s, from %s",
                entry.path("date").asText("?"), entry.path("machine").asText("?"), entry.path("pair").asText("?"));
        double slope = entry.path("slopePerLog").asDouble(0);
        if (measuredFor.equals(design)) {
            return new BetweenSitting(percent / 100, slope, design, measured, false);
        }
        return new BetweenSitting(percent / 100, slope, design, "not measured for " + words(design) + " comparisons: "
                + "borrowed from the local " + words(measuredFor) + "'s, " + measured, true);
    }

    private static String words(String design) {
        return design.replace('-', ' ');
    }

    /**
     * The term of a results directory: its options (duet, lanes, an explicit sd) when recorded,
     * else the design its runs show (duet records, solo otherwise).
     */
    public static BetweenSitting of(JsonNode environment, List<RunRecord> runs) {
        JsonNode options = environment.path("options");
        boolean duet = options.has("duet") ? options.path("duet").asBoolean() : DuetPairs.any(runs);
        boolean remote = "remote".equals(options.path("mode").asText());
        boolean isolated = remote ? remoteLanesApart(environment) : "isolated".equals(options.path("lanes").asText());
        JsonNode explicit = options.path(OPTION_KEY);
        return of(design(duet, isolated, remote), explicit.isNumber() ? explicit.asDouble() : null);
    }

    /** Remote lanes are isolated when each has its own app host (ansible: two app hosts and two db hosts). */
    private static boolean remoteLanesApart(JsonNode environment) {
        JsonNode lanes = environment.path("remote").path("lanes");
        if (lanes.size() < 2) {
            return false;
        }
        String first = URI.create(lanes.get(0).path("appUrl").asText()).getHost();
        String second = URI.create(lanes.get(1).path("appUrl").asText()).getHost();
        return first != null && !first.equals(second);
    }

    /** The stored measurements ({@value #RESOURCE} next to this class), read by the one reader in stats. */
    public static JsonNode stored() {
        return DuetNoise.storedFile();
    }

    /**
     * The sd of one duet's log ratio measured for this design over the kept sittings, stored
     * beside the term: what the rounds a pair still needs are predicted from, with its own sd.
     */
    public DuetNoise noise() {
        return design.isEmpty() ? DuetNoise.NONE : DuetNoise.stored(design);
    }

    /** The sd in percent of a pair with no difference, e.g. 0.83. */
    public double sdPercent() {
        return 100 * sdLog;
    }

    /** The term as a pair's interval takes it: at the pair's own difference. */
    public BetweenSd sd() {
        return new BetweenSd(sdLog, slope);
    }

    /** The summary's line saying which variance the intervals include. */
    public String line() {
        if (sdLog > 0 || slope > 0) {
            return String.format(Locale.ROOT, "%sThe 95 %% and 90 %% intervals include the between-sitting sd %s "
                    + "(%s), %s; within-sitting only in brackets after each pair (docs/validity.md).",
                    provisional ? "Provisional verdict: its between-sitting term was not measured for this design. "
                            : "", sd().text(), words(design), source);
        }
        return "Intervals: within-sitting only (between-sitting sd " + (source.startsWith("given") ? "0, "
                + source : source) + "): another sitting may differ by more (docs/validity.md).";
    }
}
