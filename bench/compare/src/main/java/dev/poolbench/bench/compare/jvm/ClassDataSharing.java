package dev.poolbench.bench.compare.jvm;

import dev.poolbench.bench.compare.util.Durations;
import dev.poolbench.bench.compare.util.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Application class-data sharing (AppCDS) for the app and load JVMs: a fresh JVM per run
 * spends most of its start-up loading and verifying the same classes; a dynamic archive
 * ({@code -XX:ArchiveClassesAtExit} once, {@code -XX:SharedArchiveFile} after, JDK 13+) maps
 * them instead. It changes how classes get into the JVM, not the code that runs, so the
 * measured run is the same; a missing or stale archive only makes the JVM load classes as
 * usual (the JVM checks it and falls back silently).
 *
 * <p>CDS needs a class path of plain jars that never changes, so everything lives under
 * {@code .poolbench/cds/<key>/}: the app jar extracted with Spring Boot's
 * {@code -Djarmode=tools extract} (a nested-jar fat jar cannot be archived), a copy of the
 * load jar and its lib/, one archive for the app JVM (every profile) and one for the load JVM. The key
 * hashes the jars and the JDK, so a rebuild or another JDK gets a new directory (older ones
 * are removed), and each app build of {@code --app-jar} has its own. The archives are made by one training run
 * before the comparison
 * ({@link CdsTraining}), once per key.
 */
public final class ClassDataSharing {

    static final Path ROOT = Workspace.STATE.resolve("cds");

    private final Path dir;
    private final Path appJar;
    private final Path loadJar;
    private final Path loadLib;

    public ClassDataSharing(Path dir) {
        this.dir = dir;
        this.appJar = dir.resolve("app").resolve("poolbench-webapp.jar");
        this.loadJar = dir.resolve("load").resolve("poolbench-load.jar");
        this.loadLib = dir.resolve("load").resolve("lib");
    }

