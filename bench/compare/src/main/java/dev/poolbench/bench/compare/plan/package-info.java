/**
 * What a comparison is asked to do: the options (picocli), the run variants (threads, JDK, app
 * build), the run plan (rounds, order, the stop rule's interface) and the record of a planned
 * run ({@link dev.poolbench.bench.compare.plan.RunRecord}). A new run dimension starts here.
 * May use the measurement tools (jvm, machine, db) and below; never run or above.
 */
package dev.poolbench.bench.compare.plan;
