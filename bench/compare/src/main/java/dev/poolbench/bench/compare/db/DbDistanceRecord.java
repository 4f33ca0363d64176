package dev.poolbench.bench.compare.db;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import java.util.Locale;

/**
 * The database distance in the results: {@code dbDistance} in environment.json and in each
 * run record, the proxy's CPU over the measured run ({@code proxy.cpuSeconds}), and what the
 * run line shows of them (the summary's lines: report.DbDistanceLines).
 */
public final class DbDistanceRecord {

    private DbDistanceRecord() {
    }

    /** environment.json's {@code dbDistance}: the distance, and the proxy process when there is one. */
    public static ObjectNode environment(DbDistance distance, DbProxy proxy) {
        ObjectNode n = distance.toJson();
        if (proxy != null) {
            n.set("proxy", proxy.toJson());
        }
        return n;
    }

    /** Adds {@code dbDistance} and {@code proxy.cpuSeconds} (when measured) to a run record. */
    public static void addToRun(ObjectNode record, DbDistance distance, double proxyCpuSeconds) {
        if (distance == null) {
            return;   // remote mode: the real network, nothing applied by poolbench
        }
        record.set("dbDistance", distance.toJson());
        if (!Double.isNaN(proxyCpuSeconds)) {
            record.putObject("proxy").put("cpuSeconds", Math.round(proxyCpuSeconds * 100) / 100.0);
        }
    }

    /** " | proxy cpu 1.23 s" for the run line; empty without a proxy. */
    public static String runLinePart(JsonNode record) {
        double cpu = Json.number(record, "proxy.cpuSeconds");
        return Double.isNaN(cpu) ? "" : String.format(Locale.ROOT, " | proxy cpu %.2f s", cpu);
    }
}
