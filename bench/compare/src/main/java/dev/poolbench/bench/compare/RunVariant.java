package dev.poolbench.bench.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The app JVM's dimensions of a planned run beyond profile and pool size: thread mode
 * ({@code --threads}) and JDK ({@code --java}). A comparison is their product (with the pool
 * sizes); each combination gets its own table and verdict. A combination the JDK cannot run
 * (virtual threads before JDK 21) is left out of the plan with a reason, and a plan left empty
 * is a usage error.
 *
 * @param jdk         the app's JDK; null = the runner's own (no --java given)
 * @param showThreads whether run directories and labels name the thread mode (more than one asked for)
 * @param showJdk     whether they name the JDK (more than one asked for)
 */
record RunVariant(ThreadMode threads, JdkHome jdk, boolean showThreads, boolean showJdk) {

    static final RunVariant DEFAULT = new RunVariant(ThreadMode.PLATFORM, null, false, false);

    /** The java launcher of the app JVM. */
    String java(String runnerJava) {
        return jdk == null ? runnerJava : jdk.java();
    }

    /** Feature release of the app JVM. */
    int feature() {
        return jdk == null ? Runtime.version().feature() : jdk.feature();
    }

    /** Suffix of the run directory: {@code -virtual-jdk25}, only for the dimensions that vary. */
    String dirSuffix() {
        return (showThreads ? "-" + threads.label() : "") + (showJdk ? "-jdk" + feature() : "");
    }

    /** For the status line: {@code virtual JDK 25}, only the dimensions that vary. */
    String shortLabel() {
        List<String> parts = new ArrayList<>();
        if (showThreads) {
            parts.add(threads.label());
        }
        if (showJdk) {
            parts.add("JDK " + feature());
        }
        return String.join(" ", parts);
    }

    /** Whether the runner's own JDK runs the app (class-data sharing archives are made with it). */
    boolean onRunnerJdk() {
        return feature() == Runtime.version().feature()
                && (jdk == null || jdk.home().equals(JdkHome.runner().home()));
    }

    /** The product of the requested modes and JDKs that can run, in order: JDK outer, threads inner. */
    static List<RunVariant> plan(List<ThreadMode> modes, List<JdkHome> jdks, List<String> skipped) {
        List<JdkHome> homes = jdks == null ? java.util.Collections.singletonList(null) : jdks;
        List<RunVariant> variants = new ArrayList<>();
        for (JdkHome jdk : homes) {
            for (ThreadMode mode : modes) {
                RunVariant v = new RunVariant(mode, jdk, modes.size() > 1, homes.size() > 1);
                if (mode.runsOn(v.feature())) {
                    variants.add(v);
                } else {
                    skipped.add(mode.label() + " threads on JDK " + v.feature() + ": virtual threads need JDK "
                            + ThreadMode.VIRTUAL_SINCE + " or newer");
                }
            }
        }
        return List.copyOf(variants);
    }

    /** Checks --threads and --java of a parsed command line; fills {@code o.variants}. */
    static void validate(CompareOptions o, Set<String> given) throws UsageException {
        if (o.remote()) {
            for (String name : List.of("threads", "java")) {
                if (given.contains(name)) {
                    throw new UsageException("--" + name + " is for local mode: remote mode measures the app as it "
                            + "runs there (Ansible: poolbench_app_threads, poolbench_app_java_version)");
                }
            }
        }
        List<String> skipped = new ArrayList<>();
        o.variants = plan(o.threads, o.javas, skipped);
        o.skippedVariants = List.copyOf(skipped);
        if (o.variants.isEmpty()) {
            throw new UsageException("nothing to run: " + String.join("; ", skipped)
                    + " (add --java 25, or a JDK path of release 21+)");
        }
    }

    /** The grouping key of a run record: {@code threads} and {@code jdk} as recorded (null parts when absent). */
    static String key(JsonNode record) {
        String threads = Json.text(record, "threads");
        String jdk = Json.text(record, "jdk");
        return threads == null && jdk == null ? null : threads + "/" + jdk;
    }

    /** Text of a key for headers: {@code virtual threads, JDK 25}. */
    static String describe(String key) {
        if (key == null) {
            return "";
        }
        String[] parts = key.split("/", 2);
        List<String> text = new ArrayList<>();
        if (!"null".equals(parts[0])) {
            text.add(parts[0] + " threads");
        }
        if (parts.length > 1 && !"null".equals(parts[1])) {
            text.add("JDK " + parts[1]);
        }
        return String.join(", ", text);
    }
}
