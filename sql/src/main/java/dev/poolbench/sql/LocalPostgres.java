package dev.poolbench.sql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of the machine's own binaries (Debian's {@code postgresql} package, found
 * under {@code /usr/lib/postgresql/<version>/bin}, or {@code POOLBENCH_PG_BIN}), configured by
 * sql/postgres/postgresql.conf, for the local comparison and the integration tests.
 *
 * <p>Layout under {@code baseDir}: {@code data/} the cluster (initdb once, kept so loaded data
 * survives a restart), {@code postgres.log}. PostgreSQL refuses to run as root: as root the server
 * runs as the system user {@code postgres} (setpriv, no fork: the process started is the server),
 * which then owns {@code data/}. Superuser {@code postgres}, trust authentication, TCP on
 * 127.0.0.1 only (no Unix socket).
 */
public final class LocalPostgres implements DatabaseServer {
    static final String CONFIG = SqlScripts.RESOURCE_DIR + "postgres/postgresql.conf";
    private static final String SYSTEM_USER = "postgres";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final Process server;
    private final int port;
    private final String version;
    private final Duration startupTime;
    /** Stops the server if the JVM exits first; removed by close(), so a runner that starts and stops
     * the server per run does not gather one hook (and one server reference) per start. */
    private final Thread stopAtExit;

    private LocalPostgres(Process server, int port, String version, Duration startupTime) {
        this.server = server;
        this.port = port;
        this.version = version;
        this.startupTime = startupTime;
        this.stopAtExit = new Thread(() -> stop(server), "poolbench-postgres-stop");
    }

    /**
     * Starts the server and waits until it accepts connections.
     *
     * @param port TCP port on 127.0.0.1, or 0 for a free one
     * @param baseDir directory of the cluster and the log; reused across starts
     */
    public static LocalPostgres start(int port, Path baseDir) {
        long startNanos = System.nanoTime();
        Path bin = binaries();
        Path base = baseDir.toAbsolutePath().normalize();
        Path data = base.resolve("data");
        try {
            Files.createDirectories(base);
            boolean root = "root".equals(System.getProperty("user.name"));
            if (!Files.isRegularFile(data.resolve("PG_VERSION"))) {
                initdb(bin, data, root);
            }
            int actualPort = port == 0 ? freePort() : port;
            List<String> command = asServerUser(root, bin.resolve("postgres").toString(), "-D", data.toString(),
                    "-p", String.valueOf(actualPort), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=");
            command.addAll(settings());
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(base.resolve("postgres.log").toFile())).start();
            String version = awaitReady(process, actualPort, base);
            LocalPostgres server = new LocalPostgres(process, actualPort, version,
                    Duration.ofNanos(System.nanoTime() - startNanos));
            Runtime.getRuntime().addShutdownHook(server.stopAtExit);
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start PostgreSQL in " + base + ": " + e.getMessage(), e);
        }
    }

