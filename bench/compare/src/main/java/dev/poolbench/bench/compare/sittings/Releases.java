package dev.poolbench.bench.compare.sittings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The pool library's and JDBC driver's releases a sitting ran with (issue 52): summary.json's
 * {@code releases}, {@code {"<profile>[@<build>]": {"pool": "HikariCP 7.0.2", "driver":
 * "mysql-connector-j 9.7.0"}}}, as the runner read them from the running app or as
 * docs/data/attribute_releases.py attributed them to a sitting kept before. A pair's release is
 * part of what makes two sittings the same comparison: a newer HikariCP is another pool, and
 * pooling it with the old one would blur a real change into the between-sitting sd.
 */
final class Releases {

    static final String UNKNOWN_HINT = "python3 docs/data/attribute_releases.py attributes the kept ones";

    private Releases() {
    }

    /**
     * The releases of a sitting: its summary.json's, else (a results directory whose summary.json
     * was written without them) its environment.json's; a missing node when neither names them.
     */
    static JsonNode of(Path path, JsonNode summary) throws IOException {
        JsonNode releases = summary.path("releases");
        Path environment = Files.isDirectory(path) ? path.resolve("environment.json") : null;
        if (!releases.isObject() && environment != null && Files.isRegularFile(environment)) {
            releases = Json.read(environment).path("releases");
        }
        return releases.isObject() ? releases : MissingNode.getInstance();
    }

    /**
     * One pair's releases in one sitting, e.g. "commons-dbcp2 2.14.0 vs HikariCP 7.0.2 on
     * mysql-connector-j 9.7.0" ("HikariCP 7.0.2 on ..." when both sides run the same); null when
     * the sitting does not name both sides'. {@code build} is the side's app build, or null.
     */
    static String ofPair(JsonNode releases, String profile, String build, String reference, String referenceBuild) {
        JsonNode p = side(releases, profile, build);
        JsonNode r = side(releases, reference, referenceBuild);
        if (p == null || r == null) {
            return null;
        }
        return both(p.path("pool").asText(), r.path("pool").asText()) + " on "
                + both(p.path("driver").asText(), r.path("driver").asText());
    }

    /** An A/A's second lane runs {@code <profile>_2}: the same app, keyed by its profile. */
    private static JsonNode side(JsonNode releases, String profile, String build) {
        String base = profile.replaceFirst("_\\d+$", "");
        for (String name : new String[] {profile, base}) {
            JsonNode node = releases.path(build == null ? name : name + "@" + build);
            if (node.isObject() && node.hasNonNull("pool") && node.hasNonNull("driver")) {
                return node;
            }
        }
        return null;
    }

    private static String both(String profile, String reference) {
        return profile.equals(reference) ? profile : profile + " vs " + reference;
    }

    /**
     * The key sittings are grouped by: the pair, and with {@code byRelease} its releases in brackets
     * ("releases not recorded" if none), so that each release is pooled apart and shown by it.
     */
    static String key(String label, String release, boolean byRelease) {
        return byRelease ? label + " [" + (release == null ? "releases not recorded" : release) + "]" : label;
    }

    /**
     * The one release of the sittings grouped under {@code key}, given as release -> the files that
     * ran it (null: a file that names none); the refusal, in one line, when they are not one known
     * release: pooling them would mix two comparisons. A pair seen in one sitting is not pooled.
     */
    static String one(String key, Map<String, List<String>> files, boolean byRelease) {
        int sittings = files.values().stream().mapToInt(List::size).sum();
        if (sittings < 2) {
            return files.keySet().iterator().next();
        }
        if (files.containsKey(null)) {
            throw new IllegalArgumentException(key + ": cannot pool " + String.join(", ", files.get(null))
                    + ": no releases of its pool and driver recorded (summary.json's or environment.json's "
                    + "releases; " + UNKNOWN_HINT + ")");
        }
        if (files.size() > 1) {
            List<String> each = new ArrayList<>();
            files.forEach((release, paths) -> each.add(release + " (" + String.join(", ", paths) + ")"));
            throw new IllegalArgumentException(key + ": refusing to pool different releases: "
                    + String.join("; ", each) + (byRelease ? "" : "; --by-release pools each release apart"));
        }
        return files.keySet().iterator().next();
    }
}
