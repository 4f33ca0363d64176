/**
 * Across sittings ({@code sittings}): each sitting's estimate and interval, the pooled estimate
 * with the between-sitting sd (random effects), their table and chart. May use report (chart
 * style), verdict, plan and below.
 */
package dev.poolbench.bench.compare.sittings;
