package dev.poolbench.bench.compare;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Makes the class-data sharing archives that are missing ({@link ClassDataSharing}): per app
 * profile, the app JVM is started with {@code -XX:ArchiveClassesAtExit}, serves a short load
 * (so the classes of request handling are in the archive, not only those of start-up) and is
 * stopped, which writes the archive; the first such load run also writes the load JVM's class
 * list, from which its (static) archive is dumped.
 * Runs before the first measured run, once per jar build; its files go to
 * {@code .poolbench/cds/<key>/train-<profile>/}.
 */
final class CdsTraining {

    static final int LOAD_SECONDS = 3;

    /** What the comparison lends the training: its way to start, wait for, load and stop an app. */
    interface Hooks {
        void startApp(String profile, List<String> jvmFlags, Path runDir, int appPort, int managementPort)
                throws IOException;

        void awaitReady(Path runDir, URI health, URI page) throws InterruptedException;

        int load(List<String> jvmFlags, URI appUrl, Path outDir, int seconds) throws IOException, InterruptedException;

        void stopApp();

        /** Turns the load JVM's class list into its archive (see {@link ClassDataSharing#dumpLoadArchive}). */
        void dumpLoadArchive() throws IOException, InterruptedException;
    }

    private CdsTraining() {
    }

    static void train(ClassDataSharing cds, List<String> profiles, Hooks hooks, Consumer<String> log)
            throws IOException, InterruptedException {
        for (String profile : profiles) {
            Path archive = cds.appArchive(profile);
            boolean appDone = Files.isRegularFile(archive);
            // The load JVM is trained once; a failed attempt is not repeated for the same jars.
            boolean loadDone = Files.isRegularFile(cds.loadArchive()) || Files.isRegularFile(cds.loadClassList());
            if (appDone && loadDone) {
                continue;
            }
            long start = System.nanoTime();
            Path runDir = Files.createDirectories(cds.dir().resolve("train-" + profile));
            int appPort = FreePort.next();
            int managementPort = FreePort.next();
            URI appUrl = URI.create("http://127.0.0.1:" + appPort);
            URI managementUrl = URI.create("http://127.0.0.1:" + managementPort);
            try {
                hooks.startApp(profile, appDone ? ClassDataSharing.use(archive)
                        : List.of("-XX:ArchiveClassesAtExit=" + archive), runDir, appPort, managementPort);
                hooks.awaitReady(runDir, managementUrl.resolve("/actuator/health"), appUrl.resolve("/"));
                List<String> loadFlags = loadDone ? ClassDataSharing.use(cds.loadArchive())
                        : List.of("-XX:DumpLoadedClassList=" + cds.loadClassList());
                hooks.load(loadFlags, appUrl, runDir.resolve("load"), LOAD_SECONDS);
                if (!loadDone) {
                    hooks.dumpLoadArchive();
                    log.accept("cds: class archive for the load JVM " + (Files.isRegularFile(cds.loadArchive())
                            ? "written" : "NOT written (see " + cds.dir().resolve("load-dump.log") + ")"));
                }
            } finally {
                hooks.stopApp();
            }
            if (appDone) {
                continue;
            }
            log.accept("cds: class archive for " + profile + (Files.isRegularFile(archive) ? " written" : " NOT written (see "
                    + runDir.resolve("app.log") + "); its runs load classes as usual") + " in "
                    + Durations.format((System.nanoTime() - start) / 1_000_000));
        }
    }

}
