package dev.poolbench.bench.compare.launch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.variant.SessionStore;
import java.util.ArrayList;
import java.util.List;

/**
 * The runner's side of {@code --session}: the app's {@code poolsettings.session} (store, mode,
 * pool size, server) against what the run asked for. A store not as planned is a problem of the
 * run (not valid, not counted), as a thread mode not as planned ({@link ThreadsCheck}); the app's
 * own {@code session.matchesRequested: false} (its live Lettuce settings differ from its
 * variables) flags the run like a pool not as requested ({@link PoolSettings#sessionMatchesRequested}).
 */
public final class SessionCheck {

    private SessionCheck() {
    }

    /**
     * Problems of the read-back session against the planned variant; empty when they agree.
     *
     * @param poolSize  {@code --redis-pool-size}, checked for redis-pooled
     * @param redisPort the comparison's redis-server, or null when there is none
     */
    public static List<String> problems(JsonNode settings, RunVariant variant, int poolSize, Integer redisPort) {
        return problems(settings, variant.session(), poolSize, redisPort);
    }

    /** The same for a run planned with {@code wanted} alone (a fault run). */
    public static List<String> problems(JsonNode settings, SessionStore wanted, int poolSize, Integer redisPort) {
        List<String> problems = new ArrayList<>();
        if (settings == null) {
            return problems;
        }
        SessionStore seen = SessionStore.readBack(settings);
        if (seen == null) {
            // A build of the app from before the session switch keeps its sessions in memory.
            if (wanted.redis()) {
                problems.add("the app does not report its session store (poolsettings session); expected "
                        + wanted.label());
            }
            return problems;
        }
        if (seen != wanted) {
            problems.add("app keeps its sessions in " + seen.label() + ", expected " + wanted.label());
            return problems;
        }
        if (wanted == SessionStore.REDIS_POOLED) {
            String size = Json.text(settings, "session.poolSize");
            if (!String.valueOf(poolSize).equals(size)) {
                problems.add("app's Redis pool size is " + size + ", expected " + poolSize);
            }
        }
        String port = Json.text(settings, "session.port");
        if (wanted.redis() && redisPort != null && !String.valueOf(redisPort).equals(port)) {
            problems.add("app's Redis is on port " + port + ", expected the comparison's redis-server on " + redisPort);
        }
        return problems;
    }

    /** Adds {@code session} (the store's label) to a run record when the plan names it. */
    public static void addToRecord(ObjectNode record, RunVariant variant) {
        if (variant.showSession()) {
            record.put("session", variant.session().label());
        }
    }

    /**
     * The session store an app elsewhere reports, for its records: {@code session} when it is not
     * memory (a remote comparison on memory keeps the record it always had).
     */
    public static void addReadBack(ObjectNode record, JsonNode settings) {
        SessionStore seen = SessionStore.readBack(settings);
        if (seen != null && seen.redis()) {
            record.put("session", seen.label());
        }
    }
}
