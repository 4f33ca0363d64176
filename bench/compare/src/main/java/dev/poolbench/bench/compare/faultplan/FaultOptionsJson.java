package dev.poolbench.bench.compare.faultplan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.SessionStore;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of {@code faults} as a results directory keeps them ({@code options.json}, written
 * by the local command and by Ansible's faults.yml) and read back: {@link FaultOptions#toJson},
 * {@link FaultOptions#fromJson}. Apart from FaultOptions, so that class stays the list of options
 * and their rules; the keys and their order are the file's format.
 */
final class FaultOptionsJson {

    /** Keys of {@link #of} read back by {@link #read}, with their options; the first six are required. */
    private static final String[][] JSON_OPTIONS = {
            {"profiles", "--profiles"}, {"scenarios", "--scenarios"}, {"durationSeconds", "--duration"},
            {"faultAtSeconds", "--fault-at"}, {"faultSeconds", "--fault-seconds"}, {"poolWaitMillis", "--pool-wait-ms"},
            {"warmupSeconds", "--warmup"}, {"poolSize", "--pool-size"}, {"workload", "--workload"},
            {"heap", "--heap"}, {"seed", "--seed"}, {"session", "--session"}, {"redisPoolSize", "--redis-pool-size"},
            {"database", "--database"}, {"settings", "--settings"}, {"stormConnectMillis", "--storm-connect-ms"},
            {"stormWorkload", "--storm-workload"}, {"stormPoolSize", "--storm-pool-size"},
            {"stormMinIdle", "--storm-min-idle"}, {"idleTimeoutSeconds", "--idle-timeout"}, {"replicas", "--replicas"}};

    private FaultOptionsJson() {
    }

    /** Validated as a command line would be; a missing required key or a bad value names {@code source}. */
    static FaultOptions read(JsonNode n, String source) throws UsageException {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < JSON_OPTIONS.length; i++) {
            JsonNode v = n.get(JSON_OPTIONS[i][0]);
            if (v == null || v.isNull()) {
                if (i < 6) {
                    throw new UsageException(source + ": '" + JSON_OPTIONS[i][0] + "' is missing");
                }
                continue;
            }
            List<String> values = new ArrayList<>();
            if (v.isArray()) {
                v.forEach(e -> values.add(e.asText()));
            } else {
                values.add(v.asText());
            }
            args.add(JSON_OPTIONS[i][1] + "=" + String.join(",", values));
        }
        try {
            return FaultOptions.parse(args.toArray(String[]::new));
        } catch (UsageException e) {
            throw new UsageException(source + ": " + e.getMessage());
        }
    }

    static ObjectNode of(FaultOptions o) {
        ObjectNode n = Json.object();
        n.putPOJO("profiles", o.profiles);
        n.putPOJO("scenarios", o.scenarios.stream().map(Scenario::cliName).toList());
        n.put("durationSeconds", o.durationSeconds);
        n.put("faultAtSeconds", o.faultAtSeconds);
        n.put("faultSeconds", o.faultSeconds);
        n.put("warmupSeconds", o.warmupSeconds);
        n.put("poolSize", o.poolSize);
        n.put("poolWaitMillis", o.poolWaitMillis);
        if (o.workload == null) {
            n.putNull("workload");
        } else {
            n.put("workload", o.workload);
        }
        n.put("heap", o.heap);
        n.put("seed", o.seed);
        n.putPOJO("session", o.sessions.stream().map(SessionStore::label).toList());
        if (o.sessions.contains(SessionStore.REDIS_POOLED)) {
            n.put("redisPoolSize", o.redisPoolSize);
        }
        n.put("database", o.database);
        n.putPOJO("settings", o.settings.stream().map(PoolSettingsSet::label).toList());
        n.put("stormConnectMillis", o.stormConnectMillis);
        n.put("stormWorkload", o.stormWorkload);
        n.put("stormPoolSize", o.stormPoolSize);
        n.put("stormMinIdle", o.stormMinIdle);
        n.put("idleTimeoutSeconds", o.idleTimeoutSeconds);
        n.put("replicas", o.replicas);
        n.put("dbPort", o.dbPort);
        n.put("proxyPort", o.proxyPort);
        n.put("quick", o.quick);
        n.put("check", o.check);
        if (o.prometheus) {
            n.put("prometheus", true);
        }
        return n;
    }
}
