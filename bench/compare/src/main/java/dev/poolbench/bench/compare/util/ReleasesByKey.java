package dev.poolbench.bench.compare.util;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The pool and driver releases that apps reported ({@code poolsettings.json}'s {@code releases}, read from
 * the jars each loaded), gathered by key (a profile, or {@code profile@build}): what compare's and faults'
 * environment.json call {@code releases}. A key whose runs reported two releases (an app swapped between
 * runs) keeps both, joined by " | ", so that it is seen rather than hidden behind the first.
 */
public final class ReleasesByKey {

    private static final String[] PARTS = {"pool", "driver"};

    private final Map<String, Map<String, Set<String>>> seen = new LinkedHashMap<>();

    /** Adds what one run's app reported under {@code key}; a missing or non-object {@code reported} adds nothing. */
    public void add(String key, JsonNode reported) {
        if (key == null || reported == null || !reported.isObject()) {
            return;
        }
        Map<String, Set<String>> parts = seen.computeIfAbsent(key, k -> new LinkedHashMap<>());
        for (String part : PARTS) {
            String value = Json.text(reported, part);
            if (value != null) {
                parts.computeIfAbsent(part, p -> new LinkedHashSet<>()).add(value);
            }
        }
    }

    /** {@code {"hikari": {"pool": "HikariCP 7.1.0", "driver": "mysql-connector-j 9.7.0"}}}; empty when none was added. */
    public ObjectNode json() {
        ObjectNode json = Json.object();
        seen.forEach((key, parts) -> {
            ObjectNode entry = json.putObject(key);
            parts.forEach((part, values) -> entry.put(part, String.join(" | ", values)));
        });
        return json;
    }
}
