package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.jvm.JdkHome;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.launch.ThreadsCheck;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.report.Summary;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.SessionStore;
import dev.poolbench.bench.compare.variant.ThreadMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --session and --redis-pool-size: parsing, usage errors, the variants they plan, how the report groups and pairs them. */
class SessionOptionsTest {

    private static String error(String... args) {
        return assertThrows(UsageException.class, () -> CompareOptions.parse(args)).getMessage();
    }

    @Test
    void sessionStoresParseInOrderAndWrongOnesAreUsageErrors() throws UsageException {
        assertEquals(List.of(SessionStore.REDIS_POOLED, SessionStore.MEMORY), SessionStore.parseList("Redis-Pooled, memory"));
        assertEquals("--session must be memory, redis-shared or redis-pooled (a comma list), got 'redis'",
                error("--session", "memory,redis"));
        assertEquals("session store memory listed twice in --session", error("--session", "memory,memory"));
        assertTrue(error("--session", " , ").startsWith("--session is empty"));
        assertEquals("--redis-pool-size must be >= 1, got 0", error("--session", "redis-pooled", "--redis-pool-size", "0"));
        assertEquals("--redis-pool-size is for --session redis-pooled",
                error("--session", "memory,redis-shared", "--redis-pool-size", "4"));
        assertTrue(error("--redis-pool-size", "x").contains("'x'"));
        String remote = error("--session", "memory,redis-shared", "--app-url", "http://h:8080", "--reset-command", "x");
        assertTrue(remote.startsWith("--session memory,redis-shared is for local mode: the remote app's session store "
                + "is its own configuration"), remote);
        // Memory in remote mode is what the app there does anyway (or not: it is recorded as read back).
        assertNull(CompareOptions.parse("--session", "memory", "--app-url", "http://h:8080", "--reset-command", "x")
                .sessions);
    }

    @Test
    void theDefaultPlanIsUnchanged() throws UsageException {
        CompareOptions o = CompareOptions.parse();
        assertEquals(List.of(RunVariant.DEFAULT), o.variants);
        assertEquals(SessionStore.MEMORY, o.variants.get(0).session());
        assertEquals("", o.variants.get(0).dirSuffix());
        assertFalse(o.needsRedis());
        assertTrue(o.toJson().path("session").isMissingNode());
        // --session memory alone names nothing either.
        assertEquals("", CompareOptions.parse("--session", "memory").variants.get(0).dirSuffix());
    }

    @Test
    void eachStoreIsAVariantWithItsSuffixAndLabel() throws UsageException {
        CompareOptions o = CompareOptions.parse("--profiles", "hikari,dbcp2", "--runs", "1",
                "--session", "memory,redis-shared,redis-pooled", "--redis-pool-size", "16");
        assertEquals(List.of(SessionStore.MEMORY, SessionStore.REDIS_SHARED, SessionStore.REDIS_POOLED),
                o.variants.stream().map(RunVariant::session).toList());
        assertTrue(o.needsRedis());
        assertEquals(16, o.redisPoolSize);
        List<RunPlan.Planned> runs = RunPlan.of(o.profiles, o.sizes(), o.variants, 1, o.order);
        assertEquals(List.of("1-hikari-memory", "1-dbcp2-memory", "1-hikari-redis-shared", "1-dbcp2-redis-shared",
                "1-hikari-redis-pooled", "1-dbcp2-redis-pooled"), runs.stream().map(RunPlan.Planned::dirName).toList());
        assertEquals("hikari size 10 redis-pooled round 1/1", Progress.label(runs.get(4), 1));
        JsonNode json = o.toJson();
        assertEquals("[\"memory\",\"redis-shared\",\"redis-pooled\"]", json.path("session").toString());
        assertEquals(16, json.path("redisPoolSize").asInt());
        // With another dimension: the product, the store innermost.
        List<RunVariant> both = RunVariant.plan(List.of(ThreadMode.PLATFORM, ThreadMode.VIRTUAL),
                List.of(new JdkHome(Path.of("/j25"), 25, "25.0.3")), null,
                List.of(SessionStore.MEMORY, SessionStore.REDIS_POOLED), new ArrayList<>());
        assertEquals(List.of("-platform-memory", "-platform-redis-pooled", "-virtual-memory", "-virtual-redis-pooled"),
                both.stream().map(RunVariant::dirSuffix).toList());
        assertEquals("virtual redis-pooled", both.get(3).shortLabel());
    }

    @Test
    void theKeyCarriesTheStoreAndOldKeysStayAsTheyWere() {
        ObjectNode r = Json.object();
        r.put("threads", "platform");
        r.put("jdk", 25);
        assertEquals("platform/25", RunVariant.key(r));
        r.put("session", "redis-pooled");
        String key = RunVariant.key(r);
        assertEquals("platform/25/null/redis-pooled", key);
        assertEquals("platform threads, JDK 25, session redis-pooled", RunVariant.describe(key));
        assertEquals("redis-pooled", RunVariant.part(key, RunVariant.SESSION));
        assertNull(RunVariant.appOf(key));
        assertEquals("platform/25", RunVariant.keyWithout(key, RunVariant.SESSION));
        assertEquals(key, RunVariant.keyWithoutApp(key));
        r.put("appBuild", "lean");
        assertEquals("platform/25/null/redis-pooled", RunVariant.keyWithout(RunVariant.key(r), RunVariant.APP));
        assertEquals("platform/25/lean", RunVariant.keyWithout(RunVariant.key(r), RunVariant.SESSION));
        assertEquals("platform threads, JDK 25, app build lean, session redis-pooled",
                RunVariant.describe(RunVariant.key(r)));
        ObjectNode remote = Json.object();
        remote.put("session", "redis-shared");
        assertEquals("session redis-shared", RunVariant.describe(RunVariant.key(remote)));
    }

