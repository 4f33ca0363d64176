package dev.poolbench.bench.compare.proxy;

/** The Toxiproxy API answered an error (bad request, name taken, port taken, ...). */
public final class ToxiproxyException extends IllegalStateException {

    ToxiproxyException(String message) {
        super(message);
    }
}
