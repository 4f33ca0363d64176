/**
 * Rendering of recorded runs: the summary table and summary.json, the pool-size sweep table,
 * wall time and disturbance lines, the charts, the warm-up curve and report.html. Reads results
 * directories only, so it runs again on fetched results ({@code summarize}). The verdicts it
 * shows come from verdict, the size search from size. May use size, verdict, run (to read
 * records), plan and below.
 */
package dev.poolbench.bench.compare.report;
