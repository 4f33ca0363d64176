/**
 * The per-second logs of a fault run, read back: the database's login log, the load's progress
 * log and the second they fill. May use the tools and below.
 */
package dev.poolbench.bench.compare.faultlogs;
