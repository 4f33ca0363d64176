package dev.poolbench.bench.load;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.ContextInitializer;
import ch.qos.logback.core.joran.spi.JoranException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps {@code logback.xml} in force across Gatling runs in one JVM.
 *
 * <p>Gatling stops logback's context at the end of every run (to flush its appenders), which
 * resets it: every logger at DEBUG, no appender. A second run in the same JVM (the measured run
 * after the in-JVM warm-up) then built a logging event for every debug line of Gatling and Netty
 * (several per request) only to find no appender for it: about 5 % of the event loops' CPU, and
 * only in the measured window. {@link #restore()} reads the configuration again.
 */
final class GatlingLogging {

    private GatlingLogging() {
    }

    /** After a Gatling run: the logging configuration of the classpath again, if Gatling stopped it. */
    static void restore() {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context) || context.isStarted()) {
            return;
        }
        context.reset();
        try {
            new ContextInitializer(context).autoConfig();
        } catch (JoranException | RuntimeException e) {
            // Quiet all the same: stdout belongs to the lines the runner parses.
            context.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.WARN);
        }
        context.start();
    }
}
