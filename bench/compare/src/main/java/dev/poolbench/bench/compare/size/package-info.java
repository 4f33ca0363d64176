/**
 * How big a pool should be: the size search (its steps and stop rule), the size read back from
 * the pool metrics (prediction), the sizing formula and the size report. May use verdict, run,
 * plan and below.
 */
package dev.poolbench.bench.compare.size;
