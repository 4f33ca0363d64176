/**
 * The fault commands ({@code faults}, {@code faults-summarize}, {@code faults-sample},
 * {@code faults-relay}, {@code faults-replicas}) and the local runs: each planned run on a fresh app JVM under the real
 * load, the database (or the session store's redis-server) taken away mid-run, to the run's files.
 * May use run (the app and load processes), faultreport and below; never report or sittings.
 */
package dev.poolbench.bench.compare.faults;
