package dev.poolbench.bench.compare.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.UsageException;
import java.util.Set;

/** The verdict options of {@code compare} (reference, margin, adaptive rounds): their rules. */
public final class VerdictOptions {

    /** The equivalence margin when none is given: within ±5 % counts as equivalent. */
    public static final double DEFAULT_MARGIN_PERCENT = 5;

    private VerdictOptions() {
    }

    static void validate(CompareOptions o, Set<String> given) throws UsageException {
        if (o.reference != null && !o.profiles.contains(o.reference)) {
            throw new UsageException("--reference " + o.reference + " is not among the profiles compared ("
                    + String.join(", ", o.profiles) + ")");
        }
    }

    /**
     * Adaptive rounds, once the plan's shape is known (duet or solo): {@code --until-decided} is
     * the default for duets of two profiles or more that give no other rule for their rounds,
     * locally and in remote mode alike (Ansible's bench.yml passes no rule of its own by default).
     */
    static void applyRounds(CompareOptions o, Set<String> given) throws UsageException {
        boolean pairs = o.profiles.size() >= 2 || o.variantDuets();
        if (!given.contains("until-decided") && o.duet && pairs
                && !given.contains("runs") && !given.contains("quick")) {
            o.untilDecided = true;
        }
        if (o.maxRuns != null && !o.adaptive()) {
            throw new UsageException("--max-runs is the budget of --until-decided; give it, or use --runs "
                    + "alone");
        }
        if (!o.adaptive()) {
            return;
        }
        String rule = "--until-decided";
        if (o.remoteAsIs() || o.profiles.size() < 2 && !o.variantDuets()) {
            throw new UsageException(rule + " needs two profiles or more, or duets of one profile across another "
                    + "dimension: it works on the paired verdicts against the reference");
        }
        if (!"interleaved".equals(o.order)) {
            throw new UsageException(rule + " adds rounds, so it needs --order interleaved");
        }
        if (o.runs < 2) {
            throw new UsageException(rule + " needs --runs 2 or more to start with (an interval needs 2 rounds); "
                    + "--quick sets --runs 1");
        }
        if (o.maxRuns == null) {
            o.maxRuns = Math.max(CompareOptions.DEFAULT_MAX_RUNS_DECIDED, o.runs);
        }
        if (o.maxRuns < o.runs) {
            throw new UsageException("--max-runs " + o.maxRuns + " is below --runs " + o.runs);
        }
    }

    static void toJson(CompareOptions o, ObjectNode n) {
        if (!o.remoteAsIs()) {
            // Remote mode on the app as it runs there measures one profile: there is nothing to pair.
            n.put("reference", o.reference != null ? o.reference : o.profiles.get(0));
        }
        n.put("equivalenceMarginPercent", o.equivalenceMarginPercent);
        n.put("untilDecided", o.untilDecided);
        if (o.adaptive()) {
            n.put("maxRuns", o.maxRuns);
            if (o.maxMinutes != null) {
                n.put("maxMinutes", o.maxMinutes);
            }
        }
        if (o.betweenSittingSdPercent != null) {
            // Only when given: without it the summary takes the stored sd of the design.
            n.put("betweenSittingSdPercent", o.betweenSittingSdPercent);
        }
    }
}
