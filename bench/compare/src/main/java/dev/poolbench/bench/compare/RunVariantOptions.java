package dev.poolbench.bench.compare;

import picocli.CommandLine.Option;

/**
 * {@code --threads} and {@code --java} of {@code compare} (a picocli mixin): the texts as given;
 * {@link ThreadMode} and {@link JdkHome} parse them, {@link RunVariant} plans their product.
 */
final class RunVariantOptions {

    @Option(names = "--threads", paramLabel = "LIST", description = "app request threads: platform | virtual | "
            + "platform,virtual; virtual needs JDK 21+ (default: platform)")
    String threads;

    @Option(names = "--java", paramLabel = "LIST", description = "app JDKs: feature releases (17,25: found in "
            + "JAVA_HOME, the runner's JDK, /usr/lib/jvm) or JDK homes; the load generator stays on the runner's "
            + "JDK (default: the runner's JDK)")
    String java;

    /** Parses what was given into {@code o.threads} and {@code o.javas}, then plans the variants. */
    void apply(CompareOptions o, java.util.Set<String> given) throws UsageException {
        if (threads != null) {
            o.threads = ThreadMode.parseList(threads);
        }
        if (java != null) {
            o.javas = JdkHome.parseList(java);
        }
        RunVariant.validate(o, given);
    }
}
