package dev.poolbench.bench.compare.launch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;

/**
 * Reads the few facts the runner needs from the app's {@code /actuator/poolsettings} JSON.
 * The endpoint reports each pool with its own property names, so lookups try the known ones.
 */
public final class PoolSettings {

    private static final String[] PROFILE_KEYS = {"profile", "pool", "poolProfile", "name"};
    private static final String[] MAX_SIZE_KEYS = {"maxPoolSize", "maximumPoolSize", "maxActive",
        "maxTotal", "maxSize", "maxConnections", "poolSize"};

    private PoolSettings() {
    }

    /** {@code matchesRequested}: true, false, or null when the field is missing. */
    public static Boolean matchesRequested(JsonNode settings) {
        JsonNode n = settings == null ? null : settings.get("matchesRequested");
        return n == null || !n.isBoolean() ? null : n.asBoolean();
    }

    /**
     * {@code session.matchesRequested}: whether the app's live session store (Lettuce factory,
     * pool) is what its variables ask for; true, false, or null when the app reports no session.
     */
    public static Boolean sessionMatchesRequested(JsonNode settings) {
        JsonNode n = settings == null ? null : settings.path("session").get("matchesRequested");
        return n == null || !n.isBoolean() ? null : n.asBoolean();
    }

    public static String profile(JsonNode settings) {
        return firstText(settings, PROFILE_KEYS);
    }

    /** The maximum pool size in effect ({@code effective.maxSize}, the webapp's common key). */
    public static String maxSize(JsonNode settings) {
        String effective = Json.text(settings, "effective.maxSize");
        return effective != null ? effective : firstText(settings, MAX_SIZE_KEYS);
    }

    private static String firstText(JsonNode settings, String[] keys) {
        if (settings == null || !settings.isObject()) {
            return null;
        }
        for (String key : keys) {
            JsonNode n = settings.get(key);
            if (n != null && n.isValueNode() && !n.isNull()) {
                return n.asText();
            }
        }
        // One level down (e.g. {"effective": {...}}).
        for (JsonNode child : settings) {
            if (child.isObject()) {
                for (String key : keys) {
                    JsonNode n = child.get(key);
                    if (n != null && n.isValueNode() && !n.isNull()) {
                        return n.asText();
                    }
                }
            }
        }
        return null;
    }
}
