package dev.poolbench.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.poolbench.bench.redis.server.RedisServerProcess;
import dev.poolbench.bench.redis.server.RespConnection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole login suite with the HTTP session in a real Redis (a redis-server of its own per
 * class, started by bench/redis's launcher), plus what only the Redis store has: the session is
 * really there and nowhere else, the client is the mode requested, its meters are published, and
 * a Redis that goes away gives a clean 503 at once and logins again once it is back.
 */
abstract class AbstractRedisLoginIT extends AbstractLoginIT {

    static final int REDIS_POOL_SIZE = 4;

    RedisServerProcess redis;

    abstract String redisMode();

    @Override
    public String sessionStore() {
        return "redis";
    }

    @Override
    Map<String, String> extraSettings() {
        try {
            redis = RedisServerProcess.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of("POOLBENCH_SESSION_STORE", "redis", "POOLBENCH_REDIS_MODE", redisMode(),
                "POOLBENCH_REDIS_POOL_SIZE", String.valueOf(REDIS_POOL_SIZE),
                "POOLBENCH_REDIS_HOST", redis.host(), "POOLBENCH_REDIS_PORT", String.valueOf(redis.port()));
    }

    @AfterAll
    @Override
    void stopApp() {
        super.stopApp();
        if (redis != null) {
            redis.close();
        }
    }

    @Test
    void theSessionLivesInRedisOnlyAndAHandOverToAnotherAppWouldWork() throws Exception {
        TestDatabase.TestUser user = db.freshUser();
        Browser browser = browser();
        HttpResponse<String> post = browser.postLogin(user.login(), user.password(), db.freshIp());
        assertThat(post.headers().firstValue("Set-Cookie").orElseThrow()).startsWith("SESSION=");
        assertThat(browser.get("/mypage").statusCode()).isEqualTo(200);
        try (RespConnection c = redis.connect()) {
            assertThat((List<?>) c.command("KEYS", "poolbench:session:sessions:*")).isNotEmpty();
            // Nothing kept in the app: without Redis's copy the session is gone.
            c.command("FLUSHALL");
        }
        HttpResponse<String> after = browser.get("/mypage");
        assertThat(after.statusCode()).isIn(302, 303);
        assertThat(notice(browser.get("/").body())).isEqualTo(NOT_LOGGED_IN);
    }

    @Test
    void withRedisGoneALoginIsA503AtOnceWithoutAStackTraceAndLoginsWorkWhenItIsBack() throws Exception {
        assertThat(attempt(db.freshUser().login(), "wrong", db.freshIp())).isEqualTo(WRONG);
        int port = redis.port();
        Path dir = redis.dir();
        redis.close();
        try {
            // A command sent at the very instant of the stop may wait for the reconnect (at most
            // the command timeout); give the client a moment to see its connection closed.
            Thread.sleep(300);
            TestDatabase.TestUser user = db.freshUser();
            long start = System.nanoTime();
            HttpResponse<String> post = browser().postLogin(user.login(), user.password(), db.freshIp());
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertThat(post.statusCode()).as(post.body()).isEqualTo(503);
            assertThat(post.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(post.body()).contains("503").doesNotContain("Exception").doesNotContain("at org.");
            // Rejected while disconnected, not held for the 10-s command timeout (twice).
            assertThat(millis).as("503 after %d ms", millis).isLessThan(5_000);
        } finally {
            redis = RedisServerProcess.startIn(dir, port);
        }
        // Lettuce reconnects on its own (with its backoff); then a login goes through again.
        long deadline = System.nanoTime() + 30_000_000_000L;
        String outcome;
        do {
            Thread.sleep(500);
            TestDatabase.TestUser user = db.freshUser();
            HttpResponse<String> post = browser().postLogin(user.login(), user.password(), db.freshIp());
            outcome = post.statusCode() + " " + post.headers().firstValue("Location").orElse("");
        } while (!outcome.equals("302 /mypage") && System.nanoTime() < deadline);
        assertThat(outcome).isEqualTo("302 /mypage");
    }

    @Test
    void theRedisClientIsTheModeRequestedAndPublishesItsMeters() {
        assertThat(browser().get("/mypage").statusCode()).isIn(302, 303); // a session write
        Browser management = new Browser(managementUrl);
        JsonNode session = JsonMapper.shared().readTree(management.get("/actuator/poolsettings").body()).get("session");
        boolean pooled = redisMode().equals("pooled");
        assertThat(session.get("mode").asString()).isEqualTo(redisMode());
        assertThat(session.get("port").asInt()).isEqualTo(redis.port());
        assertThat(session.get("matchesRequested").asBoolean()).as(session.toString()).isTrue();
        assertThat(session.get("serverVersion").asString()).isEqualTo(redis.version());
        JsonNode effective = session.get("effective");
        assertThat(effective.get("port").asInt()).isEqualTo(redis.port());
        assertThat(effective.get("shareNativeConnection").asBoolean()).isEqualTo(!pooled);
        assertThat(effective.get("disconnectedBehavior").asString()).isEqualTo("reject_commands");
        assertThat(effective.get("pooled").asBoolean()).isEqualTo(pooled);
        assertThat(effective.get("openConnections").asLong()).isBetween(1L, pooled ? REDIS_POOL_SIZE : 1L);
        String prometheus = management.get("/actuator/prometheus").body();
        assertThat(prometheus).contains("poolbench_redis_connections ", "poolbench_redis_connections_opened_total ",
                "lettuce_command_completion_seconds_count{command=\"HGETALL\"",
                "poolbench_session_info{mode=\"" + redisMode() + "\"");
        if (pooled) {
            assertThat(effective.get("poolLive").asBoolean()).isTrue();
            assertThat(effective.get("maxTotal").asInt()).isEqualTo(REDIS_POOL_SIZE);
            assertThat(effective.get("maxIdle").asInt()).isEqualTo(REDIS_POOL_SIZE);
            assertThat(prometheus).contains("commons_pool2_num_active_objects{", "commons_pool2_num_waiters_threads{",
                    "commons_pool2_num_idle_objects{", "commons_pool2_created_objects_total{", "name=\"lettuce\"");
        } else {
            assertThat(effective.get("maxTotal").isNull()).isTrue();
            assertThat(prometheus).doesNotContain("commons_pool2_num_active_objects{");
        }
    }
}
