/**
 * Measurement tool for {@code --session redis-*}: the comparison's own redis-server (bench/redis's
 * launcher), its version and its flush at every reset. Knows no plan or run.
 */
package dev.poolbench.bench.compare.redis;
