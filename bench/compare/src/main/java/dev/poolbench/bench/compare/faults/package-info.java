/**
 * The fault scenarios ({@code faults}, {@code faults-summarize}, {@code faults-sample}): a run
 * with the database (or the session store's redis-server) taken away mid-run, per pool profile
 * and session store, its figures, table and pictures. A new fault lives here.
 * May use run (the app and load processes), the tools and below; never report or sittings.
 */
package dev.poolbench.bench.compare.faults;
