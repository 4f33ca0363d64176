package dev.poolbench.bench.redis.server;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real {@code redis-server} as a child process of this JVM: on a free loopback port, its files
 * (log, nothing else: no RDB, no AOF) in a directory of its own, stopped by {@link #close()} or,
 * failing that, when this JVM exits. Never daemonized, so it cannot outlive whoever started it
 * (short of a SIGKILL of the JVM).
 *
 * <p>The binary is {@code redis-server} on the PATH, or the file named by the environment variable
 * or system property {@code POOLBENCH_REDIS_SERVER} (a Valkey build works too). A missing binary
 * is one line: {@value #NOT_FOUND}.
 */
public final class RedisServerProcess implements AutoCloseable {

    public static final String BINARY_SETTING = "POOLBENCH_REDIS_SERVER";
    public static final String NOT_FOUND = "redis-server not found: apt-get install redis-server";
    /** An idle server answers PING within milliseconds of its start; 10 s covers a loaded 2-core box. */
    private static final long START_TIMEOUT_MILLIS = 10_000;
    private static final int IO_TIMEOUT_MILLIS = 5_000;
    /** The loop's widest cell opens 5,000 connections; Redis lowers this to what the fd limit allows. */
    private static final int MAX_CLIENTS = 10_000;
    private static final int PORT_ATTEMPTS = 3;

    private final Process process;
    private final int port;
    private final Path dir;
    private final boolean ownDir;
    private final Thread stopOnExit;

    private RedisServerProcess(Process process, int port, Path dir, boolean ownDir) {
        this.process = process;
        this.port = port;
        this.dir = dir;
        this.ownDir = ownDir;
        this.stopOnExit = new Thread(process::destroyForcibly, "redis-server-stop-on-exit");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
    }

    /** A server on a free port with its files in a fresh temporary directory (deleted on close). */
    public static RedisServerProcess start() throws IOException {
        return start(Files.createTempDirectory("poolbench-redis-"), true);
    }

    /** A server on a free port with its files in {@code dir} (kept on close: a run's directory). */
    public static RedisServerProcess startIn(Path dir) throws IOException {
        Files.createDirectories(dir);
        return start(dir, false);
    }

    /**
     * A server on {@code port} with its files in {@code dir} (its log appended to): the same
     * server started again where a stopped one was, as a restart fault needs. One attempt: the
     * port was the stopped server's a moment ago.
     */
    public static RedisServerProcess startIn(Path dir, int port) throws IOException {
        Files.createDirectories(dir);
        return launch(binary(), port, dir, false);
    }

    private static RedisServerProcess start(Path dir, boolean ownDir) throws IOException {
        Path binary = binary();
        IOException last = null;
        // A free port can be taken between asking for it and the server binding it: try again.
        for (int attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
            int port = freePort();
            try {
                return launch(binary, port, dir, ownDir);
            } catch (IOException e) {
                last = e;
            }
        }
        throw last;
    }

    private static RedisServerProcess launch(Path binary, int port, Path dir, boolean ownDir) throws IOException {
        Path log = dir.resolve("redis-server.log");
        List<String> command = new ArrayList<>(List.of(binary.toString(),
                "--port", String.valueOf(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", dir.toAbsolutePath().toString(),
                "--daemonize", "no", "--maxclients", String.valueOf(MAX_CLIENTS)));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        RedisServerProcess server = new RedisServerProcess(process, port, dir, ownDir);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                server.close();
                throw new IOException("redis-server exited at start (status " + process.exitValue() + "): "
                        + lastLine(log));
            }
            try (RespConnection c = RespConnection.open("127.0.0.1", port, IO_TIMEOUT_MILLIS)) {
                if ("PONG".equals(c.command("PING"))) {
                    return server;
                }
            } catch (IOException notYet) {
                sleep(20);
            }
        }
        server.close();
        throw new IOException("redis-server did not answer PING on port " + port + " within "
                + START_TIMEOUT_MILLIS + " ms: " + lastLine(log));
    }

    /** The binary to start; {@link RedisServerNotFound} ({@value #NOT_FOUND}) when there is none. */
    public static Path binary() {
        String given = System.getProperty(BINARY_SETTING, System.getenv(BINARY_SETTING));
        if (given != null && !given.isBlank()) {
            Path path = Path.of(given);
            if (Files.isExecutable(path)) {
                return path;
            }
            throw new RedisServerNotFound(NOT_FOUND + " (" + BINARY_SETTING + "=" + given + " is not an executable file)");
        }
        String searchPath = System.getenv().getOrDefault("PATH", "");
        for (String entry : searchPath.split(File.pathSeparator)) {
            Path candidate = Path.of(entry.isEmpty() ? "." : entry, "redis-server");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new RedisServerNotFound(NOT_FOUND);
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return port;
    }

    public Path dir() {
        return dir;
    }

    /** The server's process id (a runner counts its CPU as its own work, not a disturbance). */
    public long pid() {
        return process.pid();
    }

    /** A fresh housekeeping connection (the caller closes it). */
    public RespConnection connect() throws IOException {
        return RespConnection.open(host(), port, IO_TIMEOUT_MILLIS);
    }

    /** {@code INFO section} on a connection of its own. */
    public Map<String, String> info(String section) {
        try (RespConnection c = connect()) {
            return c.info(section);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code redis_version} of the running server. */
    public String version() {
        return info("server").getOrDefault("redis_version", "unknown");
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** SHUTDOWN NOSAVE, then the process is killed if it has not gone within 5 s. Idempotent. */
    @Override
    public void close() {
        if (process.isAlive()) {
            try (RespConnection c = connect()) {
                c.command("SHUTDOWN", "NOSAVE");
            } catch (IOException expected) {
                // SHUTDOWN closes the connection without a reply; a dead server cannot answer at all.
            }
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException shuttingDown) {
            // Closed from another shutdown hook: the hook runs anyway and finds the process gone.
        }
        if (ownDir) {
            deleteQuietly(dir);
        }
    }

    @Override
    public String toString() {
        return "redis-server on " + host() + ":" + port + " (files in " + dir + ")";
    }

    /** A port nothing listens on right now (also what a test uses as "Redis is down"). */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.isEmpty() ? "(empty log " + log + ")" : lines.get(lines.size() - 1).trim();
        } catch (IOException e) {
            return "(no log " + log + ")";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while redis-server was starting", e);
        }
    }

    private static void deleteQuietly(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // A leftover temporary directory is harmless.
        }
    }

    /** No redis-server binary: the message is the one line to show. */
    public static final class RedisServerNotFound extends IllegalStateException {
        RedisServerNotFound(String message) {
            super(message);
        }
    }
}
