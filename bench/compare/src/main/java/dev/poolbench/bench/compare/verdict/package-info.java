/**
 * Which pool is faster: the paired tests' use on solo rounds and duets (pools, sizes, variants),
 * the summary's blocks (rows ranked, their paired verdicts), the between-sitting term in their
 * intervals, the verdict words and the stop rules that add rounds until the words are decided. A
 * new verdict rule lives here. May use run, plan and below.
 */
package dev.poolbench.bench.compare.verdict;
