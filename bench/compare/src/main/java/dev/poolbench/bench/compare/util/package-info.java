/**
 * Small things every package uses: JSON, free ports, durations, usage errors, where the jars
 * and the runner's state are, the page writer of report.html (report and faults both write one).
 * Uses nothing of the runner.
 */
package dev.poolbench.bench.compare.util;
