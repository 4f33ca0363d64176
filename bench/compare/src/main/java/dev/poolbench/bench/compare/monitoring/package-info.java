/**
 * A real Prometheus during a comparison ({@code compare --prometheus}): the server, node_exporter
 * and mysqld_exporter as child processes of the runner, the apps' targets rewritten per run
 * (file-based discovery, labels {@code profile}, {@code round}, {@code run}, {@code variant}),
 * a small client of the HTTP API, and a stored TSDB served again from a copy. Depends only on the
 * JDK and Jackson, so it can move with the runner's packages. Entry point:
 * {@link dev.poolbench.bench.compare.monitoring.ComparisonMonitoring}; docs/dashboards.md.
 */
package dev.poolbench.bench.compare.monitoring;
