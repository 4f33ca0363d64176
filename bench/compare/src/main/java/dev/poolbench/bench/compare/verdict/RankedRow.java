package dev.poolbench.bench.compare.verdict;

import dev.poolbench.bench.compare.stats.Stats;

/** What a block's verdict lines read from a summary row: whose it is, whether it is ranked, its scores. */
public interface RankedRow {

    String profile();

    boolean ranked();

    Stats.Sample sample();
}
