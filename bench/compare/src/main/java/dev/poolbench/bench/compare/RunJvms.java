package dev.poolbench.bench.compare;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The two JVMs of a local run: the app JVM (on the variant's JDK, with the rendered
 * {@code webapp/jvm.options}, its class-data sharing archive and the pool's environment) and the
 * load JVM ({@code LoadMain run} with {@link Comparison#LOAD_JVM_OPTIONS}). Also used by the
 * class-data sharing training ({@link CdsPreparation}).
 */
final class RunJvms {

    private final CompareOptions options;
    private final String java;
    private final Path data;
    private final Path dir;
    // Read at each use: the shutdown hook closes and clears them.
    private final Supplier<LocalDatabase> database;
    private final Supplier<DbProxy> dbProxy;
    private Path webappJar;
    private Path loadLib;
    private ClassDataSharing cds;

    RunJvms(CompareOptions options, String java, Path data, Path dir, Supplier<LocalDatabase> database,
            Supplier<DbProxy> dbProxy, Path webappJar, Path loadLib) {
        this.options = options;
        this.java = java;
        this.data = data;
        this.dir = dir;
        this.database = database;
        this.dbProxy = dbProxy;
        this.webappJar = webappJar;
        this.loadLib = loadLib;
    }

    Path webappJar() {
        return webappJar;
    }

    Path loadLib() {
        return loadLib;
    }

    ClassDataSharing cds() {
        return cds;
    }

    /** From now on the app and load JVMs run with the class-data sharing archives (and jars) of {@code cds}. */
    void useCds(ClassDataSharing cds) {
        this.cds = cds;
        this.webappJar = cds.appJar();
        this.loadLib = cds.loadLib();
    }

    /** The app JVM of a planned run, with its class archive when it runs on the runner's JDK. */
    Process startApp(RunPlan.Planned planned, Path runDir, int appPort, int managementPort) throws IOException {
        // The class archives are the runner JDK's: an app on another JDK starts without one.
        return startApp(planned.appProfile(), planned.poolSize(), planned.variant(), runDir, appPort, managementPort,
                cds == null || !planned.variant().onRunnerJdk() ? List.of()
                        : ClassDataSharing.use(cds.appArchive()));
    }

    /** Starts the app JVM on the variant's JDK and thread mode (JFR on when the plan has virtual threads). */
    Process startApp(String profile, Integer poolSize, RunVariant variant, Path runDir, int appPort, int managementPort,
                     List<String> extraFlags) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(variant.java(java));
        command.addAll(JvmOptionsTemplate.render(options.jvmOptions, templateValues(options, runDir.toAbsolutePath())));
        command.addAll(extraFlags);
        if (options.appJfr()) {
            Path jfc = dir.resolve(AppJfr.SETTINGS_FILE);
            command.addAll(AppJfr.flags(Files.isRegularFile(jfc) ? jfc : AppJfr.writeSettings(dir), runDir));
        }
        command.add("-jar");
        command.add(webappJar.toString());
        command.add("--spring.profiles.active=" + profile);
        Map<String, String> env = new LinkedHashMap<>();
        env.put("ISU4_DB_HOST", "127.0.0.1");
        // Through the distance proxy when there is one (the reset goes to the database directly).
        LocalDatabase db = database.get();
        DbProxy proxy = dbProxy.get();
        env.put("ISU4_DB_PORT", String.valueOf(proxy != null ? proxy.port() : db.port()));
        env.put("ISU4_DB_USER", db.user());
        env.put("ISU4_DB_PASSWORD", db.password());
        env.put("ISU4_DB_NAME", LocalDatabase.DATABASE);
        env.put("POOLBENCH_POOL_MODE", options.poolMode);
        if (poolSize != null) {
            env.put("POOLBENCH_POOL_SIZE", String.valueOf(poolSize));
        }
        env.put("POOLBENCH_THREADS", variant.threads().label());
        env.put("SERVER_PORT", String.valueOf(appPort));
        env.put("POOLBENCH_MANAGEMENT_PORT", String.valueOf(managementPort));
        Files.writeString(runDir.resolve("app-command.txt"), String.join(" ", command) + "\n"
                + env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).reduce((a, b) -> a + "\n" + b)
                .orElse("") + "\n");
        if (options.cpus != null) {
            command = options.cpus.wrap("app", command);
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(runDir.resolve("app.log").toFile());
        builder.environment().putAll(env);
        return builder.start();
    }

    static Map<String, String> templateValues(CompareOptions options, Path logDir) {
        return Map.of("heap", options.heap, "gc", options.gc, "log_dir", logDir.toString());
    }

    /** The load JVM of a measured run, with its class archive (see {@link #loadCommand}). */
    List<String> measuredLoadCommand(Path loadJar, URI appUrl, Path runDir, String label, boolean awaitStart) {
        return loadCommand(loadJar, appUrl, runDir, options.durationSeconds, label,
                CdsPreparation.loadFlags(cds), true, awaitStart);
    }

    /**
     * @param measured     a measured run (with the in-JVM warm-up when there is one, the report
     *                     check); otherwise a plain unscored run (the class-data-sharing training)
     * @param awaitStart   the JVM reads its data, prints {@code ready} and waits for a line before
     *                     its first request, and prints {@code load-done} after the measured load
     */
    List<String> loadCommand(Path loadJar, URI appUrl, Path outDir, int seconds, String label, List<String> extraFlags,
                             boolean measured, boolean awaitStart) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(Comparison.LOAD_JVM_OPTIONS);
        command.addAll(extraFlags);
        if (!measured || !options.gatlingReport) {
            // Gatling's HTML report costs seconds of fixed cost per run; off unless asked for.
            command.add("-Dpoolbench.htmlReport=false");
        }
        if (measured && options.warmupSeconds > 0) {
            // The warm-up runs in the measured run's JVM (out/warmup); it waits on stdin for the reset.
            command.add("-Dpoolbench.warmup=" + options.warmupSeconds);
            command.add("-Dpoolbench.awaitMeasure=true");
        }
        if (awaitStart) {
            command.add("-Dpoolbench.awaitStart=true");
        }
        command.add("-cp");
        command.add(cds != null ? cds.loadClassPath() : loadJar + File.pathSeparator + loadLib + File.separator + "*");
        command.add(Comparison.LOAD_MAIN);
        command.add("run");
        command.add("--base-url=" + appUrl);
        command.add("--data=" + data.toAbsolutePath());
        if (options.workload != null) {
            command.add("--workload=" + options.workload);
        }
        command.add("--duration=" + seconds);
        command.add("--out=" + outDir.toAbsolutePath());
        // The same load seed for every run: each pool faces the same random draws (as far as
        // the server's timing lets the flows line up).
        command.add("--seed=" + options.seed);
        command.add("--label=" + label);
        if (!measured) {
            command.add("--no-report-check");
        }
        return options.cpus == null ? command : options.cpus.wrap("load", command);
    }
}
