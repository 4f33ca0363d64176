/**
 * What a measured run produced ({@code RunOutcome}), the duet fields of its record and which
 * runs re-runs of disturbed ones supersede. May use launch, plan and below.
 */
package dev.poolbench.bench.compare.outcomes;
