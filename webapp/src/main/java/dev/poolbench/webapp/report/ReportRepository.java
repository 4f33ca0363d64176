package dev.poolbench.webapp.report;

import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The ban and lock predicates of the login algorithm, for every ip and user at once. One pass over
 * login_log each (window function: newest success per ip/user), so the answer stays fast with or
 * without the tuned indexes. GROUP BY makes every name unique.
 */
@Repository
class ReportRepository {

    private final JdbcClient jdbc;

    ReportRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<String> bannedIps(int threshold) {
        return jdbc.sql("""
                SELECT ip
                  FROM (SELECT ip, id,
                               MAX(CASE WHEN succeeded = 1 THEN id ELSE 0 END) OVER (PARTITION BY ip) AS last_success
                          FROM login_log) AS t
                 WHERE id > last_success
                 GROUP BY ip
                HAVING COUNT(*) >= :threshold
                """)
                .param("threshold", threshold)
                .query((rs, row) -> rs.getString(1))
                .list();
    }

    List<String> lockedUsers(int threshold) {
        return jdbc.sql("""
                SELECT u.login
                  FROM (SELECT user_id
                          FROM (SELECT user_id, id,
                                       MAX(CASE WHEN succeeded = 1 THEN id ELSE 0 END)
                                           OVER (PARTITION BY user_id) AS last_success
                                  FROM login_log
                                 WHERE user_id IS NOT NULL) AS t
                         WHERE id > last_success
                         GROUP BY user_id
                        HAVING COUNT(*) >= :threshold) AS locked
                  JOIN users u ON u.id = locked.user_id
                """)
                .param("threshold", threshold)
                .query((rs, row) -> rs.getString(1))
                .list();
    }
}
