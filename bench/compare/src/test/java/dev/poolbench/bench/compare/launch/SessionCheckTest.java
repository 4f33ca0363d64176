package dev.poolbench.bench.compare.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.redis.LocalRedis;
import dev.poolbench.bench.compare.run.RunJvms;
import dev.poolbench.bench.compare.run.RunRecords;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.variant.SessionStore;
import dev.poolbench.bench.redis.server.RespConnection;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's side of --session: the app's environment, the read-back check, the flag, the flush (real redis-server). */
class SessionCheckTest {

    private static RunVariant variant(SessionStore store) {
        return RunVariant.DEFAULT.withSession(store, true);
    }

    /** poolsettings.json as the app writes it, with its {@code session} object. */
    private static ObjectNode settings(String store, String mode, Integer poolSize, int port, boolean matches) {
        ObjectNode s = Fixtures.settings(true);
        ObjectNode session = s.putObject("session");
        session.put("store", store);
        session.put("mode", mode);
        session.put("poolSize", poolSize);
        session.put("port", "redis".equals(store) ? port : null);
        session.put("matchesRequested", matches);
        session.putArray("mismatches").add(matches ? "" : "maxTotal: expected 8, got 4");
        return s;
    }

    @Test
    void theReadBackStoreMustBeThePlannedOne() {
        assertEquals(List.of(), SessionCheck.problems(settings("memory", null, null, 0, true),
                variant(SessionStore.MEMORY), 8, null));
        assertEquals(List.of(), SessionCheck.problems(settings("redis", "pooled", 8, 7000, true),
                variant(SessionStore.REDIS_POOLED), 8, 7000));
        assertEquals(List.of("app keeps its sessions in redis-shared, expected redis-pooled"), SessionCheck.problems(
                settings("redis", "shared", null, 7000, true), variant(SessionStore.REDIS_POOLED), 8, 7000));
        assertEquals(List.of("app's Redis pool size is 4, expected 8"), SessionCheck.problems(
                settings("redis", "pooled", 4, 7000, true), variant(SessionStore.REDIS_POOLED), 8, 7000));
        assertEquals(List.of("app's Redis is on port 6379, expected the comparison's redis-server on 7000"),
                SessionCheck.problems(settings("redis", "shared", null, 6379, true), variant(SessionStore.REDIS_SHARED),
                        8, 7000));
        // An app build from before the session switch: fine for memory, a problem for Redis.
        ObjectNode old = Fixtures.settings(true);
        assertEquals(List.of(), SessionCheck.problems(old, variant(SessionStore.MEMORY), 8, null));
        assertEquals(List.of("the app does not report its session store (poolsettings session); expected redis-shared"),
                SessionCheck.problems(old, variant(SessionStore.REDIS_SHARED), 8, 7000));
    }

    @Test
    void aSessionStoreNotAsRequestedFlagsTheRun() {
        ObjectNode r = RunRecords.build(1, "hikari", 10, "equalized", Fixtures.result(1000, true),
                settings("redis", "pooled", 4, 7000, false), List.of(), "1-hikari-redis-pooled");
        assertTrue(r.path("valid").asBoolean());
        assertTrue(r.path("flagged").asBoolean());
        assertTrue(r.path("problems").get(0).asText().startsWith("session store settings do not match the requested "
                + "ones (poolsettings.json session: [\"maxTotal: expected 8, got 4\"])"), r.path("problems").toString());
        ObjectNode fine = RunRecords.build(1, "hikari", 10, "equalized", Fixtures.result(1000, true),
                settings("redis", "pooled", 8, 7000, true), List.of(), "1-hikari-redis-pooled");
        assertFalse(fine.path("flagged").asBoolean());
    }

    @Test
    void theRecordNamesTheStoreWhenThePlanDoes() {
        ObjectNode r = Json.object();
        SessionCheck.addToRecord(r, RunVariant.DEFAULT);
        assertTrue(r.path("session").isMissingNode());
        SessionCheck.addToRecord(r, variant(SessionStore.MEMORY));
        assertEquals("memory", r.path("session").asText());
        ObjectNode remote = Json.object();
        SessionCheck.addReadBack(remote, settings("memory", null, null, 0, true));
        assertTrue(remote.path("session").isMissingNode());
        SessionCheck.addReadBack(remote, settings("redis", "pooled", 8, 6379, true));
        assertEquals("redis-pooled", remote.path("session").asText());
    }

    @Test
    void theAppGetsTheStoreAndTheComparisonsRedisServer(@TempDir Path dir) throws Exception {
        assertEquals(Map.of("POOLBENCH_SESSION_STORE", "memory"),
                RunJvms.sessionEnvironment(SessionStore.MEMORY, 8, null));
        assertThrows(IllegalStateException.class, () -> RunJvms.sessionEnvironment(SessionStore.REDIS_SHARED, 8, null));
        try (LocalRedis redis = LocalRedis.start(dir.resolve("redis"), line -> { })) {
            assertEquals(Map.of("POOLBENCH_SESSION_STORE", "redis", "POOLBENCH_REDIS_MODE", "pooled",
                    "POOLBENCH_REDIS_POOL_SIZE", "16", "POOLBENCH_REDIS_HOST", "127.0.0.1",
                    "POOLBENCH_REDIS_PORT", String.valueOf(redis.port())),
                    RunJvms.sessionEnvironment(SessionStore.REDIS_POOLED, 16, redis));
            assertEquals(Map.of("POOLBENCH_SESSION_STORE", "redis", "POOLBENCH_REDIS_MODE", "shared",
                    "POOLBENCH_REDIS_POOL_SIZE", "16", "POOLBENCH_REDIS_HOST", "127.0.0.1",
                    "POOLBENCH_REDIS_PORT", String.valueOf(redis.port())),
                    RunJvms.sessionEnvironment(SessionStore.REDIS_SHARED, 16, redis));
            try (RespConnection c = RespConnection.open(redis.host(), redis.port(), 2_000)) {
                c.command("HSET", "poolbench:session:sessions:x", "a", "1");
                assertEquals(1L, c.command("DBSIZE"));
                redis.flushAll();
                assertEquals(0L, c.command("DBSIZE"));
            }
            assertTrue(redis.version().matches("[0-9]+\\.[0-9]+.*"), redis.version());
            assertEquals(redis.port(), redis.environment().path("port").asInt());
        }
    }
}
