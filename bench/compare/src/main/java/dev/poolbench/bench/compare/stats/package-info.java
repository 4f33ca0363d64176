/**
 * Statistics of scores: samples, the paired test, the power simulation. Uses nothing of the runner.
 */
package dev.poolbench.bench.compare.stats;
