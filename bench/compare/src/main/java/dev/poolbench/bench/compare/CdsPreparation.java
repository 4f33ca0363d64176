package dev.poolbench.bench.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** {@code --cds}: class-data sharing prepared for a {@link Comparison}, archives trained where missing. */
final class CdsPreparation {

    private CdsPreparation() {
    }

    /** Class-data sharing prepared, the archives trained if missing; returns the load jar to run. */
    static Path prepare(MeasuredRun run, String java, Path loadJar, List<String> profiles, ObjectNode environment,
                        CompareOptions options, PrintStream out) throws IOException, InterruptedException {
        RunJvms jvms = run.jvms();
        ClassDataSharing cds = ClassDataSharing.prepare(java, jvms.webappJar(), loadJar, jvms.loadLib(), out::println);
        jvms.useCds(cds);
        // One training for the comparison, on the first profile (its A/A copy is the same app).
        String trained = CompareOptions.appProfile(profiles.get(0));
        CdsTraining.train(cds, trained, new CdsTraining.Hooks() {
            @Override
            public void startApp(String profile, List<String> flags, Path runDir, int appPort, int mgmtPort)
                    throws IOException {
                // The archives are the runner JDK's: training runs there, on platform threads.
                run.startApp(profile, options.sizes().get(0), RunVariant.DEFAULT, runDir, appPort, mgmtPort, flags);
            }

            @Override
            public void awaitReady(Path runDir, URI health, URI page) throws InterruptedException {
                AppProcess.awaitReady(run.app(), runDir.resolve("app.log"), health, page, AppProcess.HEALTH_TIMEOUT);
            }

            @Override
            public int load(List<String> flags, URI appUrl, Path outDir, int seconds)
                    throws IOException, InterruptedException {
                Files.createDirectories(outDir);
                return LoadProcess.run(jvms.loadCommand(cds.loadJar(), appUrl, outDir, seconds,
                        "cds-training", flags, false, false), outDir.resolve("load.log"), (left, success, fail) -> { });
            }

            @Override
            public void stopApp(Duration grace) {
                Process app = run.app();
                if (app != null) {
                    AppProcess.stop(app, grace);
                }
                run.stopApp();
            }

            @Override
            public void dumpLoadArchive() throws IOException, InterruptedException {
                cds.dumpLoadArchive(java, Comparison.LOAD_JVM_OPTIONS);
            }
        }, out::println);
        ObjectNode node = environment.putObject("classDataSharing");
        node.put("dir", cds.dir().toString());
        node.put("loadArchive", Files.isRegularFile(cds.loadArchive()));
        node.put("appArchive", Files.isRegularFile(cds.appArchive()));
        node.put("appArchiveTrainedOn", trained);
        return cds.loadJar();
    }

    /** The load JVM's class-data sharing flags; none without {@code --cds}. */
    static List<String> loadFlags(ClassDataSharing cds) {
        return cds == null ? List.of() : ClassDataSharing.use(cds.loadArchive());
    }
}
