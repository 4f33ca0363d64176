package dev.poolbench.bench.compare.util;

/** A wrong command line: the message says what is wrong; exit status 2. */
public final class UsageException extends Exception {

    public UsageException(String message) {
        super(message);
    }
}
