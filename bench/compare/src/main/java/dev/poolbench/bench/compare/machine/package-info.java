/**
 * Measurement tools for the machine: /proc, host facts, CPU placement, the comparison's own
 * processes and the disturbance sentinel (a new disturbance signal lives here). Knows no plan or run.
 */
package dev.poolbench.bench.compare.machine;
