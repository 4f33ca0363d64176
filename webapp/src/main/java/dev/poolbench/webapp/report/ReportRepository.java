package dev.poolbench.webapp.report;

import dev.poolbench.webapp.Settings;
import dev.poolbench.webapp.pool.DatabaseSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The ban and lock predicates of the login algorithm, for every ip and user at once, in one pass
 * over login_log in id order. The rows after the newest success of an ip (or user) are exactly
 * its current run of failures, so a counter that a success resets and a failure increments ends
 * at the count the predicate needs. The pass reads the primary key in order (no sort, no
 * secondary index), so it costs the same on the tuned and on the original, index-less schema:
 * a per-candidate count would rescan the table for every ip without the indexes.
 */
@Repository
class ReportRepository {

    static final String TIMEOUT_SETTING = "POOLBENCH_REPORT_QUERY_TIMEOUT_SECONDS";

    /** Logins are looked up in chunks so a long run's thousands of locked ids stay one small query each. */
    private static final int LOGIN_LOOKUP_CHUNK = 1_000;

    private final JdbcTemplate streaming;
    private final NamedParameterJdbcTemplate named;

    ReportRepository(DataSource dataSource, DatabaseSettings database, Environment environment) {
        // Its own template: the report may run much longer than a login statement may, and its
        // rows are streamed (Connector/J streams when the fetch size is Integer.MIN_VALUE)
        // instead of buffering the whole log in the heap. pgjdbc refuses a negative fetch size
        // and streams only inside a transaction: on PostgreSQL the rows are read in one piece.
        this.streaming = new JdbcTemplate(dataSource);
        this.streaming.setQueryTimeout(Settings.intSetting(environment, TIMEOUT_SETTING, 120, 1));
        this.streaming.setFetchSize(database.postgres() ? 0 : Integer.MIN_VALUE);
        JdbcTemplate lookups = new JdbcTemplate(dataSource);
        lookups.setQueryTimeout(Settings.intSetting(environment, TIMEOUT_SETTING, 120, 1));
        this.named = new NamedParameterJdbcTemplate(lookups);
    }

    Report read(int ipBanThreshold, int userLockThreshold) {
        Map<String, int[]> failuresByIp = new HashMap<>();
        Map<Integer, int[]> failuresByUser = new HashMap<>();
        streaming.query("SELECT ip, user_id, succeeded FROM login_log ORDER BY id", rs -> {
            boolean succeeded = rs.getInt(3) == 1;
            count(failuresByIp.computeIfAbsent(rs.getString(1), ip -> new int[1]), succeeded);
            int userId = rs.getInt(2);
            if (!rs.wasNull()) {
                count(failuresByUser.computeIfAbsent(userId, id -> new int[1]), succeeded);
            }
        });
        List<String> bannedIps = new ArrayList<>();
        failuresByIp.forEach((ip, failures) -> {
            if (failures[0] >= ipBanThreshold) {
                bannedIps.add(ip);
            }
        });
        List<Integer> lockedIds = new ArrayList<>();
        failuresByUser.forEach((userId, failures) -> {
            if (failures[0] >= userLockThreshold) {
                lockedIds.add(userId);
            }
        });
        return new Report(bannedIps, loginsOf(lockedIds));
    }

    private static void count(int[] failures, boolean succeeded) {
        failures[0] = succeeded ? 0 : failures[0] + 1;
    }

    private List<String> loginsOf(List<Integer> userIds) {
        List<String> logins = new ArrayList<>(userIds.size());
        for (int from = 0; from < userIds.size(); from += LOGIN_LOOKUP_CHUNK) {
            List<Integer> chunk = userIds.subList(from, Math.min(from + LOGIN_LOOKUP_CHUNK, userIds.size()));
            logins.addAll(named.query("SELECT login FROM users WHERE id IN (:ids)", Map.of("ids", chunk),
                    (rs, row) -> rs.getString(1)));
        }
        return logins;
    }

    record Report(List<String> bannedIps, List<String> lockedUsers) {}
}
