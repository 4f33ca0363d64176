package dev.poolbench.bench.compare.plan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.jvm.JdkHome;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The app JVM's dimensions of a planned run beyond profile and pool size: thread mode
 * ({@code --threads}), JDK ({@code --java}) and app build ({@code --app-jar}). A comparison is
 * their product (with the pool sizes); each combination gets its own table and verdict, and app
 * builds are also compared with each other pool by pool ({@code report.AppBuildVerdict}). A combination
 * the JDK cannot run (virtual threads before JDK 21) is left out of the plan with a reason, and a
 * plan left empty is a usage error.
 *
 * @param jdk         the app's JDK; null = the runner's own (no --java given)
 * @param app         the app build; null = the tree's own webapp jar (no --app-jar given)
 * @param showThreads whether run directories and labels name the thread mode (more than one asked for)
 * @param showJdk     whether they name the JDK (more than one asked for)
 */
public record RunVariant(ThreadMode threads, JdkHome jdk, AppBuild app, boolean showThreads, boolean showJdk) {

    public static final RunVariant DEFAULT = new RunVariant(ThreadMode.PLATFORM, null, null, false, false);

    public RunVariant(ThreadMode threads, JdkHome jdk, boolean showThreads, boolean showJdk) {
        this(threads, jdk, null, showThreads, showJdk);
    }

    /** The same variant on another app build (the class-data training runs each build once). */
    public RunVariant withApp(AppBuild build) {
        return new RunVariant(threads, jdk, build, showThreads, showJdk);
    }

    /** Name of the app build, or null for the tree's own jar. */
    public String appName() {
        return app == null ? null : app.name();
    }

    /** The java launcher of the app JVM. */
    public String java(String runnerJava) {
        return jdk == null ? runnerJava : jdk.java();
    }

    /** Full version of the app JVM's JDK ({@code 25.0.1}). */
    public String jdkVersion() {
        return jdk == null ? System.getProperty("java.version") : jdk.version();
    }

    /** Feature release of the app JVM. */
    public int feature() {
        return jdk == null ? Runtime.version().feature() : jdk.feature();
    }

    /** Suffix of the run directory: {@code -virtual-jdk25-app2}, only for the dimensions that vary. */
    public String dirSuffix() {
        return (showThreads ? "-" + threads.label() : "") + (showJdk ? "-jdk" + feature() : "")
                + (app != null ? "-" + app.name() : "");
    }

    /** For the status line: {@code virtual JDK 25 app2}, only the dimensions that vary. */
    public String shortLabel() {
        List<String> parts = new ArrayList<>();
        if (showThreads) {
            parts.add(threads.label());
        }
        if (showJdk) {
            parts.add("JDK " + feature());
        }
        if (app != null) {
            parts.add(app.name());
        }
        return String.join(" ", parts);
    }

    /** Whether the runner's own JDK runs the app (class-data sharing archives are made with it). */
    public boolean onRunnerJdk() {
        return feature() == Runtime.version().feature()
                && (jdk == null || jdk.home().equals(JdkHome.runner().home()));
    }

    /** The product of the requested modes and JDKs that can run, in order: JDK outer, threads inner. */
    public static List<RunVariant> plan(List<ThreadMode> modes, List<JdkHome> jdks, List<String> skipped) {
        return plan(modes, jdks, null, skipped);
    }

    /**
     * The product of the requested modes, JDKs and app builds that can run, in order: JDK outer,
     * threads, app build inner (so the builds of one pool run close to each other in a round).
     *
     * @param builds null = the tree's own jar only
     */
    public static List<RunVariant> plan(List<ThreadMode> modes, List<JdkHome> jdks, List<AppBuild> builds,
                                 List<String> skipped) {
        List<JdkHome> homes = jdks == null ? java.util.Collections.singletonList(null) : jdks;
        List<AppBuild> apps = builds == null ? java.util.Collections.singletonList(null) : builds;
        List<RunVariant> variants = new ArrayList<>();
        for (JdkHome jdk : homes) {
            for (ThreadMode mode : modes) {
                RunVariant v = new RunVariant(mode, jdk, null, modes.size() > 1, homes.size() > 1);
                if (!mode.runsOn(v.feature())) {
                    skipped.add(mode.label() + " threads on JDK " + v.feature() + ": virtual threads need JDK "
                            + ThreadMode.VIRTUAL_SINCE + " or newer");
                    continue;
                }
                for (AppBuild app : apps) {
                    variants.add(v.withApp(app));
                }
            }
        }
        return List.copyOf(variants);
    }

    /** Checks --threads, --java and --app-jar of a parsed command line; fills {@code o.variants}. */
    static void validate(CompareOptions o, Set<String> given) throws UsageException {
        if (o.remote()) {
            for (String name : List.of("threads", "java", "app-jar")) {
                if (given.contains(name)) {
                    throw new UsageException("--" + name + " is for local mode: remote mode measures the app as it "
                            + "runs there (Ansible: poolbench_app_threads, poolbench_app_java_version, the jar it "
                            + "deploys)");
                }
            }
        }
        List<String> skipped = new ArrayList<>();
        o.variants = plan(o.threads, o.javas, o.appBuilds, skipped);
        o.skippedVariants = List.copyOf(skipped);
        if (o.variants.isEmpty()) {
            throw new UsageException("nothing to run: " + String.join("; ", skipped)
                    + " (add --java 25, or a JDK path of release 21+)");
        }
    }

    /**
     * The grouping key of a run record: {@code threads}, {@code jdk} and, when recorded,
     * {@code appBuild} ({@code platform/17/app2}; null parts when absent).
     */
    public static String key(JsonNode record) {
        String threads = Json.text(record, "threads");
        String jdk = Json.text(record, "jdk");
        String app = Json.text(record, "appBuild");
        if (threads == null && jdk == null && app == null) {
            return null;
        }
        return threads + "/" + jdk + (app == null ? "" : "/" + app);
    }

    /** The key without its app build: runs of the same pool, threads and JDK on different builds share it. */
    public static String keyWithoutApp(String key) {
        if (key == null) {
            return null;
        }
        String[] parts = key.split("/", 3);
        return parts.length < 2 ? key : parts[0] + "/" + parts[1];
    }

    /** The app build part of a key, or null. */
    public static String appOf(String key) {
        String[] parts = key == null ? new String[0] : key.split("/", 3);
        return parts.length < 3 || "null".equals(parts[2]) ? null : parts[2];
    }

    /** Text of a key for headers: {@code virtual threads, JDK 25, app build app2}. */
    public static String describe(String key) {
        if (key == null) {
            return "";
        }
        String[] parts = key.split("/", 3);
        List<String> text = new ArrayList<>();
        if (!"null".equals(parts[0])) {
            text.add(parts[0] + " threads");
        }
        if (parts.length > 1 && !"null".equals(parts[1])) {
            text.add("JDK " + parts[1]);
        }
        if (parts.length > 2 && !"null".equals(parts[2])) {
            text.add("app build " + parts[2]);
        }
        return String.join(", ", text);
    }
}
