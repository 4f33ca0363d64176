package dev.poolbench.bench.compare.run;

import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RemoteLaneOptions;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * One lane of a remote comparison as the runner sees it: the app's URLs there and its copy of
 * the database. Lane 0 is {@code --app-url} on the database of the reset; lane 1 (remote duets)
 * is {@code --second-app-url} on the copy whose name ends in {@code _2}, as locally
 * ({@code isu4_qualifier} and {@code isu4_qualifier_2}). The steps of a run are the same for
 * both ({@link WindowMeasurement}); only these values differ.
 *
 * @param resetJdbcUrl the lane's database for {@code --reset-jdbc-url}, or null with {@code --reset-command}
 */
record RemoteLane(int index, URI appUrl, URI managementUrl, String resetJdbcUrl) {

    /** Lane 0, and lane 1 when the runner restarts the apps there (--app-command: duets possible). */
    static List<RemoteLane> of(CompareOptions options) {
        List<RemoteLane> lanes = new ArrayList<>();
        lanes.add(new RemoteLane(0, options.appUrl, options.managementUrl, options.resetJdbcUrl));
        if (options.appCommand != null) {
            lanes.add(new RemoteLane(1, options.secondAppUrl, options.secondManagementUrl,
                    options.resetJdbcUrl == null ? null : RemoteLaneOptions.secondDatabase(options.resetJdbcUrl)));
        }
        return List.copyOf(lanes);
    }

    /** For {@code --reset-command} and {@code --app-command}: which copy of the database is this lane's. */
    String databaseSuffix() {
        return index == 0 ? "" : RemoteLaneOptions.SECOND_DATABASE_SUFFIX;
    }
}
