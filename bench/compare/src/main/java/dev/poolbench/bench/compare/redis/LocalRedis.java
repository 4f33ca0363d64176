package dev.poolbench.bench.compare.redis;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Durations;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.redis.server.RedisServerProcess;
import dev.poolbench.bench.redis.server.RespConnection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The comparison's redis-server, started once when the plan has a Redis session store: a child
 * process on a free loopback port (no RDB, no AOF), its files (the log) in the results
 * directory's {@code redis/}, stopped with the site. A missing binary is
 * {@link RedisServerProcess#NOT_FOUND}, one line ({@link #requireBinary}). {@link #restart} stops
 * it and starts it again on the same port ({@code faults --scenarios redis-restart}).
 */
public final class LocalRedis implements AutoCloseable {

    /** Replaced by {@link #restart}; the port and the directory stay the same. */
    private volatile RedisServerProcess server;
    private final String version;

    private LocalRedis(RedisServerProcess server) {
        this.server = server;
        this.version = server.version();
    }

    /**
     * Fails with the launcher's one line ({@code redis-server not found: apt-get install redis-server},
     * an IllegalStateException) when there is no binary to start.
     */
    public static void requireBinary() {
        RedisServerProcess.binary();
    }

    /** Starts the server with its files in {@code dir}. */
    public static LocalRedis start(Path dir, Consumer<String> log) throws IOException {
        RedisServerProcess server = RedisServerProcess.startIn(dir);
        try {
            LocalRedis redis = new LocalRedis(server);
            log.accept("redis-server " + redis.version + " on " + server.host() + ":" + server.port()
                    + " (files in " + dir + ")");
            return redis;
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    public String host() {
        return server.host();
    }

    public int port() {
        return server.port();
    }

    /** {@code redis_version} of the server. */
    public String version() {
        return version;
    }

    public long pid() {
        return server.pid();
    }

    public boolean isAlive() {
        return server.isAlive();
    }

    /** Every key gone (FLUSHALL, synchronous): a run starts with no sessions. */
    public void flushAll() {
        try (RespConnection c = server.connect()) {
            Object reply = c.command("FLUSHALL", "SYNC");
            if (!"OK".equals(reply)) {
                throw new IllegalStateException("redis-server answered FLUSHALL with " + reply);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot flush the redis-server on port " + port() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The server stopped (SHUTDOWN NOSAVE: every session gone, every client connection closed),
     * kept away for {@code downMillis} counted from the stop's start, then started again on the
     * same port and directory; returns once it answers PING. What was stored is lost, as in a
     * Redis without persistence.
     *
     * @return how long the stop and the start took, e.g. "stop 0.1s, start 0.2s"
     */
    public String restart(long downMillis) throws IOException, InterruptedException {
        long begin = System.nanoTime();
        RedisServerProcess stopped = server;
        stopped.close();
        long stopMillis = (System.nanoTime() - begin) / 1_000_000;
        long left = downMillis - stopMillis;
        if (left > 0) {
            Thread.sleep(left);
        }
        long startBegin = System.nanoTime();
        server = RedisServerProcess.startIn(stopped.dir(), stopped.port());
        long startMillis = (System.nanoTime() - startBegin) / 1_000_000;
        return "stop " + Durations.format(stopMillis) + ", start " + Durations.format(startMillis);
    }

    /** Facts for environment.json: version, address, where its files are. */
    public ObjectNode environment() {
        ObjectNode n = Json.object();
        n.put("version", version);
        n.put("host", host());
        n.put("port", port());
        n.put("dir", server.dir().toString());
        n.put("binary", RedisServerProcess.binary().toString());
        return n;
    }

    /** SHUTDOWN NOSAVE (killed if it lingers); safe to call twice. */
    @Override
    public void close() {
        server.close();
    }

    /** Closes a server that may be null. */
    public static void closeQuietly(LocalRedis redis) {
        if (redis != null) {
            redis.close();
        }
    }
}
