/**
 * What comes out of recorded runs: the summary table, paired verdicts and their stop rule,
 * the pool-size sweep, wall time and disturbance lines, the charts and the warm-up curve. Reads
 * results directories only, so it runs again on fetched results ({@code summarize}). A new
 * verdict rule lives here. May use run (to read records), plan and below.
 */
package dev.poolbench.bench.compare.report;
