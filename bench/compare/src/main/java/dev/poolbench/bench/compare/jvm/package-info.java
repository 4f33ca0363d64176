/**
 * Measurement tools for the JVMs of a run: JDK homes, class-data sharing and the AOT cache,
 * JFR of the app, the JVM options template. Knows no plan or run: it is given paths and flags.
 */
package dev.poolbench.bench.compare.jvm;
