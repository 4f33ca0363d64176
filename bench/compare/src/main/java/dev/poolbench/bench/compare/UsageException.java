package dev.poolbench.bench.compare;

/** A wrong command line: the message says what is wrong; exit status 2. */
final class UsageException extends Exception {

    UsageException(String message) {
        super(message);
    }
}
