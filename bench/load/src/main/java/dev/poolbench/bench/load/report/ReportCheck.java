package dev.poolbench.bench.load.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The end-of-run check: {@code GET /report} must list exactly the banned ips and locked users
 * of the client model. Lengths must match exactly; membership must match except for entries
 * marked incomplete. Any mismatch makes the run invalid.
 */
public final class ReportCheck {
    /** Problems listed per kind before the rest are summarised. */
    private static final int MAX_LISTED = 5;

    public record Result(boolean ok, List<String> problems, int expectedBannedIps, int actualBannedIps,
                         int expectedLockedUsers, int actualLockedUsers) {

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("performed", true);
            m.put("ok", ok);
            m.put("problems", problems);
            m.put("expectedBannedIps", expectedBannedIps);
            m.put("actualBannedIps", actualBannedIps);
            m.put("expectedLockedUsers", expectedLockedUsers);
            m.put("actualLockedUsers", actualLockedUsers);
            return m;
        }
    }

    public static Map<String, Object> notPerformed() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("performed", false);
        m.put("ok", true);
        m.put("problems", List.of());
        m.put("expectedBannedIps", 0);
        m.put("actualBannedIps", 0);
        m.put("expectedLockedUsers", 0);
        m.put("actualLockedUsers", 0);
        return m;
    }

    private ReportCheck() {
    }

    public static Result run(String baseUrl, String userAgent, int timeoutMillis, Expectations expected) {
        JsonNode json;
        try {
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(timeoutMillis)).build();
            HttpRequest req = HttpRequest.newBuilder(URI.create(baseUrl + "/report"))
                    .timeout(Duration.ofMillis(timeoutMillis))
                    .header("User-Agent", userAgent)
                    .GET().build();
            HttpResponse<String> resp = client.send(req, HttpResponse.BodyHandlers.ofString());
            if (resp.statusCode() != 200) {
                return failed(expected, "GET /report answered " + resp.statusCode() + " (expected 200)");
            }
            json = new ObjectMapper().readTree(resp.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(expected, "GET /report interrupted");
        } catch (Exception e) {
            return failed(expected, "GET /report failed: " + e);
        }
        List<String> actualIps = strings(json, "banned_ips");
        List<String> actualUsers = strings(json, "locked_users");
        if (actualIps == null || actualUsers == null) {
            return failed(expected, "GET /report is not {\"banned_ips\":[...],\"locked_users\":[...]}");
        }
        return compare(expected, actualIps, actualUsers);
    }

    public static Result compare(Expectations expected, List<String> actualIps, List<String> actualUsers) {
        List<String> problems = new ArrayList<>();
        compare("banned_ips", expected.bannedIps, expected.incompleteIps, actualIps, problems);
        compare("locked_users", expected.lockedUsers, expected.incompleteUsers, actualUsers, problems);
        return new Result(problems.isEmpty(), problems, expected.bannedIps.size(), actualIps.size(),
                expected.lockedUsers.size(), actualUsers.size());
    }

    private static void compare(String name, Set<String> expected, Set<String> incomplete, List<String> actualList,
                                List<String> problems) {
        Set<String> actual = new HashSet<>(actualList);
        if (actual.size() != actualList.size()) {
            problems.add(name + " holds duplicates");
        }
        if (expected.size() != actualList.size()) {
            problems.add(name + ": " + actualList.size() + " entries, expected " + expected.size());
        }
        List<String> missing = new ArrayList<>();
        for (String e : expected) {
            if (!actual.contains(e) && !incomplete.contains(e)) {
                missing.add(e);
            }
        }
        List<String> extra = new ArrayList<>();
        for (String a : actual) {
            if (!expected.contains(a) && !incomplete.contains(a)) {
                extra.add(a);
            }
        }
        if (!missing.isEmpty()) {
            problems.add(name + ": " + missing.size() + " missing, e.g. " + head(missing));
        }
        if (!extra.isEmpty()) {
            problems.add(name + ": " + extra.size() + " unexpected, e.g. " + head(extra));
        }
    }

    private static String head(List<String> l) {
        return String.join(", ", l.subList(0, Math.min(MAX_LISTED, l.size())));
    }

    private static List<String> strings(JsonNode json, String field) {
        JsonNode a = json == null ? null : json.get(field);
        if (a == null || !a.isArray()) {
            return null;
        }
        List<String> out = new ArrayList<>(a.size());
        a.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static Result failed(Expectations e, String problem) {
        return new Result(false, List.of(problem), e.bannedIps.size(), 0, e.lockedUsers.size(), 0);
    }
}
