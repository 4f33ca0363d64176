package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.jvm.JdkHome;
import dev.poolbench.bench.compare.util.UsageException;
import picocli.CommandLine.Option;

/**
 * {@code --threads}, {@code --java} and {@code --app-jar} of {@code compare} (a picocli mixin): the
 * texts as given; {@link ThreadMode}, {@link JdkHome} and {@link AppBuild} parse them,
 * {@link RunVariant} plans their product.
 */
final class RunVariantOptions {

    @Option(names = "--threads", paramLabel = "LIST", description = "app request threads: platform | virtual | "
            + "platform,virtual; virtual needs JDK 21+ (default: platform)")
    String threads;

    @Option(names = "--java", paramLabel = "LIST", description = "app JDKs: feature releases (17,25: found in "
            + "JAVA_HOME, the runner's JDK, /usr/lib/jvm) or JDK homes; the load generator stays on the runner's "
            + "JDK (default: the runner's JDK)")
    String java;

    @Option(names = "--app-jar", paramLabel = "LIST", description = "compare builds of the app, each pool on each "
            + "build, interleaved, with a paired verdict per pool: [NAME=]JAR,[NAME=]JAR (names default to app1, "
            + "app2; the first is the reference) (default: webapp/target/poolbench-webapp.jar only)")
    String appJars;

    /** Parses what was given into {@code o.threads}, {@code o.javas} and {@code o.appBuilds}, then plans the variants. */
    void apply(CompareOptions o, java.util.Set<String> given) throws UsageException {
        if (appJars != null) {
            o.appBuilds = AppBuild.parseList(appJars);
        }
        if (threads != null) {
            o.threads = ThreadMode.parseList(threads);
        }
        if (java != null) {
            o.javas = JdkHome.parseList(java);
        }
        RunVariant.validate(o, given);
    }
}
