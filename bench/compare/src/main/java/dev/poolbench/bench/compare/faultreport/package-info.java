/**
 * The end of a fault command: the table ({@code faults.txt}, {@code faults.json}), the pictures,
 * {@code report.html} and the checks behind the exit status. May use faultfigures, faultplan and below.
 */
package dev.poolbench.bench.compare.faultreport;
