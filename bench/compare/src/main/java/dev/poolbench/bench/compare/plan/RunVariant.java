package dev.poolbench.bench.compare.plan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.jvm.JdkHome;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.AppBuild;
import dev.poolbench.bench.compare.variant.Plant;
import dev.poolbench.bench.compare.variant.SessionStore;
import dev.poolbench.bench.compare.variant.ThreadMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The app JVM's dimensions of a planned run beyond profile and pool size: thread mode
 * ({@code --threads}), JDK ({@code --java}), app build ({@code --app-jar}) and session store
 * ({@code --session}), planted difference ({@code --plant}, {@link Plant}). A comparison is their product (with the pool sizes); each combination gets
 * its own table and verdict, and app builds and session stores are also compared with their
 * reference pool by pool ({@code report.DimensionVerdict}). A combination
 * the JDK cannot run (virtual threads before JDK 21) is left out of the plan with a reason, and a
 * plan left empty is a usage error.
 *
 * @param jdk         the app's JDK; null = the runner's own (no --java given)
 * @param app         the app build; null = the tree's own webapp jar (no --app-jar given)
 * @param showThreads whether run directories and labels name the thread mode (more than one asked for)
 * @param showJdk     whether they name the JDK (more than one asked for)
 * @param session     where the app keeps its HTTP sessions
 * @param showSession whether they name the session store (--session other than memory alone)
 * @param plant       the difference planted in the app (none unless --plant)
 * @param showPlant   whether records, directories and labels name the plant (--plant given)
 */
