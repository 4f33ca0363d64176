package dev.poolbench.bench.redis;

import java.util.Map;

/**
 * What one cell (client x thread mode x threads) measured.
 *
 * @param wallMillis from the start gate until the last thread finished (or the deadline)
 * @param sets SETs that succeeded
 * @param plannedSets threads x SETs per thread
 * @param clientCpuMillis this process's CPU time over the cell (client, its threads and the sampler)
 * @param serverCpuMillis {@code used_cpu_user + used_cpu_sys} of {@code INFO cpu}, after minus before
 * @param connectionsReceived {@code total_connections_received} of {@code INFO stats}, after minus
 *        before: the connections the server accepted for this cell
 * @param peakConnectedClients the highest {@code connected_clients} of {@code INFO clients} sampled
 *        every 100 ms during the cell, less the sampler's own connection
 * @param errors per kind ({@code connect-timeout}, or the exception's class): how many threads hit it
 * @param outcome {@code ok}, or what went wrong in one phrase ("connect timed out after 10 s (12 threads)")
 */
record CellResult(String client, String threadMode, int threads, int setsPerThread, double wallMillis, long sets,
        long plannedSets, double clientCpuMillis, double serverCpuMillis, long connectionsReceived,
        long peakConnectedClients, Map<String, Long> errors, String firstError, String outcome) {

    /** Wall time over all SETs of all threads, as published (over the SETs done if some failed). */
    double microsPerSet() {
        return sets == 0 ? Double.NaN : wallMillis * 1000.0 / sets;
    }

    /** Server CPU as a share of one core over the wall time. */
    double serverCpuPercent() {
        return wallMillis <= 0 ? Double.NaN : 100.0 * serverCpuMillis / wallMillis;
    }

    double clientCpuPercent() {
        return wallMillis <= 0 ? Double.NaN : 100.0 * clientCpuMillis / wallMillis;
    }

    long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    boolean ok() {
        return "ok".equals(outcome);
    }
}
