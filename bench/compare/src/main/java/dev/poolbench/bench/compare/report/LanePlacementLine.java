package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The lanes of a duet comparison for the summary's settings line, from environment.json's
 * {@code lanePlacement}: "duets, isolated lanes (cpu 0 | cpu 1, a MariaDB server each)" or
 * "duets, shared lanes (cpu 0-1, one MariaDB server)" (PostgreSQL with {@code --database postgres}).
 * Nothing for solo runs or older results.
 */
final class LanePlacementLine {

    private LanePlacementLine() {
    }

    /** The text, or null. */
    static String of(JsonNode environment) {
        JsonNode placement = environment.path("lanePlacement");
        if (!environment.path("options").path("duet").asBoolean() || !placement.isObject()) {
            return null;
        }
        List<String> cpus = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        for (JsonNode lane : placement.path("lanes")) {
            cpus.add(lane.path("cpus").asText("?"));
            int port = lane.path("database").path("port").asInt();
            if (!ports.contains(port)) {
                ports.add(port);
            }
        }
        boolean isolated = "isolated".equals(placement.path("placement").asText());
        String where = isolated ? "cpu " + String.join(" | cpu ", cpus) : "cpu " + (cpus.isEmpty() ? "?" : cpus.get(0));
        String server = "postgres".equals(environment.path("options").path("database").asText()) ? "PostgreSQL" : "MariaDB";
        String servers = ports.size() > 1 ? "a " + server + " server each" : "one " + server + " server";
        String mechanism = placement.path("mechanism").isTextual() ? ", " + placement.path("mechanism").asText() : "";
        return "duets, " + (isolated ? "isolated" : "shared") + " lanes (" + where + ", " + servers + mechanism + ")";
    }
}
