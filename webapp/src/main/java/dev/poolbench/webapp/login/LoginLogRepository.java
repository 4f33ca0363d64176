package dev.poolbench.webapp.login;

import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Table {@code login_log}. Every statement runs on its own (auto-commit, one borrow each), like the
 * original ISUCON4 apps; the only write is one single-row INSERT per attempt.
 */
@Repository
class LoginLogRepository {

    /**
     * /mypage's YYYY-MM-DD HH:MM:SS, formatted here so the SQL is the same on MySQL and PostgreSQL
     * (read with getTimestamp: DBCP 1.4's result set wrapper has no getObject(int, Class)).
     */
    private static final DateTimeFormatter CREATED_AT = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private final JdbcClient jdbc;

    LoginLogRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Rows of this ip after its newest success (all its rows if it never succeeded). */
    long failuresOfIp(String ip) {
        return jdbc.sql("""
                SELECT COUNT(*)
                  FROM login_log
                 WHERE ip = :ip
                   AND id > COALESCE((SELECT MAX(id) FROM login_log WHERE ip = :ip AND succeeded = 1), 0)
                """)
                .param("ip", ip)
                .query((rs, row) -> rs.getLong(1))
                .single();
    }

    /** Rows of this user after the user's newest success (all of them if never succeeded). */
    long failuresOfUser(long userId) {
        return jdbc.sql("""
                SELECT COUNT(*)
                  FROM login_log
                 WHERE user_id = :userId
                   AND id > COALESCE((SELECT MAX(id) FROM login_log WHERE user_id = :userId AND succeeded = 1), 0)
                """)
                .param("userId", userId)
                .query((rs, row) -> rs.getLong(1))
                .single();
    }

    void insert(LocalDateTime createdAt, Long userId, String login, String ip, boolean succeeded) {
        jdbc.sql("""
                INSERT INTO login_log (created_at, user_id, login, ip, succeeded)
                VALUES (:createdAt, :userId, :login, :ip, :succeeded)
                """)
                .param("createdAt", Timestamp.valueOf(createdAt))
                .param("userId", userId, java.sql.Types.INTEGER)
                .param("login", login)
                .param("ip", ip)
                .param("succeeded", succeeded ? 1 : 0)
                .update();
    }

    /** The two newest successes of the user, newest first. */
    List<LastLogin> newestSuccesses(long userId) {
        return jdbc.sql("""
                SELECT login, ip, created_at
                  FROM login_log
                 WHERE user_id = :userId AND succeeded = 1
                 ORDER BY id DESC
                 LIMIT 2
                """)
                .param("userId", userId)
                .query((rs, row) -> new LastLogin(rs.getString(1), rs.getString(2),
                        rs.getTimestamp(3).toLocalDateTime().format(CREATED_AT)))
                .list();
    }
}
