package dev.poolbench.webapp.report;

import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The ban and lock predicates of the login algorithm, for every ip and user at once. Step one finds
 * the candidates (at least threshold rows in total, since the count after the newest success can
 * only be smaller) with their newest success in one grouped pass over (ip|user_id, succeeded, id);
 * step two counts each candidate's rows after that success with the (ip|user_id, id) index.
 * GROUP BY makes every name unique.
 */
@Repository
class ReportRepository {

    private final JdbcClient jdbc;

    ReportRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<String> bannedIps(int threshold) {
        return jdbc.sql("""
                SELECT l.ip
                  FROM (SELECT ip, MAX(IF(succeeded = 1, id, 0)) AS last_success
                          FROM login_log
                         GROUP BY ip
                        HAVING COUNT(*) >= :threshold) AS candidate
                  JOIN login_log l ON l.ip = candidate.ip AND l.id > candidate.last_success
                 GROUP BY l.ip
                HAVING COUNT(*) >= :threshold
                """)
                .param("threshold", threshold)
                .query((rs, row) -> rs.getString(1))
                .list();
    }

    List<String> lockedUsers(int threshold) {
        return jdbc.sql("""
                SELECT u.login
                  FROM (SELECT l.user_id
                          FROM (SELECT user_id, MAX(IF(succeeded = 1, id, 0)) AS last_success
                                  FROM login_log
                                 WHERE user_id IS NOT NULL
                                 GROUP BY user_id
                                HAVING COUNT(*) >= :threshold) AS candidate
                          JOIN login_log l ON l.user_id = candidate.user_id AND l.id > candidate.last_success
                         GROUP BY l.user_id
                        HAVING COUNT(*) >= :threshold) AS locked
                  JOIN users u ON u.id = locked.user_id
                """)
                .param("threshold", threshold)
                .query((rs, row) -> rs.getString(1))
                .list();
    }
}
