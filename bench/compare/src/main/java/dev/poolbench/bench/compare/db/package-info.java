/**
 * Measurement tools for the database: the local embedded MariaDB, its fast swapped reset, the
 * database distance and its Toxiproxy. Knows no plan or run.
 */
package dev.poolbench.bench.compare.db;
