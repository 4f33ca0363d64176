package dev.poolbench.bench.redis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher against the real binary: files in its own directory, nothing saved, stopped on close. */
class RedisServerProcessTest {

    @Test
    void startsOnAFreePortWithNothingPersistedAndStopsOnClose() throws Exception {
        Path dir;
        RedisServerProcess server = RedisServerProcess.start();
        try (RespConnection c = server.connect()) {
            dir = server.dir();
            assertEquals("OK", c.command("SET", "k", "v"));
            assertEquals("v", c.command("GET", "k"));
            assertEquals("", c.info("persistence").get("aof_enabled").equals("0") ? "" : "aof on");
            assertTrue(Files.exists(dir.resolve("redis-server.log")));
            assertFalse(server.version().isBlank());
        } finally {
            server.close();
        }
        assertFalse(server.isAlive());
        assertFalse(Files.exists(dir), "the temporary directory is removed");
        assertFalse(Files.exists(dir.resolve("dump.rdb")));
    }

    @Test
    void startedAgainOnTheSamePortAndDirectoryWithNothingKept(@TempDir Path dir) throws Exception {
        RedisServerProcess first = RedisServerProcess.startIn(dir);
        int port = first.port();
        try (RespConnection c = first.connect()) {
            assertEquals("OK", c.command("SET", "k", "v"));
        } finally {
            first.close();
        }
        assertFalse(first.isAlive());
        RedisServerProcess again = RedisServerProcess.startIn(dir, port);
        try (RespConnection c = again.connect()) {
            assertEquals(port, again.port());
            assertNull(c.command("GET", "k"), "SHUTDOWN NOSAVE: nothing kept");
        } finally {
            again.close();
        }
        String log = Files.readString(dir.resolve("redis-server.log"));
        assertEquals(2, log.split("Ready to accept connections", -1).length - 1, "one log for both: " + log);
        assertTrue(Files.isDirectory(dir), "a given directory is kept");
    }

    @Test
    void aMissingBinaryIsOneClearLine() {
        String before = System.getProperty(RedisServerProcess.BINARY_SETTING);
        System.setProperty(RedisServerProcess.BINARY_SETTING, "/nonexistent/redis-server");
        try {
            var e = assertThrows(RedisServerProcess.RedisServerNotFound.class, RedisServerProcess::start);
            assertTrue(e.getMessage().startsWith(RedisServerProcess.NOT_FOUND), e.getMessage());
            assertEquals("redis-server not found: apt-get install redis-server", RedisServerProcess.NOT_FOUND);
        } finally {
            if (before == null) {
                System.clearProperty(RedisServerProcess.BINARY_SETTING);
            } else {
                System.setProperty(RedisServerProcess.BINARY_SETTING, before);
            }
        }
    }
}
