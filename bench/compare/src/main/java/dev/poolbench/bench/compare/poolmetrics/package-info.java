/**
 * The pool sampler: scrapes the app's pool meters once a second during a measured window, and
 * the figures and pictures made of them. Uses util at most.
 */
package dev.poolbench.bench.compare.poolmetrics;
