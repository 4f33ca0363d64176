package dev.poolbench.bench.compare.faultfigures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.faultplan.PoolSettingsSet;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.variant.SessionStore;
import java.io.IOException;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@value #FILE}: what a fault run recorded besides the load's and the pool sampler's own files,
 * written by the local runner ({@code faults.FaultRun}) and by Ansible's {@code faults.yml} alike, so
 * that {@link FaultRunFiles} computes the figures of both from the same files. Times are epoch
 * milliseconds of the clock of the host that took them (the same host locally; NTP-synced hosts
 * on VMs).
 *
 * @param session                 where the app kept its sessions (memory when the file names none,
 *                                as Ansible's faults.yml writes it)
 * @param settings                the pool's and driver's settings (shipped when the file names none:
 *                                every run taken before they were a dimension)
 * @param faultBeginEpochMillis   when the fault started (null: it never ran)
 * @param faultEndEpochMillis     when the database was back (null: it never came back)
 * @param faultDetail             e.g. the restart's stop and start times; may be null
 * @param serverClosedSessions    the app's sessions the server closed during the fault (idle-timeout);
 *                                null when the fault does not count them, or the file names none
 * @param poolSamplerStartEpochMillis when the pool sampler's second 0 was (null: no sampler)
 * @param loadExitCode            the measured load run's exit status (null: unknown)
 * @param rowsBefore              {@code login_log} rows before the measured run
 * @param maxIdBefore             highest {@code login_log} id before the measured run
 * @param rowsAfter               {@code login_log} rows after it
 * @param timeZone                zone of the app's clock, which writes {@code created_at}
 * @param rowsPerSecond           rows above {@code maxIdBefore} per {@code created_at} second
 * @param problems                what went wrong while the run was taken
 */
public record FaultRunRecord(Scenario scenario, String profile, SessionStore session, PoolSettingsSet settings,
                      Long faultBeginEpochMillis,
                      Long faultEndEpochMillis,
                      String faultDetail, Integer serverClosedSessions, Long poolSamplerStartEpochMillis,
                      Integer loadExitCode,
                      long rowsBefore, long maxIdBefore, long rowsAfter, ZoneId timeZone,
                      Map<LocalDateTime, Long> rowsPerSecond, List<String> problems) {

    static final String FILE = "fault-run.json";
    /** {@code created_at} as the app wrote it, one key per second. */
    public static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    ObjectNode json() {
        ObjectNode n = Json.object();
        n.put("schema", 1);
        n.put("scenario", scenario.cliName());
        n.put("profile", profile);
        n.put("session", session.label());
        n.put("settings", settings.label());
        n.put("faultBeginEpochMillis", faultBeginEpochMillis);
        n.put("faultEndEpochMillis", faultEndEpochMillis);
        n.put("faultDetail", faultDetail);
        n.put("serverClosedSessions", serverClosedSessions);
        n.put("poolSamplerStartEpochMillis", poolSamplerStartEpochMillis);
        n.put("loadExitCode", loadExitCode);
        ObjectNode log = n.putObject("loginLog");
        log.put("rowsBefore", rowsBefore);
        log.put("maxIdBefore", maxIdBefore);
        log.put("rowsAfter", rowsAfter);
        log.put("timeZone", timeZone.getId());
        ObjectNode rows = log.putObject("rowsPerSecond");
        new TreeMap<>(rowsPerSecond).forEach((second, count) -> rows.put(SECOND.format(second), count));
        ArrayNode list = n.putArray("problems");
        problems.forEach(list::add);
        return n;
    }

    public void write(Path runDir) throws IOException {
        Json.write(runDir.resolve(FILE), json());
    }

    /** Reads {@value #FILE}; a missing or malformed field is an IllegalArgumentException naming it. */
    static FaultRunRecord read(Path runDir) throws IOException {
        return of(Json.read(runDir.resolve(FILE)), runDir.resolve(FILE).toString());
    }

    static FaultRunRecord of(JsonNode n, String source) {
        Scenario scenario = Scenario.parse(n.path("scenario").asText(""));
        if (scenario == null) {
            throw new IllegalArgumentException(source + ": unknown scenario '" + n.path("scenario").asText("") + "'");
        }
        SessionStore session = SessionStore.of(n.path("session").asText(SessionStore.MEMORY.label()));
        if (session == null) {
            throw new IllegalArgumentException(source + ": unknown session store '" + n.path("session").asText("")
                    + "'; valid: memory, redis-shared, redis-pooled");
        }
        PoolSettingsSet settings = PoolSettingsSet.of(n.path("settings").asText(PoolSettingsSet.SHIPPED.label()));
        if (settings == null) {
            throw new IllegalArgumentException(source + ": unknown settings '" + n.path("settings").asText("")
                    + "'; valid: " + PoolSettingsSet.labels());
        }
        JsonNode log = n.path("loginLog");
        ZoneId zone;
        try {
            zone = ZoneId.of(log.path("timeZone").asText(""));
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(source + ": loginLog.timeZone '" + log.path("timeZone").asText("")
                    + "' is not a zone id or offset such as +00:00");
        }
        Map<LocalDateTime, Long> rows = new LinkedHashMap<>();
        log.path("rowsPerSecond").fields().forEachRemaining(e -> {
            try {
                rows.put(LocalDateTime.parse(e.getKey(), SECOND), e.getValue().asLong());
            } catch (DateTimeParseException ex) {
                throw new IllegalArgumentException(source + ": loginLog.rowsPerSecond key '" + e.getKey()
                        + "' is not yyyy-MM-dd HH:mm:ss");
            }
        });
        List<String> problems = new ArrayList<>();
        n.path("problems").forEach(p -> problems.add(p.asText()));
        return new FaultRunRecord(scenario, n.path("profile").asText(), session, settings,
                longOrNull(n, "faultBeginEpochMillis"),
                longOrNull(n, "faultEndEpochMillis"), n.hasNonNull("faultDetail") ? n.get("faultDetail").asText() : null,
                n.path("serverClosedSessions").canConvertToInt() ? n.get("serverClosedSessions").asInt() : null,
                longOrNull(n, "poolSamplerStartEpochMillis"),
                n.hasNonNull("loadExitCode") ? n.get("loadExitCode").asInt() : null,
                required(log, "rowsBefore", source), required(log, "maxIdBefore", source),
                required(log, "rowsAfter", source), zone, rows, List.copyOf(problems));
    }

    private static Long longOrNull(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || !v.isNumber() ? null : v.asLong();
    }

    private static long required(JsonNode log, String field, String source) {
        JsonNode v = log.get(field);
        if (v == null || !v.canConvertToLong()) {
            throw new IllegalArgumentException(source + ": loginLog." + field + " is missing or not a whole number");
        }
        return v.asLong();
    }
}
