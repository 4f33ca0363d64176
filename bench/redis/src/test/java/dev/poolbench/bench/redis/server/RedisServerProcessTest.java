package dev.poolbench.bench.redis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

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
