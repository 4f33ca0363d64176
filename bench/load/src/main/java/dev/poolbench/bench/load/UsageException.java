package dev.poolbench.bench.load;

/** A bad flag or a setup problem: one clear line, exit status 2, no stack trace. */
public final class UsageException extends Exception {
    public UsageException(String message) {
        super(message);
    }
}