    /** The server binaries' directory, or a one-line error naming what to install. */
    public static Path binaries() {
        String configured = System.getenv("POOLBENCH_PG_BIN");
        if (configured != null && !configured.isBlank()) {
            Path bin = Path.of(configured);
            if (Files.isExecutable(bin.resolve("postgres")) && Files.isExecutable(bin.resolve("initdb"))) {
                return bin;
            }
            throw new IllegalStateException("POOLBENCH_PG_BIN=" + configured + " holds no postgres and initdb");
        }
        try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("postgres")))
                    .max(Comparator.comparingInt(b -> Integer.parseInt(b.getParent().getFileName().toString().replaceAll("\\D", "0"))))
                    .orElseThrow();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("PostgreSQL server binaries not found (no /usr/lib/postgresql/<version>/bin/postgres):"
                    + " install the Debian package postgresql, or set POOLBENCH_PG_BIN to the directory of postgres and initdb");
        }
    }

    private static void initdb(Path bin, Path data, boolean root) throws IOException {
        Files.createDirectories(data);
        if (root) {
            chownToServerUser(data);
        }
        List<String> command = asServerUser(root, bin.resolve("initdb").toString(), "-D", data.toString(),
                "-U", SYSTEM_USER, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync");
        Process initdb = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(initdb.getInputStream().readAllBytes());
        try {
            if (initdb.waitFor() != 0) {
                throw new IllegalStateException("initdb of " + data + " failed: " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during initdb of " + data);
        }
    }

    private static List<String> asServerUser(boolean root, String... command) {
        List<String> line = new ArrayList<>();
        if (root) {
            // PostgreSQL refuses root; setpriv execs (no extra process), so the child is the server.
            line.addAll(List.of("setpriv", "--reuid=" + SYSTEM_USER, "--regid=" + SYSTEM_USER, "--init-groups", "--"));
        }
        line.addAll(List.of(command));
        return line;
    }

    private static void chownToServerUser(Path dir) throws IOException {
        UserPrincipalLookupService lookup = dir.getFileSystem().getUserPrincipalLookupService();
        UserPrincipal user;
        GroupPrincipal group;
        try {
            user = lookup.lookupPrincipalByName(SYSTEM_USER);
            group = lookup.lookupPrincipalByGroupName(SYSTEM_USER);
        } catch (IOException e) {
            throw new IllegalStateException("PostgreSQL refuses to run as root and there is no system user '"
                    + SYSTEM_USER + "' to run it as (the Debian package postgresql creates it)");
        }
        PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class);
        view.setOwner(user);
        view.setGroup(group);
    }

    /** Every "name = value" line of postgresql.conf as "-c name=value". */
    static List<String> settings() {
        List<String> options = new ArrayList<>();
        for (String line : SqlScripts.text(CONFIG).split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            int eq = trimmed.indexOf('=');
            if (eq < 0) {
                throw new IllegalStateException(CONFIG + ": expected 'name = value', found: " + trimmed);
            }
            options.add("-c");
            options.add(trimmed.substring(0, eq).strip() + "=" + trimmed.substring(eq + 1).strip().replace("'", ""));
        }
        return options;
    }

    private static String awaitReady(Process process, int port, Path base) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        SQLException last = null;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("PostgreSQL exited with " + process.exitValue() + " at start: "
                        + lastLogLine(base) + " (log: " + base.resolve("postgres.log") + ")");
            }
            try (Connection c = DriverManager.getConnection(url(port, "postgres"), SYSTEM_USER, "");
                 Statement s = c.createStatement(); ResultSet r = s.executeQuery("SHOW server_version")) {
                r.next();
                return "PostgreSQL " + r.getString(1).split(" ")[0];
            } catch (SQLException e) {
                last = e;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        stop(process);
        throw new IllegalStateException("PostgreSQL did not accept connections on port " + port + " within "
                + START_TIMEOUT.toSeconds() + " s: " + (last == null ? "" : last.getMessage()));
    }

    private static String lastLogLine(Path base) {
        try {
            List<String> lines = Files.readAllLines(base.resolve("postgres.log"));
            return lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1);
        } catch (IOException e) {
            return "(no log)";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    static String url(int port, String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?sslmode=disable";
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String jdbcUrl(String database) {
        return url(port, database);
    }

    @Override
    public String user() {
        return SYSTEM_USER;
    }

    @Override
    public String password() {
        return "";
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public Duration startupTime() {
        return startupTime;
    }

    @Override
    public Optional<Long> pid() {
        return Optional.of(server.pid());
    }

    /** Fast shutdown (SIGINT: clients disconnected, clean checkpoint); the data stays. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(stopAtExit);
        } catch (IllegalStateException exiting) {
            // The JVM is exiting: the hook runs (or ran) stop() itself; stopping twice is harmless.
        }
        stop(server);
    }

    private static void stop(Process process) {
        if (!process.isAlive()) {
            return;
        }
        try {
            new ProcessBuilder("kill", "-INT", String.valueOf(process.pid())).start().waitFor();
            if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (IOException e) {
            process.destroy();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
