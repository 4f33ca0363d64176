/**
 * The app and load JVMs of a run: starting them (with the head start of the next run), their
 * lanes' hosts and start barrier, the progress line, and what is read back from a started app
 * (threads, session store, pool settings, planted difference). May use plan and below.
 */
package dev.poolbench.bench.compare.launch;