    @Test
    void theSummaryHasABlockPerStoreAndPairsEachRedisStoreWithMemory() {
        List<RunRecord> runs = new ArrayList<>();
        double[] memory = {1000, 1400, 700};
        for (int round = 1; round <= 3; round++) {
            runs.add(RunRecord.of(record("hikari", round, memory[round - 1], "memory")));
            runs.add(RunRecord.of(record("hikari", round, memory[round - 1] * 0.8, "redis-shared")));
            runs.add(RunRecord.of(record("hikari", round, memory[round - 1], "redis-pooled")));
        }
        ObjectNode env = Json.object();
        env.putObject("options").putArray("session").add("memory").add("redis-shared").add("redis-pooled");
        Summary s = Summary.of(runs, env);
        assertEquals(3, s.blocks().size());
        assertTrue(s.blocks().get(2).title(true).endsWith("session redis-pooled"), s.blocks().get(2).title(true));
        String text = s.text();
        assertTrue(text.contains("Session stores, paired by round against memory (same pool, size, threads, JDK "
                + "and app build)"), text);
        String jdk = "JDK " + Runtime.version().feature();
        assertTrue(text.contains("Verdict: hikari @10 (platform threads, " + jdk + "): redis-shared vs memory: 0.80x "
                + "(-20.0 %, 95 % CI [-20.0 .. -20.0] (difference)) over 3 rounds: slower"), text);
        assertTrue(text.contains("Verdict: hikari @10 (platform threads, " + jdk + "): redis-pooled vs memory: 1.00x "
                + "(+0.0 %, 90 % CI [+0.0 .. +0.0] (equivalence)) over 3 rounds: equivalent"), text);
        // And the question of Redis itself: the pool against the one shared connection.
        assertTrue(text.contains("Verdict: hikari @10 (platform threads, " + jdk + "): redis-pooled vs redis-shared: "
                + "1.25x (+25.0 %, 95 % CI [+25.0 .. +25.0] (difference)) over 3 rounds: faster"), text);
        assertTrue(text.contains("; redis-pooled also against redis-shared"), text);
        assertFalse(text.contains("App builds"), text);
        // The Redis figures under the Redis blocks only (durationSeconds 60: 1,000 commands per second).
        assertEquals(2, text.split("Redis session store \\(app's Lettuce client").length - 1, text);
        assertTrue(text.contains("  hikari         3      8           6            2       1000     85.0\n"), text);
        assertTrue(text.contains("  hikari         3      1           -            -       1000     85.0\n"), text);
        JsonNode json = s.json();
        assertEquals(3, json.path("sessionStores").size());
        assertEquals("redis-shared", json.path("sessionStores").get(0).path("session").asText());
        assertEquals("redis-shared", json.path("sessionStores").get(2).path("reference").asText());
        assertEquals("memory", json.path("sessionStores").get(0).path("reference").asText());
        assertEquals("redis-pooled", json.path("blocks").get(2).path("session").asText());
        assertTrue(json.path("blocks").get(2).path("appBuild").isMissingNode());
        assertEquals(8, json.path("blocks").get(2).path("redisFigures").get(0).path("meanPeakConnections").asInt());
        assertTrue(json.path("blocks").get(0).path("redisFigures").isMissingNode());
    }

    @Test
    void withoutMemoryTheFirstListedStoreIsTheReference() {
        List<RunRecord> runs = new ArrayList<>();
        for (int round = 1; round <= 2; round++) {
            runs.add(RunRecord.of(record("hikari", round, 1000, "redis-pooled")));
            runs.add(RunRecord.of(record("hikari", round, 900, "redis-shared")));
        }
        ObjectNode env = Json.object();
        env.putObject("options").putArray("session").add("redis-pooled").add("redis-shared");
        assertEquals("redis-pooled", Summary.of(runs, env).json().path("sessionStores").get(0).path("reference").asText());
        assertTrue(Summary.of(Fixtures.runs("hikari", new double[] {1000, 1010}), Json.object())
                .sessionStores().isEmpty());
    }

    private static ObjectNode record(String profile, int round, double score, String session) {
        ObjectNode r = Fixtures.record(profile, round, score, true, true);
        ThreadsCheck.addToRecord(r, RunVariant.DEFAULT, "java", null);
        r.put("session", session);
        r.put("runDir", round + "-" + profile + "-" + session);
        if (!session.equals("memory")) {
            ObjectNode redis = r.putObject("poolMetrics").putObject("redis");
            redis.put("peakConnections", session.equals("redis-pooled") ? 8 : 1);
            redis.put("peakPoolActive", session.equals("redis-pooled") ? 6 : null);
            redis.put("peakPoolWaiters", session.equals("redis-pooled") ? 2 : null);
            redis.put("commands", 60_000);
            redis.put("meanCommandMicros", 85.0);
        }
        return r;
    }
}
