/**
 * What a fault run is before it runs: the scenarios and what each does to the database or Redis
 * ({@code Scenario}, {@code Fault}; a new fault starts here), the pool settings, the planned runs
 * and the options of {@code faults}. May use plan, the tools and below.
 */
package dev.poolbench.bench.compare.faultplan;
