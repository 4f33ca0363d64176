package dev.poolbench.bench.compare.faultfigures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The figures of a max-connections run's rolling update, as the runner wrote them
 * ({@value #FILE}, {@code faults.RollingUpdate}): the server's {@code max_connections} and the
 * connections it refused during the update; per replica ({@code replicaFigures}: old-2 .. the
 * replaced ones, new-1 .. their successors) when it started, first answered and first served
 * (health UP: its pool lent a connection), its probes answered DOWN or not at all after its
 * first answer, whether it exited (status and log line), and the connections its pool held
 * before the update (old), in the surge and {@code --fault-seconds} after its old one stopped
 * (new). The run's own app, old-1 under the load, has its connections before and after the
 * update ({@code loaded...}).
 */
public record SurgeFigures(JsonNode file) {

    public static final String FILE = "replicas.json";

    /** The run's {@value #FILE}, or null when there is none. */
    static SurgeFigures read(Path runDir) throws IOException {
        Path path = runDir.resolve(FILE);
        return Files.isRegularFile(path) ? new SurgeFigures(Json.read(path)) : null;
    }

    /** Connections the server refused for max_connections during the update. */
    public long refused() {
        return file.path("refusedConnections").asLong(0);
    }

    /** From the update's start until every new replica had served; null: one never did. */
    public Double everyServesSeconds() {
        JsonNode v = file.get("everyReplicaServesSeconds");
        return v == null || !v.isNumber() ? null : v.asDouble();
    }

    private List<JsonNode> newReplicas() {
        List<JsonNode> list = new ArrayList<>();
        file.path("replicaFigures").forEach(r -> {
            if (r.path("name").asText().startsWith("new-")) {
                list.add(r);
            }
        });
        return list;
    }

    /** New replicas whose JVM exited (the pool, or the app with it, gave up at the start). */
    public long failedToStart() {
        return newReplicas().stream().filter(r -> r.has("exitStatus")).count();
    }

    /**
     * The readings a run must have: every old replica's connections before the update (they
     * all served then), the loaded replica's before and after, and every serving new replica's
     * after its old one stopped. A pool without gauges, or an app that did not answer, leaves them out.
     */
    public List<String> missing() {
        List<String> missing = new ArrayList<>();
        if (!file.path("loadedConnectionsBefore").isNumber() || !file.path("loadedConnectionsAtEnd").isNumber()) {
            missing.add("the loaded replica's connections were not read before and after the update");
        }
        for (JsonNode r : file.path("replicaFigures")) {
            String name = r.path("name").asText();
            boolean fresh = name.startsWith("new-");
            String key = fresh ? "connectionsAfterStop" : "connectionsBefore";
            if ((!fresh || r.path("servesSeconds").isNumber() && !r.has("exitStatus")) && !r.path(key).isNumber()) {
                missing.add(name + ": its connections (" + key + ") were not read");
            }
        }
        if (newReplicas().size() != file.path("replicas").asInt() - 1) {
            missing.add(newReplicas().size() + " new replicas for " + (file.path("replicas").asInt() - 1)
                    + " old ones: the update did not finish");
        }
        return missing;
    }

    void json(ObjectNode n) {
        n.set("replicas", file);
    }

    /** The table's line: the limit, each new replica, every replica serving, the refusals. */
    public String summary() {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%d replicas of %d, max_connections %d "
                        + "(was %d):", file.path("replicas").asInt(), file.path("poolSize").asInt(),
                file.path("maxConnections").asLong(), file.path("previousMaxConnections").asLong()));
        for (JsonNode r : newReplicas()) {
            out.append(' ').append(r.path("name").asText()).append(' ');
            if (r.has("exitStatus")) {
                out.append("EXITED ").append(r.path("exitStatus").asInt()).append(" (")
                        .append(r.path("exitLine").asText()).append("), ");
            } else if (r.path("servesSeconds").isNumber()) {
                out.append(String.format(Locale.ROOT, "served %.1f s after its start (%s), ", r.path("servesSeconds")
                        .asDouble(), r.path("servedInSurge").asBoolean() ? "in the surge" : "after its old one stopped"));
            } else {
                out.append("never served, ");
            }
            out.append(String.format(Locale.ROOT, "connections %s in the surge, %s after, %d probe errors;",
                    count(r.get("connectionsInSurge")), count(r.get("connectionsAfterStop")), r.path("probeErrors").asInt()));
        }
        Double every = everyServesSeconds();
        out.append(every == null ? " not every replica served" : String.format(Locale.ROOT,
                " every replica served %.1f s after the update's start", every));
        return out.append(String.format(Locale.ROOT, "; %d connections refused", refused())).toString();
    }

    private static String count(JsonNode v) {
        return v == null || !v.isNumber() ? "-" : String.format(Locale.ROOT, "%.0f", v.asDouble());
    }
}
