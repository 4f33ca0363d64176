package dev.poolbench.bench.compare.faultlogs;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One second of the load run, as the load generator saw it: second k covers the run's time
 * (k-1, k]. {@code statuses} counts responses by HTTP status ("none" = no response); it is
 * empty when the load generator does not report it (then only {@code fails} is known).
 */
public record Second(int second, long passedPages, long fails, long requests, long ko,
              Map<String, Long> statuses, long maxLatencyMillis) {

    /** The {@code perSecond} array of {@code result.json}; empty when the run has none. */
    public static List<Second> fromResult(JsonNode result) {
        List<Second> seconds = new ArrayList<>();
        JsonNode array = result == null ? null : result.get("perSecond");
        if (array == null || !array.isArray()) {
            return seconds;
        }
        for (JsonNode s : array) {
            Map<String, Long> statuses = new LinkedHashMap<>();
            s.path("statuses").fields().forEachRemaining(e -> statuses.put(e.getKey(), e.getValue().asLong()));
            seconds.add(new Second(s.path("second").asInt(), s.path("passedPages").asLong(),
                    s.path("fails").asLong(), s.path("requests").asLong(), s.path("ko").asLong(), statuses,
                    s.path("maxLatencyMillis").asLong(-1)));
        }
        return seconds;
    }

    /**
     * The {@code perSecond[].loginsDecided} of {@code result.json} by second: POST /login answered
     * 302/303, as the client saw it; null when the load generator does not report them.
     */
    public static Map<Integer, Long> loginsDecided(JsonNode result) {
        JsonNode array = result == null ? null : result.get("perSecond");
        if (array == null || !array.isArray()) {
            return null;
        }
        Map<Integer, Long> decided = new LinkedHashMap<>();
        for (JsonNode s : array) {
            JsonNode n = s.get("loginsDecided");
            if (n == null || !n.isNumber()) {
                return null;
            }
            decided.put(s.path("second").asInt(), n.asLong());
        }
        return decided.isEmpty() ? null : decided;
    }

    /** Responses that are errors: any status of 400 and above, and no response at all. */
    public long errorResponses() {
        long n = 0;
        for (Map.Entry<String, Long> e : statuses.entrySet()) {
            if (isError(e.getKey())) {
                n += e.getValue();
            }
        }
        return n;
    }

    public static boolean isError(String status) {
        if (status.equals("none")) {
            return true;
        }
        try {
            return Integer.parseInt(status) >= 400;
        } catch (NumberFormatException e) {
            return true;
        }
    }
}
