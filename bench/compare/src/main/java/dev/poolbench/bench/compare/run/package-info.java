/**
 * How a comparison is executed: the site (local JVMs on the embedded database, or a remote app),
 * one measured run as prepare, warm up, reset, measure, collect, record, the app and load
 * JVMs, the head start of the next run, progress and re-runs. Writes runs.jsonl and the run
 * directories. May use plan and the tools below; never verdict, size, report or sittings.
 */
package dev.poolbench.bench.compare.run;
