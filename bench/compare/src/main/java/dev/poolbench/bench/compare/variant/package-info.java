/**
 * What can vary in the app between runs: its pools (the app's catalogue), thread mode, app build,
 * session store, planted difference (plan's RunVariant combines them). May use util only.
 */
package dev.poolbench.bench.compare.variant;
