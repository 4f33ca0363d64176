package dev.poolbench.bench.compare.size;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import java.util.List;

/**
 * HikariCP's pool-sizing formula ("About Pool Sizing" in HikariCP's wiki) beside a sweep's
 * measured knee: {@code connections = (cores x 2) + effective spindles}, for the database's host.
 * Cores: the search's {@code --db-cores} when given (Ansible's size.yml: the db host's facts), else
 * environment.json's {@code host.cores}, the CPUs the runner's JVM counted on the machine where a
 * local search runs app and database alike (in remote mode that is the bench host: no formula).
 * Effective spindles: 0, the data is in memory (the embedded MariaDB's buffer pool holds the whole
 * data set) or on SSD, so no query waits for a disk head.
 *
 * <p>The measured knee is the sweep's pick (the smallest size within the noise of the best), or
 * the best size when the pick cannot be told. The sweep measures only the sizes it was given, so
 * the formula agrees when it names the knee, or a size strictly between the swept sizes next to
 * the knee (the sweep cannot tell those from the knee); a formula beyond the largest (smallest)
 * size swept when that size is the knee cannot be judged.
 */
public final class SizingFormula {

    static final String FORMULA = "connections = (cores x 2) + effective spindles";
    static final int EFFECTIVE_SPINDLES = 0;
    static final String SPINDLES_REASON = "data in memory / SSD";
    public static final String RULE = "knee = the pick, else the best size; the formula agrees when it is the knee, "
            + "or strictly between the swept sizes next to the knee (the sweep cannot tell those from the knee)";

    /** How the formula's size stands to the knee: {@code code} for summary.json, {@code text} for people. */
    public record Check(Integer knee, String code, String text) {
    }

    private final int cores;
    /** True when the cores are the database host's as given ({@code --db-cores}), false: this machine's. */
    private final boolean given;

    private SizingFormula(int cores, boolean given) {
        this.cores = cores;
        this.given = given;
    }

    /**
     * The formula for the database's host of environment.json: its options' {@code --db-cores}, else (local
     * mode only) {@code host.cores}; null when neither is known.
     */
    public static SizingFormula of(JsonNode environment) {
        if (environment == null) {
            return null;
        }
        JsonNode options = environment.path("options");
        JsonNode dbCores = options.path(SizeReport.OPTIONS_KEY).get("dbCores");
        if (dbCores != null && dbCores.canConvertToInt() && dbCores.asInt() > 0) {
            return new SizingFormula(dbCores.asInt(), true);
        }
        JsonNode cores = environment.path("host").get("cores");
        boolean remote = "remote".equals(options.path("mode").asText());
        return !remote && cores != null && cores.canConvertToInt() && cores.asInt() > 0
                ? new SizingFormula(cores.asInt(), false) : null;
    }

    static SizingFormula ofCores(int cores) {
        return new SizingFormula(cores, false);
    }

    int cores() {
        return cores;
    }

    public int size() {
        return cores * 2 + EFFECTIVE_SPINDLES;
    }

    /** {@code HikariCP's formula (cores x 2) + effective spindles = (2 x 2) + 0 = 4 (...)}. */
    public String line() {
        return "HikariCP's formula " + FORMULA.substring("connections = ".length()) + " = (" + cores + " x 2) + "
                + EFFECTIVE_SPINDLES + " = " + size() + " (" + cores + " cores " + where() + "; effective spindles "
                + EFFECTIVE_SPINDLES + ": " + SPINDLES_REASON + ")";
    }

    /** Whose cores: the database host's (given), or this machine's, which the local database shares with the app. */
    public String where() {
        return given ? "on the database host (--db-cores)" : "on this machine, shared by the app and the database";
    }

    /**
     * The formula against a pool's knee.
     *
     * @param sizes the sizes swept, ascending
     * @param knee  null when the pool has no valid run
     */
    public Check check(List<Integer> sizes, Integer knee) {
        int f = size();
        if (knee == null) {
            return new Check(null, "no-knee", "no measured knee (no valid run)");
        }
        int i = sizes.indexOf(knee);
        int below = i > 0 ? sizes.get(i - 1) : knee;
        int above = i >= 0 && i < sizes.size() - 1 ? sizes.get(i + 1) : knee;
        String prefix = "measured knee " + knee + ": ";
        if (f == knee) {
            return new Check(knee, "agrees", prefix + "agrees (same size)");
        }
        if ((f > knee && above == knee) || (f < knee && below == knee)) {
            return new Check(knee, "beyond-sweep", prefix + "cannot tell (" + f + " is " + (f > knee ? "above the "
                    + "largest" : "below the smallest") + " size swept, which is the knee)");
        }
        if (below < f && f < above) {
            return new Check(knee, "agrees-within-step", prefix + "agrees within the sweep's step (" + f
                    + " lies between " + below + " and " + above + ", the swept sizes next to the knee)");
        }
        return new Check(knee, "disagrees", prefix + "disagrees (" + f + (f < knee ? " is at or below " + below
                + ", the swept size under the knee" : " is at or above " + above + ", the swept size over the knee")
                + ")");
    }

    /** The formula and its inputs for summary.json. */
    public ObjectNode json() {
        ObjectNode n = Json.object();
        n.put("formula", FORMULA);
        n.put("cores", cores);
        n.put("coresFrom", given ? "--db-cores" : "environment.json host.cores");
        n.put("effectiveSpindles", EFFECTIVE_SPINDLES);
        n.put("effectiveSpindlesReason", SPINDLES_REASON);
        n.put("size", size());
        n.put("rule", RULE);
        return n;
    }
}
