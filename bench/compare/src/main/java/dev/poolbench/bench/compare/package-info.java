/**
 * The runner's commands ({@code compare}, {@code summarize}, {@code warmup-curve}, {@code faults},
 * ...): each parses its options and puts the packages below in a row. Owns nothing else; may use
 * every package. Layers, top first (docs/architecture.md, enforced by PackageLayersTest):
 * commands; sittings; faults, report; size; verdict; run, faultreport; outcomes, faultfigures;
 * launch, faultlogs, faultplan; plan;
 * variant, jvm, machine, db, monitoring;
 * poolmetrics, proxy; stats; util.
 */
package dev.poolbench.bench.compare;