public record RunVariant(ThreadMode threads, JdkHome jdk, AppBuild app, boolean showThreads, boolean showJdk,
                         SessionStore session, boolean showSession, Plant plant, boolean showPlant) {

    public static final RunVariant DEFAULT = new RunVariant(ThreadMode.PLATFORM, null, null, false, false);

    /** Positions of the parts of a grouping {@link #key}. */
    public static final int THREADS = 0;
    public static final int JDK = 1;
    public static final int APP = 2;
    public static final int SESSION = 3;
    public static final int PLANT = 4;

    public RunVariant(ThreadMode threads, JdkHome jdk, AppBuild app, boolean showThreads, boolean showJdk,
                      SessionStore session, boolean showSession) {
        this(threads, jdk, app, showThreads, showJdk, session, showSession, Plant.NONE, false);
    }

    public RunVariant(ThreadMode threads, JdkHome jdk, boolean showThreads, boolean showJdk) {
        this(threads, jdk, null, showThreads, showJdk);
    }

    public RunVariant(ThreadMode threads, JdkHome jdk, AppBuild app, boolean showThreads, boolean showJdk) {
        this(threads, jdk, app, showThreads, showJdk, SessionStore.MEMORY, false);
    }

    /** The same variant on another app build (the class-data training runs each build once). */
    public RunVariant withApp(AppBuild build) {
        return new RunVariant(threads, jdk, build, showThreads, showJdk, session, showSession, plant, showPlant);
    }

    /** The same variant with another session store. */
    public RunVariant withSession(SessionStore store, boolean show) {
        return new RunVariant(threads, jdk, app, showThreads, showJdk, store, show, plant, showPlant);
    }

    /** The same variant with another planted difference. */
    public RunVariant withPlant(Plant planted, boolean show) {
        return new RunVariant(threads, jdk, app, showThreads, showJdk, session, showSession, planted, show);
    }

    /** Its grouping {@link #key(JsonNode)} as its run records will have it ({@code platform/25/null/null/cpu:200us}). */
    public String key() {
        return join(new String[] {threads.label(), String.valueOf(feature()), appName(),
            showSession ? session.label() : null, showPlant ? plant.label() : null});
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

    /** Suffix of the run directory: {@code -virtual-jdk25-app2-redis-pooled}, only for the dimensions that vary. */
    public String dirSuffix() {
        return (showThreads ? "-" + threads.label() : "") + (showJdk ? "-jdk" + feature() : "")
                + (app != null ? "-" + app.name() : "") + (showSession ? "-" + session.label() : "")
                + (showPlant ? "-plant-" + plant.label().replace(':', '-') : "");
    }

    /** For the status line: {@code virtual JDK 25 app2 redis-pooled}, only the dimensions that vary. */
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
        if (showSession) {
            parts.add(session.label());
        }
        if (showPlant) {
            parts.add("plant " + plant.label());
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
        return plan(modes, jdks, null, null, skipped);
    }

    /**
     * The product of the requested modes, JDKs, app builds and session stores that can run, in
     * order: JDK outer, threads, app build, session store inner (so the builds and stores of one
     * pool run close to each other in a round).
     *
     * @param builds   null = the tree's own jar only
     * @param sessions null = memory only (the app's default, not named in directories or labels)
     */
    public static List<RunVariant> plan(List<ThreadMode> modes, List<JdkHome> jdks, List<AppBuild> builds,
                                        List<SessionStore> sessions, List<String> skipped) {
        return plan(modes, jdks, builds, sessions, null, skipped);
    }

    /** As above, each combination also with each planted difference (innermost; null = none, not named). */
    public static List<RunVariant> plan(List<ThreadMode> modes, List<JdkHome> jdks, List<AppBuild> builds,
                                        List<SessionStore> sessions, List<Plant> plants, List<String> skipped) {
        List<Plant> planted = plants == null ? List.of(Plant.NONE) : plants;
        List<JdkHome> homes = jdks == null ? java.util.Collections.singletonList(null) : jdks;
        List<AppBuild> apps = builds == null ? java.util.Collections.singletonList(null) : builds;
        List<SessionStore> stores = sessions == null ? List.of(SessionStore.MEMORY) : sessions;
        boolean showSession = !stores.equals(List.of(SessionStore.MEMORY));
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
                    for (SessionStore store : stores) {
                        for (Plant plant : planted) {
                            variants.add(v.withApp(app).withSession(store, showSession).withPlant(plant, plants != null));
                        }
                    }
                }
            }
        }
        return List.copyOf(variants);
    }

    /** Checks --threads, --java, --app-jar and --session of a parsed command line; fills {@code o.variants}. */
    static void validate(CompareOptions o, Set<String> given) throws UsageException {
        if (o.remote()) {
            for (String name : List.of("threads", "java", "app-jar", "pool-version", "plant")) {
                if (given.contains(name)) {
                    throw new UsageException("--" + name + " is for local mode: remote mode measures the app as it "
                            + "runs there (Ansible: poolbench_app_threads, poolbench_app_java_version, the jar it "
                            + "deploys)");
                }
            }
        }
        List<String> skipped = new ArrayList<>();
        o.variants = plan(o.threads, o.javas, o.appBuilds, o.sessions, o.plants, skipped);
        o.skippedVariants = List.copyOf(skipped);
        if (o.variants.isEmpty()) {
            throw new UsageException("nothing to run: " + String.join("; ", skipped)
                    + " (add --java 25, or a JDK path of release 21+)");
        }
    }

    /**
     * The grouping key of a run record: {@code threads}, {@code jdk} and, when recorded,
     * {@code appBuild}, {@code session} and {@code plant} ({@code platform/17/app2}, {@code platform/25/null/redis-pooled};
     * null parts when absent, trailing ones left out).
     */
    public static String key(JsonNode record) {
        return join(new String[] {Json.text(record, "threads"), Json.text(record, "jdk"),
            Json.text(record, "appBuild"), Json.text(record, "session"), Json.text(record, "plant")});
    }

    /** The parts joined by '/', trailing absent ones left out; null when every part is absent. */
    private static String join(String[] parts) {
        int last = parts.length - 1;
        while (last >= 0 && (parts[last] == null || "null".equals(parts[last]))) {
            last--;
        }
        if (last < 0) {
            return null;
        }
        List<String> kept = new ArrayList<>();
        for (int i = 0; i <= Math.max(last, JDK); i++) {
            kept.add(String.valueOf(parts[i]));
        }
        return String.join("/", kept);
    }

    /** The parts of a key, {@link #PLANT} + 1 of them, null where absent. */
    static String[] parts(String key) {
        String[] parts = new String[PLANT + 1];
        String[] given = key == null ? new String[0] : key.split("/", parts.length);
        for (int i = 0; i < given.length; i++) {
            parts[i] = "null".equals(given[i]) ? null : given[i];
        }
        return parts;
    }

    /** One part of a key ({@link #THREADS}, {@link #JDK}, {@link #APP}, {@link #SESSION}), or null. */
    public static String part(String key, int index) {
        return parts(key)[index];
    }

    /** The key without one of its parts: runs that differ only in that dimension share it. */
    public static String keyWithout(String key, int index) {
        if (key == null) {
            return null;
        }
        String[] parts = parts(key);
        parts[index] = null;
        String rest = join(parts);
        return rest == null ? "" : rest;
    }

    /** The key without its app build: runs of the same pool, threads and JDK on different builds share it. */
    public static String keyWithoutApp(String key) {
        return keyWithout(key, APP);
    }

    /** The app build part of a key, or null. */
    public static String appOf(String key) {
        return part(key, APP);
    }

    /** Text of a key for headers: {@code virtual threads, JDK 25, app build app2, session redis-pooled}. */
    public static String describe(String key) {
        if (key == null) {
            return "";
        }
        String[] parts = parts(key);
        List<String> text = new ArrayList<>();
        if (parts[THREADS] != null) {
            text.add(parts[THREADS] + " threads");
        }
        if (parts[JDK] != null) {
            text.add("JDK " + parts[JDK]);
        }
        if (parts[APP] != null) {
            text.add("app build " + parts[APP]);
        }
        if (parts[SESSION] != null) {
            text.add("session " + parts[SESSION]);
        }
        if (parts[PLANT] != null) {
            text.add("plant " + parts[PLANT]);
        }
        return String.join(", ", text);
    }
}
