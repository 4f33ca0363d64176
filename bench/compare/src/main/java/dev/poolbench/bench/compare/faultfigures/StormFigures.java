package dev.poolbench.bench.compare.faultfigures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.faultplan.Scenario;
import java.util.List;

/**
 * How far the pool grew and what a load jump did (the scenario storm, {@link Scenario#storm}),
 * part of {@link FaultFigures}: the pool's connections (active + idle, from the sampler's gauges)
 * at the last sample before the fault and their peak from the fault on, and the load's jump as
 * its result.json reports it ({@code jump}: the extra workers, and the latency of the page
 * requests, those that may use the database, before the jump and during it). Pure computation.
 *
 * @param connectionsBeforeFault active + idle at the last sample before the fault; null without one
 * @param peakConnections        the most active + idle from the fault's start on; null without a sample
 * @param jump                   the load's jump; null when the run had none
 */
public record StormFigures(Double connectionsBeforeFault, Double peakConnections, Jump jump) {

    /**
     * The load's jump: {@code workload} extra workers from second {@code atSecond} for
     * {@code seconds}, of which {@code workersJoined} started a flow; page request latency (ms, by
     * the request's end; not the static assets) before the jump (from second 1 on) and during it.
     */
    public record Jump(int atSecond, int seconds, int workload, int workersJoined, long flows, long requestsBefore,
                long p50BeforeMillis, long p99BeforeMillis, long requestsDuring, long p50DuringMillis,
                long p99DuringMillis, long maxDuringMillis) {

        /** Every extra worker joined and finished a flow: the jump ran. */
        boolean ran() {
            return workload > 0 && workersJoined == workload && flows > 0;
        }
    }

    static StormFigures compute(List<FaultFigures.PoolSample> pool, double faultBegin, JsonNode result) {
        Double before = null;
        Double peak = null;
        for (FaultFigures.PoolSample p : pool) {
            double total = p.active() + p.idle();
            if (Double.isNaN(total)) {
                continue;
            }
            if (p.t() <= faultBegin) {
                before = total;
            } else {
                peak = peak == null ? total : Math.max(peak, total);
            }
        }
        if (peak != null && before != null) {
            peak = Math.max(peak, before);
        }
        return new StormFigures(before, peak, jump(result == null ? null : result.get("jump")));
    }

    private static Jump jump(JsonNode j) {
        if (j == null || !j.isObject()) {
            return null;
        }
        JsonNode b = j.path("pageLatencyBeforeMillis");
        JsonNode d = j.path("pageLatencyDuringMillis");
        return new Jump(j.path("atSeconds").asInt(), j.path("seconds").asInt(), j.path("workload").asInt(),
                j.path("workersJoined").asInt(), j.path("flows").asLong(), b.path("count").asLong(),
                b.path("p50").asLong(), b.path("p99").asLong(), d.path("count").asLong(), d.path("p50").asLong(),
                d.path("p99").asLong(), d.path("max").asLong());
    }

    /** Into the run's figures (figures.json, faults.json): the pool's totals, and {@code jump} or null. */
    void json(ObjectNode n) {
        n.put("connectionsBeforeFault", connectionsBeforeFault);
        n.put("peakConnections", peakConnections);
        if (jump == null) {
            n.putNull("jump");
            return;
        }
        ObjectNode j = n.putObject("jump");
        j.put("atSecond", jump.atSecond());
        j.put("seconds", jump.seconds());
        j.put("workload", jump.workload());
        j.put("workersJoined", jump.workersJoined());
        j.put("flows", jump.flows());
        j.put("requestsBefore", jump.requestsBefore());
        j.put("p50BeforeMillis", jump.p50BeforeMillis());
        j.put("p99BeforeMillis", jump.p99BeforeMillis());
        j.put("requestsDuring", jump.requestsDuring());
        j.put("p50DuringMillis", jump.p50DuringMillis());
        j.put("p99DuringMillis", jump.p99DuringMillis());
        j.put("maxDuringMillis", jump.maxDuringMillis());
    }
}
