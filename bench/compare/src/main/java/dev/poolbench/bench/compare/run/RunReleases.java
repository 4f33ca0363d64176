package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.ReleasesByKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The pool and driver releases a comparison measured, as each run's app reported them
 * ({@code poolsettings.json}'s {@code releases}, read from the jars it loaded): the
 * {@code releases} of environment.json and summary.json, and the summary's "Releases:" line.
 * Keyed by profile, or {@code profile@build} where the runs carry an app build ({@code --app-jar},
 * {@code --pool-version}), since two builds of one profile may run two releases. A key whose runs
 * reported two releases (an app swapped mid-comparison) keeps both, joined by " | ", so that it
 * is seen rather than averaged over ({@link ReleasesByKey}, which faults' environment.json uses too).
 */
public final class RunReleases {

    private RunReleases() {
    }

    /** {@code {"hikari": {"pool": "HikariCP 7.1.0", "driver": "mysql-connector-j 9.7.0"}}}; empty when no run reported any. */
    public static ObjectNode of(List<RunRecord> runs) {
        ReleasesByKey releases = new ReleasesByKey();
        for (RunRecord run : runs) {
            String build = Json.text(run.json(), "appBuild");
            releases.add(build == null ? run.profile() : run.profile() + "@" + build,
                    run.json().path("poolSettings").path("releases"));
        }
        return releases.json();
    }

    /**
     * {@code Releases: hikari HikariCP 7.1.0, dbcp2 commons-dbcp2 2.14.0; driver mysql-connector-j 9.7.0}
     * (one driver named once when every key has it); empty when there are none.
     */
    public static String line(JsonNode releases) {
        if (releases == null || !releases.isObject() || releases.isEmpty()) {
            return "";
        }
        Set<String> drivers = new LinkedHashSet<>();
        releases.forEach(entry -> drivers.add(entry.path("driver").asText("?")));
        // One driver for all: named once; otherwise each key names its own.
        boolean oneDriver = drivers.size() == 1;
        List<String> pools = new ArrayList<>();
        releases.properties().forEach(e -> pools.add(e.getKey() + " " + e.getValue().path("pool").asText("?")
                + (oneDriver ? "" : " with " + e.getValue().path("driver").asText("?"))));
        return "Releases: " + String.join(", ", pools) + (oneDriver ? "; driver " + drivers.iterator().next() : "")
                + "\n";
    }
}
