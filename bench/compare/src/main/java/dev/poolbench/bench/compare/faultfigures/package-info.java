/**
 * The figures of a fault run from its files alone, local or fetched from the fleet: the run's
 * record, the pool sampler's CSV, the figures and the outcome they make. May use faultplan,
 * faultlogs, launch and below.
 */
package dev.poolbench.bench.compare.faultfigures;
