/**
 * Toxiproxy: the binary (built with Go when missing), its HTTP API and the proxies of the
 * database distance and the faults. Uses nothing of the runner.
 */
package dev.poolbench.bench.compare.proxy;
