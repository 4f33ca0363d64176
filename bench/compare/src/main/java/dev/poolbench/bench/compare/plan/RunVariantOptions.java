package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.jvm.JdkHome;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.AppBuild;
import dev.poolbench.bench.compare.variant.Plant;
import dev.poolbench.bench.compare.variant.PoolRelease;
import dev.poolbench.bench.compare.variant.SessionStore;
import dev.poolbench.bench.compare.variant.ThreadMode;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --threads}, {@code --java}, {@code --app-jar} and {@code --session} of {@code compare} (a
 * picocli mixin): the texts as given; {@link ThreadMode}, {@link JdkHome}, {@link AppBuild} and
 * {@link SessionStore} parse them, {@link RunVariant} plans their product.
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

    @Option(names = "--pool-version", paramLabel = "NAME=LIST", description = "a pool's (or driver's) releases as app "
            + "builds in duets, the first the reference, e.g. hikari=7.0.2,7.1.0 (built by Maven; --profiles: that pool) "
            + "(default: pom.xml's)")
    String poolVersion;

    @Option(names = "--session", paramLabel = "LIST", description = "where the app keeps its HTTP sessions: memory "
            + "| redis-shared | redis-pooled, a comma list compares them; redis runs on a redis-server the runner "
            + "starts (docs/redis.md) (default: memory)")
    String session;

    @Option(names = "--plant", paramLabel = "LIST", description = "plant a difference of known size in the app, "
            + "to check a verdict against it: none | cpu:<N>us (N µs of CPU per borrow, held) | wait:<N>us (an N µs "
            + "sleep per borrow, held); cpu / wait alone: " + Plant.DEFAULT_CPU_MICROS + " / " + Plant.DEFAULT_WAIT_MICROS
            + " µs; a comma list compares them (none,cpu:200us); docs/planted-difference.md (default: none, not "
            + "recorded)")
    String plant;

    @Option(names = "--redis-pool-size", paramLabel = "N", description = "redis-pooled: connections of the app's "
            + "Lettuce pool (default: " + SessionStore.DEFAULT_REDIS_POOL_SIZE + ")")
    Integer redisPoolSize;

    /** Parses what was given into {@code o.threads}, {@code o.javas}, {@code o.appBuilds} and {@code o.sessions}, then plans the variants. */
    void apply(CompareOptions o, java.util.Set<String> given) throws UsageException {
        applySession(o);
        if (appJars != null && poolVersion != null) {
            throw new UsageException("--app-jar and --pool-version both name the app builds: give one of them");
        }
        if (appJars != null) {
            o.appBuilds = AppBuild.parseList(appJars);
        }
        if (poolVersion != null) {
            o.poolRelease = PoolRelease.parse(poolVersion);
            o.appBuilds = o.poolRelease.builds();
            if (!given.contains("profiles")) {
                // A driver's releases run under the reference pool; a pool's under itself.
                o.profiles = List.of(o.poolRelease.driver() ? Profiles.DEFAULT.get(0) : o.poolRelease.profile());
            }
        }
        if (threads != null) {
            o.threads = ThreadMode.parseList(threads);
        }
        if (java != null) {
            o.javas = JdkHome.parseList(java);
        }
        if (plant != null) {
            o.plants = Plant.parseList(plant);
        }
        RunVariant.validate(o, given);
    }

    /** --session and --redis-pool-size; a Redis store in remote mode is the remote host's configuration. */
    private void applySession(CompareOptions o) throws UsageException {
        if (session != null) {
            o.sessions = SessionStore.parseList(session);
        }
        o.redisPoolSize = SessionStore.redisPoolSize(redisPoolSize, o.sessions);
        if (o.remote() && o.sessions != null && o.sessions.stream().anyMatch(SessionStore::redis)) {
            throw new UsageException("--session " + session + " is for local mode: the remote app's session store "
                    + "is its own configuration (Ansible: -e poolbench_session_store=redis -e poolbench_redis_mode=...), "
                    + "recorded per run as read back");
        }
        if (o.remote()) {
            o.sessions = null;
        }
    }
}
