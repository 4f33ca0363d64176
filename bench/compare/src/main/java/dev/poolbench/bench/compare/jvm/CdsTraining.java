package dev.poolbench.bench.compare.jvm;

import dev.poolbench.bench.compare.util.Durations;
import dev.poolbench.bench.compare.util.FreePort;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Makes the class-data sharing archives that are missing ({@link ClassDataSharing}), in one
 * training run for the whole comparison: the app JVM of one profile is started with
 * {@code -XX:ArchiveClassesAtExit}, serves a short load (so the classes of request handling are
 * in the archive, not only those of start-up) and is stopped, which writes the archive that
 * every profile then uses; that load run also writes the load JVM's class list, from which its
 * (static) archive is dumped while the app writes its own.
 * Runs before the first measured run, once per jar build; its files go to
 * {@code .poolbench/cds/<key>/train-<profile>/}.
 */
public final class CdsTraining {

    static final int LOAD_SECONDS = 3;
    /** Writing the app's archive at exit takes seconds of CPU, a minute on a busy 2-core machine. */
    static final Duration ARCHIVE_AT_EXIT_GRACE = Duration.ofMinutes(3);

    /** What the comparison lends the training: its way to start, wait for, load and stop an app. */
    public interface Hooks {
        void startApp(String profile, List<String> jvmFlags, Path runDir, int appPort, int managementPort)
                throws IOException;

        void awaitReady(Path runDir, URI health, URI page) throws InterruptedException;

        int load(List<String> jvmFlags, URI appUrl, Path outDir, int seconds) throws IOException, InterruptedException;

        /** Stops the app, waiting up to {@code grace} for it to exit (and write its archive). */
        void stopApp(Duration grace);

        /** Turns the load JVM's class list into its archive (see {@link ClassDataSharing#dumpLoadArchive}). */
        void dumpLoadArchive() throws IOException, InterruptedException;
    }

    /**
     * The AOT cache's training load: long enough for the login flow's methods to reach C2's
     * thresholds, so the cache holds their profiles (JEP 515), not only the start-up's.
     */
    static final int AOT_LOAD_SECONDS = 20;

    private CdsTraining() {
    }

    /**
     * JDK 25+: writes the app's AOT cache ({@code -XX:AOTCacheOutput}, JEP 514) from one run of
     * {@code profile} under {@value #AOT_LOAD_SECONDS} s of the bench's load, unless it exists.
     * The JVM assembles the cache at exit; a JVM that cannot (or a stop that takes too long)
     * leaves no file, and the runs start without it.
     */
    public static void trainAotCache(ClassDataSharing cds, String jdkVersion, String profile, Hooks hooks,
                              Consumer<String> log) throws IOException, InterruptedException {
        Path cache = cds.aotCache(jdkVersion);
        if (Files.isRegularFile(cache)) {
            return;
        }
        long start = System.nanoTime();
        Path runDir = Files.createDirectories(cds.dir().resolve("train-aot-jdk" + jdkVersion + "-" + profile));
        long loaded;
        try {
            URI appUrl = startAndAwait(hooks, profile, List.of("-XX:AOTCacheOutput=" + cache), runDir);
            hooks.load(ClassDataSharing.use(cds.loadArchive()), appUrl, runDir.resolve("load"), AOT_LOAD_SECONDS);
            loaded = System.nanoTime();
        } finally {
            hooks.stopApp(ARCHIVE_AT_EXIT_GRACE);
        }
        log.accept("cds: AOT cache for the app JVM on JDK " + jdkVersion + " (every profile) "
                + (Files.isRegularFile(cache) ? "written" : "NOT written (see " + runDir.resolve("app.log")
                + "); the app starts without it") + ", trained on " + profile + " in "
                + Durations.format((System.nanoTime() - start) / 1_000_000) + " (" + AOT_LOAD_SECONDS
                + "-s load run, cache written at exit " + Durations.format((System.nanoTime() - loaded) / 1_000_000) + ")");
    }

    /** Trains on {@code profile} what is missing. */
    public static void train(ClassDataSharing cds, String profile, Hooks hooks, Consumer<String> log)
            throws IOException, InterruptedException {
        Path archive = cds.appArchive();
        boolean appDone = Files.isRegularFile(archive);
        // The load JVM is trained once: a failed attempt is not repeated for the same jars (JDK 17 crashed there).
        boolean loadDone = Files.isRegularFile(cds.loadArchive()) || Files.isRegularFile(cds.loadClassList());
        if (appDone && loadDone) {
            return;
        }
        long start = System.nanoTime();
        Path runDir = Files.createDirectories(cds.dir().resolve("train-" + profile));
        long appStarted;
        long loaded;
        Thread loadDump = null;
        AtomicReference<Exception> loadDumpFailure = new AtomicReference<>();
        try {
            URI appUrl = startAndAwait(hooks, profile, appDone ? ClassDataSharing.use(archive)
                    : List.of("-XX:ArchiveClassesAtExit=" + archive), runDir);
            appStarted = System.nanoTime();
            hooks.load(loadDone ? ClassDataSharing.use(cds.loadArchive())
                    : List.of("-XX:DumpLoadedClassList=" + cds.loadClassList()), appUrl, runDir.resolve("load"), LOAD_SECONDS);
            loaded = System.nanoTime();
            if (!loadDone) {
                // The load JVM's archive is dumped while the app writes its own at exit.
                loadDump = new Thread(() -> {
                    try {
                        hooks.dumpLoadArchive();
                    } catch (IOException | InterruptedException | RuntimeException e) {
                        loadDumpFailure.set(e);
                    }
                }, "poolbench-cds-load-dump");
                loadDump.start();
            }
        } finally {
            hooks.stopApp(ARCHIVE_AT_EXIT_GRACE);
            if (loadDump != null) {
                loadDump.join();
            }
        }
        long end = System.nanoTime();
        if (!loadDone) {
            log.accept("cds: class archive for the load JVM " + (Files.isRegularFile(cds.loadArchive()) ? "written"
                    : "NOT written (see " + cds.dir().resolve("load-dump.log") + (loadDumpFailure.get() == null ? ""
                    : ", " + loadDumpFailure.get()) + ")"));
        }
        if (!appDone) {
            log.accept("cds: class archive for the app JVM (every profile) " + (Files.isRegularFile(archive)
                    ? "written" : "NOT written (see " + runDir.resolve("app.log") + "); the app loads classes as usual"));
        }
        log.accept("cds: trained on " + profile + " in " + Durations.format((end - start) / 1_000_000) + " (app start "
                + Durations.format((appStarted - start) / 1_000_000) + ", " + LOAD_SECONDS + "-s load run "
                + Durations.format((loaded - appStarted) / 1_000_000) + ", archives written at exit "
                + Durations.format((end - loaded) / 1_000_000) + ")");
    }

    /** Starts the training's app on free ports and waits until it serves; returns its URL. */
    private static URI startAndAwait(Hooks hooks, String profile, List<String> flags, Path runDir)
            throws IOException, InterruptedException {
        int appPort = FreePort.next();
        int managementPort = FreePort.next();
        URI appUrl = URI.create("http://127.0.0.1:" + appPort);
        hooks.startApp(profile, flags, runDir, appPort, managementPort);
        hooks.awaitReady(runDir, URI.create("http://127.0.0.1:" + managementPort).resolve("/actuator/health"),
                appUrl.resolve("/"));
        return appUrl;
    }
}
