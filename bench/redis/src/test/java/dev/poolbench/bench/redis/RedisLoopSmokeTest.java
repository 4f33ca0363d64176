package dev.poolbench.bench.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.redis.client.ClientKind;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loop's smallest cell for every kind of client (1 thread, 20 SETs), on platform threads and,
 * on JDK 21+, on virtual threads, against a real redis-server started by the run; then the
 * outputs. A few seconds in all.
 */
class RedisLoopSmokeTest {

    @Test
    void smallestCellOfEachClientRunsAndIsWritten(@TempDir Path out) throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        int status;
        try (PrintStream print = new PrintStream(progress, true, StandardCharsets.UTF_8)) {
            PrintStream saved = System.out;
            System.setOut(print);
            try {
                status = RedisMain.run("--clients", "lettuce-shared,lettuce-pooled,lettuce-pool-8,lettuce-pool-8-fair,jedis-pooled",
                        "--threads", "1", "--sets-per-thread", "20", "--warmup-sets", "20", "--out", out.toString());
            } finally {
                System.setOut(saved);
            }
        }
        String printed = progress.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, printed);
        int modes = ThreadMode.virtualAvailable() ? 2 : 1;
        List<String> cells = printed.lines().filter(l -> l.startsWith("cell\t")).toList();
        assertEquals(5 * modes, cells.size(), printed);
        for (String cell : cells) {
            assertTrue(cell.contains("outcome:ok") && cell.contains("errors:0"), cell);
            // One thread: one connection, whatever the client (the pool opens only what it needs).
            assertTrue(cell.contains("connections:1\t"), cell);
        }
        for (String file : List.of("redis.txt", "redis.md", "cells.json", "redis-platform.png", "server/redis-server.log")) {
            assertTrue(Files.size(out.resolve(file)) > 0, file);
        }
        assertTrue(Files.readString(out.resolve("cells.json")).contains("\"sets\" : 20"));

        // --replot draws the same table again from cells.json, measuring nothing.
        String table = Files.readString(out.resolve("redis.md"));
        Files.delete(out.resolve("redis.md"));
        Files.delete(out.resolve("redis-platform.png"));
        assertEquals(0, RedisMain.run("--replot", out.toString()));
        assertEquals(table, Files.readString(out.resolve("redis.md")));
        assertTrue(Files.size(out.resolve("redis-platform.png")) > 0);
    }

    @Test
    void clientNames() {
        assertEquals(5, ClientKind.parse("lettuce-pooled").maxConnections(5));
        assertEquals(8, ClientKind.parse("lettuce-pool-8").maxConnections(5000));
        assertEquals(1, ClientKind.parse("lettuce-shared").maxConnections(5000));
        assertEquals(16, ClientKind.parse("jedis-pool-16").maxConnections(100));
        assertTrue(ClientKind.parse("jedis-pool-16-fair").fair());
        assertEquals(8, ClientKind.parse("lettuce-pool-8-fair").maxConnections(5000));
        assertFalse(ClientKind.parse("lettuce-pool-8").fair());
        for (String bad : List.of("jedis-shared", "lettuce", "lettuce-pool-0", "netty-pooled", "lettuce-pooled-fair",
                "lettuce-shared-fair")) {
            try {
                ClientKind.parse(bad);
                throw new AssertionError(bad + " was accepted");
            } catch (IllegalArgumentException expected) {
                assertTrue(expected.getMessage().contains(bad));
            }
        }
    }

    @Test
    void aConnectionThatCannotOpenIsAMeasuredKind() {
        assertEquals(CellRunner.CONNECT_TIMEOUT,
                CellRunner.errorKind(new RuntimeException(new java.net.SocketTimeoutException("Connect timed out"))));
        assertEquals(CellRunner.POOL_WAIT_TIMEOUT,
                CellRunner.errorKind(new java.util.NoSuchElementException("Timeout waiting for idle object")));
        assertEquals("ConnectException", CellRunner.errorKind(new RuntimeException(new java.net.ConnectException("refused"))));
    }

    @Test
    void badOptionsAreUsageErrors() {
        assertEquals(2, RedisMain.run("--clients", "jedis-shared"));
        assertEquals(2, RedisMain.run("--threads", "0"));
        assertEquals(2, RedisMain.run("--sets-per-thread", "x"));
        assertEquals(2, RedisMain.run("--replot", "no/such/dir"));
        assertEquals(0, dev.poolbench.cli.Cli.optionsWithoutDefault(
                dev.poolbench.cli.Cli.commandLine(new RedisOptions())).size());
    }
}
