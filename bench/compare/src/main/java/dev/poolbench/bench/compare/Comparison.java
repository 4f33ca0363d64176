package dev.poolbench.bench.compare;

/** Placeholder until the runner lands. */
final class Comparison {
    private final CompareOptions options;

    Comparison(CompareOptions options) {
        this.options = options;
    }

    int run() throws Exception {
        throw new IllegalStateException("not yet");
    }
}
