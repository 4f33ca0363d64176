package dev.poolbench.bench.compare.outcomes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.SizePair;
import dev.poolbench.bench.compare.plan.VariantPair;
import dev.poolbench.bench.compare.util.Json;
import java.util.List;

/**
 * A duet lane's place in its window, in its run record ({@code duet}): the window's id, the
 * lane, the partner (in a size duet also the partner's pool size and the reference size), and how far apart the two lanes' measured loads began (the runner's send of
 * the start line, and the load generators' own first instant from their result.json).
 */
public final class DuetRecords {

    private DuetRecords() {
    }

    public static void addTo(ObjectNode record, RunPlan.Planned planned, List<RunOutcome> window) {
        ObjectNode duet = record.putObject("duet");
        duet.put("window", planned.lane().window());
        duet.put("lane", planned.lane().index());
        duet.put("partner", planned.lane().partner());
        SizePair sizes = planned.lane().sizes();
        VariantPair variants = planned.lane().variants();
        if (variants != null) {
            // A variant duet: the same pool in both lanes; the report pairs the variants by these keys.
            duet.put("partnerVariant", variants.partnerOf(planned.variant()).key());
            duet.put("referenceVariant", variants.reference().key());
        }
        if (sizes != null) {
            // A size duet: the same pool in both lanes; the report pairs its sizes by these.
            duet.put("partnerPoolSize", sizes.partnerOf(planned.poolSize()));
            duet.put("referencePoolSize", sizes.referenceSize());
        }
        long sentMin = Long.MAX_VALUE;
        long sentMax = Long.MIN_VALUE;
        long startMin = Long.MAX_VALUE;
        long startMax = Long.MIN_VALUE;
        for (RunOutcome o : window) {
            if (o.measureSentNanos != 0) {
                sentMin = Math.min(sentMin, o.measureSentNanos);
                sentMax = Math.max(sentMax, o.measureSentNanos);
            }
            double started = o.result == null ? Double.NaN : Json.number(o.result, "startedAtEpochMillis");
            if (!Double.isNaN(started)) {
                startMin = Math.min(startMin, (long) started);
                startMax = Math.max(startMax, (long) started);
            }
        }
        if (sentMin != Long.MAX_VALUE && window.stream().allMatch(o -> o.measureSentNanos != 0)) {
            duet.put("measureSentSkewMillis", Math.round((sentMax - sentMin) / 1e4) / 100.0);
        }
        if (startMin != Long.MAX_VALUE && window.stream().allMatch(o -> o.result != null
                && o.result.has("startedAtEpochMillis"))) {
            duet.put("firstRequestSkewMillis", startMax - startMin);
        }
    }
}
