package dev.poolbench.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.load.score.PerSecond;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Merges the counters of several result.json that add up across bench hosts: the per-second
 * series (summed by second; the max latency is the max), {@code logins} and
 * {@code requests.overMillis} (summed by key). The hosts start within a second or so of each
 * other, so second n of each host is taken as the same second.
 */
final class SeriesMerge {
    private final Map<String, Long> logins = new LinkedHashMap<>();
    private final Map<String, Long> overMillis = new TreeMap<>((a, b) -> Long.compare(Long.parseLong(a), Long.parseLong(b)));
    private final TreeMap<Integer, long[]> counts = new TreeMap<>();
    private final Map<Integer, Map<String, Long>> statuses = new TreeMap<>();

    void add(JsonNode record) {
        record.path("logins").fields().forEachRemaining(f -> logins.merge(f.getKey(), f.getValue().asLong(), Long::sum));
        record.path("requests").path("overMillis").fields()
                .forEachRemaining(f -> overMillis.merge(f.getKey(), f.getValue().asLong(), Long::sum));
        for (JsonNode s : record.path("perSecond")) {
            int second = s.path("second").asInt();
            long[] c = counts.computeIfAbsent(second, k -> new long[6]);
            c[0] += s.path("passedPages").asLong();
            c[1] += s.path("fails").asLong();
            c[2] += s.path("requests").asLong();
            c[3] += s.path("ko").asLong();
            c[4] = Math.max(c[4], s.path("maxLatencyMillis").asLong());
            c[5] += s.path("loginsDecided").asLong();
            Map<String, Long> st = statuses.computeIfAbsent(second, k -> new TreeMap<>(PerSecond::compareStatus));
            s.path("statuses").fields().forEachRemaining(f -> st.merge(f.getKey(), f.getValue().asLong(), Long::sum));
        }
    }

    Map<String, Long> logins() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (String k : new String[] {"decided", "noResponse", "errorStatus"}) {
            m.put(k, logins.getOrDefault(k, 0L));
        }
        logins.forEach(m::putIfAbsent);
        return m;
    }

    Map<String, Long> overMillis() {
        return overMillis;
    }

    List<Map<String, Object>> perSecond() {
        List<Map<String, Object>> out = new ArrayList<>();
        int last = counts.isEmpty() ? 0 : counts.lastKey();
        for (int second = 1; second <= last; second++) {
            long[] c = counts.getOrDefault(second, new long[6]);
            out.add(PerSecond.entry(second, c[0], c[1], c[2], c[3], c[5],
                    statuses.getOrDefault(second, Map.of()), c[4]));
        }
        return out;
    }
}
