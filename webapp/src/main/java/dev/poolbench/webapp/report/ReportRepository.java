package dev.poolbench.webapp.report;

import dev.poolbench.webapp.Settings;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The ban and lock predicates of the login algorithm, for every ip and user at once. One grouped
 * pass finds the candidates (at least threshold rows in total: the count after the newest success
 * can only be smaller) with their newest success; a candidate that never succeeded is banned/locked
 * outright, the others count their rows after that success through the (ip|user_id, id) index.
 * GROUP BY makes every name unique. About 1 s for 200k log rows with the tuned indexes; without
 * them (original schema) the database is the bottleneck here too, hence the report's own timeout.
 */
@Repository
class ReportRepository {

    static final String TIMEOUT_SETTING = "POOLBENCH_REPORT_QUERY_TIMEOUT_SECONDS";

    private final JdbcClient jdbc;

    ReportRepository(DataSource dataSource, Environment environment) {
        // Its own template: the report may run much longer than a login statement may.
        JdbcTemplate template = new JdbcTemplate(dataSource);
        template.setQueryTimeout(Settings.intSetting(environment, TIMEOUT_SETTING, 120, 1));
        this.jdbc = JdbcClient.create(template);
    }

    List<String> bannedIps(int threshold) {
        return jdbc.sql("""
                SELECT c.ip
                  FROM (SELECT ip, MAX(IF(succeeded = 1, id, 0)) AS last_success
                          FROM login_log
                         GROUP BY ip
                        HAVING COUNT(*) >= :threshold) AS c
                 WHERE c.last_success = 0
                    OR (SELECT COUNT(*) FROM login_log l WHERE l.ip = c.ip AND l.id > c.last_success) >= :threshold
                """)
                .param("threshold", threshold)
                .query((rs, row) -> rs.getString(1))
                .list();
    }

    List<String> lockedUsers(int threshold) {
        return jdbc.sql("""
                SELECT u.login
                  FROM (SELECT user_id, MAX(IF(succeeded = 1, id, 0)) AS last_success
                          FROM login_log
                         WHERE user_id IS NOT NULL
                         GROUP BY user_id
                        HAVING COUNT(*) >= :threshold) AS c
                  JOIN users u ON u.id = c.user_id
                 WHERE c.last_success = 0
                    OR (SELECT COUNT(*) FROM login_log l WHERE l.user_id = c.user_id AND l.id > c.last_success)
                           >= :threshold
                """)
                .param("threshold", threshold)
                .query((rs, row) -> rs.getString(1))
                .list();
    }
}
