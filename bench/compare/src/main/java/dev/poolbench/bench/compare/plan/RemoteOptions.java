package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.util.UsageException;
import java.net.URI;
import java.util.List;
import java.util.Set;

/** The rules of {@code compare}'s remote mode ({@code --app-url}) against the other options. */
final class RemoteOptions {

    private RemoteOptions() {
    }

    /** Refuses local-only options in remote mode and remote-only ones in local mode. */
    static void validate(CompareOptions o, Set<String> given) throws UsageException {
        if (o.remote()) {
            for (String distance : List.of("db-distance", "db-latency", "db-bandwidth")) {
                if (given.contains(distance)) {
                    throw new UsageException("--" + distance + " is for local mode: in remote mode the app "
                            + "reaches its database over the real network; to add distance there, use the "
                            + "Ansible role's poolbench_db_latency (Toxiproxy on the app host)");
                }
            }
            if (given.contains("profiles") && o.remoteAsIs()) {
                throw new UsageException("--profiles cannot be used with --app-url alone: remote mode "
                        + "measures the profile that runs there (read from its poolsettings); --app-command "
                        + "lets the runner restart the app there with each profile");
            }
            if (o.prometheus) {
                throw new UsageException("--prometheus starts Prometheus and its exporters beside the local runs; "
                        + "in remote mode the VMs have their own (ansible's monitoring roles, docs/dashboards.md, "
                        + "\"On the VMs\")");
            }
            if (o.resetCommand == null && o.resetJdbcUrl == null) {
                throw new UsageException("remote mode needs a database reset before each run: "
                        + "give --reset-command CMD or --reset-jdbc-url URL");
            }
            if (o.resetCommand != null && o.resetJdbcUrl != null) {
                throw new UsageException("give either --reset-command or --reset-jdbc-url, not both");
            }
            if (o.managementUrl == null) {
                o.managementUrl = URI.create(o.appUrl.getScheme() + "://" + o.appUrl.getHost() + ":8081");
            }
        } else {
            for (String remoteOnly : List.of("management-url", "reset-command", "reset-jdbc-url")) {
                if (given.contains(remoteOnly)) {
                    throw new UsageException("--" + remoteOnly + " needs --app-url (remote mode)");
                }
            }
        }
    }
}