    /** Extracts and copies the jars into the cache directory of their key, unless done before. */
    public static ClassDataSharing prepare(String java, Path webappJar, Path loadJarFile, Path loadLibDir, Consumer<String> log)
            throws IOException, InterruptedException {
        String key = key(webappJar, loadJarFile, loadLibDir);
        Path dir = ROOT.toAbsolutePath().resolve(key);
        ClassDataSharing cds = new ClassDataSharing(dir);
        Path done = dir.resolve(".prepared");
        if (Files.isRegularFile(done)) {
            return cds;
        }
        long start = System.nanoTime();
        Files.createDirectories(dir);
        Process p = new ProcessBuilder(java, "-Djarmode=tools", "-jar", webappJar.toString(), "extract",
                "--destination", dir.resolve("app").toString(), "--force")
                .redirectErrorStream(true).redirectOutput(dir.resolve("extract.log").toFile()).start();
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0 || !Files.isRegularFile(cds.appJar)) {
            throw new IllegalStateException("could not extract the app jar for class-data sharing (see "
                    + dir.resolve("extract.log") + "); --cds off runs without it");
        }
        Files.createDirectories(cds.loadLib);
        Files.copy(loadJarFile, cds.loadJar(), StandardCopyOption.REPLACE_EXISTING);
        try (Stream<Path> jars = Files.list(loadLibDir)) {
            for (Path jar : jars.sorted().toList()) {
                Files.copy(jar, cds.loadLib().resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.writeString(done, key + "\n");
        log.accept("cds: app jar extracted and load jars copied to " + dir + " in "
                + Durations.format((System.nanoTime() - start) / 1_000_000));
        return cds;
    }

    public Path dir() {
        return dir;
    }

    /** The extracted app jar, run with {@code -jar} (its lib/ lies beside it). */
    public Path appJar() {
        return appJar;
    }

    public Path loadJar() {
        return loadJar;
    }

    Path loadLib() {
        return loadLib;
    }

    /**
     * The app JVM's archive, one for every profile: trained on one profile, it holds Spring,
     * Tomcat, the driver and the rest that every profile loads; another profile's pool classes
     * load from the jar as usual (start-up only: the code that runs is the same).
     */
    public Path appArchive() {
        return dir.resolve("app.jsa");
    }

    public Path loadArchive() {
        return dir.resolve("load.jsa");
    }

    /**
     * The app JVM's AOT cache for a JDK of feature release {@value #AOT_CACHE_SINCE} or newer
     * (JEP 483/514/515: classes loaded and linked, and the method profiles of the training run,
     * so C2 compiles the hot paths without first profiling them under the measured load). One
     * per JDK version and app build, for every profile, like {@link #appArchive()}; the name
     * holds the JDK's full version, so an updated JDK trains a new cache instead of being
     * refused the old one at every run.
     */
    public Path aotCache(String jdkVersion) {
        return dir.resolve("app-jdk" + jdkVersion + ".aot");
    }

    /** JDK 25 made the AOT cache a one-step training ({@code -XX:AOTCacheOutput}, JEP 514) with profiles (JEP 515). */
    public static final int AOT_CACHE_SINCE = 25;

    /** The flag of a run on a JDK with AOT caches: use the cache when it exists, else nothing. */
    public static List<String> useAotCache(Path cache) {
        return Files.isRegularFile(cache) ? List.of("-XX:AOTCache=" + cache) : List.of();
    }

    /** The class list the load JVM's training run writes ({@code -XX:DumpLoadedClassList}). */
    Path loadClassList() {
        return dir.resolve("load.classlist");
    }

    /**
     * The load JVM's archive is static ({@code -Xshare:dump} from the class list of a training
     * run) and holds no lambda proxies ({@code @lambda-proxy} lines dropped): JDK 17 crashed
     * archiving Gatling's lambda proxies, dynamically and statically alike
     * ({@code SystemDictionaryShared::adjust_lambda_proxy_class_dictionary}).
     */
    public void dumpLoadArchive(String java, List<String> loadJvmOptions) throws IOException, InterruptedException {
        if (!Files.isRegularFile(loadClassList()) || Files.isRegularFile(loadArchive())) {
            return;
        }
        Path classes = dir.resolve("load.classlist.nolambda");
        Files.write(classes, Files.readAllLines(loadClassList(), StandardCharsets.UTF_8).stream()
                .filter(line -> !line.startsWith("@lambda")).toList(), StandardCharsets.UTF_8);
        List<String> command = new java.util.ArrayList<>(List.of(java, "-Xshare:dump",
                "-XX:SharedClassListFile=" + classes, "-XX:SharedArchiveFile=" + loadArchive()));
        command.addAll(loadJvmOptions);
        command.addAll(List.of("-cp", loadClassPath()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("load-dump.log").toFile()).start();
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            Files.deleteIfExists(loadArchive());
        }
    }

    /** The load JVM's class path, the same string at dump time and at every run (CDS checks it). */
    public String loadClassPath() {
        return loadJar + java.io.File.pathSeparator + loadLib + java.io.File.separator + "*";
    }

    /** The flag of a run: use the archive when it exists, else nothing (classes load as usual). */
    public static List<String> use(Path archive) {
        return Files.isRegularFile(archive) ? List.of("-XX:SharedArchiveFile=" + archive) : List.of();
    }

    private static String key(Path webappJar, Path loadJar, Path loadLib) throws IOException {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(Files.readAllBytes(webappJar));
            d.update(Files.readAllBytes(loadJar));
            try (Stream<Path> jars = Files.list(loadLib)) {
                for (Path jar : jars.sorted().toList()) {
                    d.update((jar.getFileName() + ":" + Files.size(jar) + "\n").getBytes(StandardCharsets.UTF_8));
                }
            }
            d.update((System.getProperty("java.home") + System.getProperty("java.vm.version"))
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Removes the cache directories of every other key: older builds' archives. With
     * {@code --app-jar} each build has its own key, and all of them stay.
     */
    public static void keepOnly(java.util.Collection<ClassDataSharing> inUse) {
        Path root = ROOT.toAbsolutePath();
        if (!Files.isDirectory(root)) {
            return;
        }
        java.util.Set<Path> keep = inUse.stream().map(c -> c.dir().getFileName()).collect(
                java.util.stream.Collectors.toSet());
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path old : dirs.filter(d -> !keep.contains(d.getFileName())).toList()) {
                try (Stream<Path> tree = Files.walk(old)) {
                    tree.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // an old cache left behind costs disk space only
        }
    }
}
