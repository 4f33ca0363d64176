package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.jvm.CdsTraining;
import dev.poolbench.bench.compare.jvm.ClassDataSharing;
import dev.poolbench.bench.compare.launch.AppProcess;
import dev.poolbench.bench.compare.launch.LiveApps;
import dev.poolbench.bench.compare.launch.LoadProcess;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.variant.ThreadMode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/** {@code --cds}: class-data sharing prepared for a {@link Comparison}, archives trained where missing. */
final class CdsPreparation {

    private CdsPreparation() {
    }

    /**
     * Class-data sharing prepared for every app build of the plan (each jar its own archives),
     * archives trained where missing; returns the load jar to run.
     */
    static Path prepare(RunJvms jvms, LiveApps apps, String java, Path loadJar, List<String> profiles,
                        ObjectNode environment, CompareOptions options, Consumer<String> log)
            throws IOException, InterruptedException {
        Map<String, ClassDataSharing> prepared = new LinkedHashMap<>();
        ObjectNode node = environment.putObject("classDataSharing");
        // One training per build, on the first profile (its A/A copy is the same app).
        String trained = CompareOptions.appProfile(profiles.get(0));
        for (RunVariant variant : buildsOf(options)) {
            String build = RunJvms.buildKey(variant);
            ClassDataSharing cds = ClassDataSharing.prepare(java, jvms.appJar(variant), loadJar, jvms.loadLib(),
                    log);
            prepared.put(build, cds);
            jvms.useCds(variant, cds);
            ObjectNode buildNode = build.isEmpty() ? node : node.putObject(build);
            if (!build.isEmpty()) {
                log.accept("cds: app build " + build);
            }
            CdsTraining.train(cds, trained, hooks(jvms, apps, java, cds, variant, options), log);
            for (RunVariant onJdk : aotJdksOf(options, variant)) {
                CdsTraining.trainAotCache(cds, onJdk.jdkVersion(), trained, hooks(jvms, apps, java, cds, onJdk, options),
                        log);
                buildNode.put("aotCacheJdk" + onJdk.jdkVersion(), Files.isRegularFile(cds.aotCache(onJdk.jdkVersion())));
            }
            buildNode.put("dir", cds.dir().toString());
            buildNode.put("loadArchive", Files.isRegularFile(cds.loadArchive()));
            buildNode.put("appArchive", Files.isRegularFile(cds.appArchive()));
            buildNode.put("appArchiveTrainedOn", trained);
        }
        ClassDataSharing.keepOnly(prepared.values());
        return prepared.values().iterator().next().loadJar();
    }

    /** One variant per app build (platform threads, the runner's JDK: the archives are its own). */
    private static List<RunVariant> buildsOf(CompareOptions options) {
        return options.appBuilds == null ? List.of(RunVariant.DEFAULT)
                : options.appBuilds.stream().map(RunVariant.DEFAULT::withApp).toList();
    }

    /**
     * One variant per JDK of the plan that takes an AOT cache (JDK 25+), on platform threads and
     * the given build: each gets its own training.
     */
    static List<RunVariant> aotJdksOf(CompareOptions options, RunVariant build) {
        Map<Integer, RunVariant> byFeature = new LinkedHashMap<>();
        for (RunVariant v : options.variants) {
            if (v.feature() >= ClassDataSharing.AOT_CACHE_SINCE) {
                byFeature.putIfAbsent(v.feature(), new RunVariant(ThreadMode.PLATFORM, v.jdk(), build.app(), false,
                        false));
            }
        }
        return List.copyOf(byFeature.values());
    }

    /** What the training borrows from the comparison, for an app on {@code build}'s JDK and jar. */
    private static CdsTraining.Hooks hooks(RunJvms jvms, LiveApps apps, String java, ClassDataSharing cds,
                                           RunVariant build, CompareOptions options) {
        AtomicReference<Process> app = new AtomicReference<>();
        return new CdsTraining.Hooks() {
            @Override
            public void startApp(String profile, List<String> flags, Path runDir, int appPort, int mgmtPort)
                    throws IOException {
                // On the variant's JDK (the runner's for the class archives), on platform threads.
                Process p = jvms.startApp(profile, options.sizes().get(0), build, runDir, appPort, mgmtPort, flags);
                app.set(p);
                apps.add(p);
            }

            @Override
            public void awaitReady(Path runDir, URI health, URI page) throws InterruptedException {
                AppProcess.awaitReady(app.get(), runDir.resolve("app.log"), health, page, AppProcess.HEALTH_TIMEOUT);
            }

            @Override
            public int load(List<String> flags, URI appUrl, Path outDir, int seconds)
                    throws IOException, InterruptedException {
                Files.createDirectories(outDir);
                return LoadProcess.run(jvms.loadCommand(cds, cds.loadJar(), appUrl, outDir, seconds,
                        "cds-training", flags, false, false), outDir.resolve("load.log"), (left, success, fail) -> { });
            }

            @Override
            public void stopApp(Duration grace) {
                Process p = apps.remove(app.getAndSet(null));
                if (p != null) {
                    AppProcess.stop(p, grace);
                }
            }

            @Override
            public void dumpLoadArchive() throws IOException, InterruptedException {
                cds.dumpLoadArchive(java, LoadProcess.LOAD_JVM_OPTIONS);
            }
        };
    }

    /** The load JVM's class-data sharing flags; none without {@code --cds}. */
    static List<String> loadFlags(ClassDataSharing cds) {
        return cds == null ? List.of() : ClassDataSharing.use(cds.loadArchive());
    }
}
