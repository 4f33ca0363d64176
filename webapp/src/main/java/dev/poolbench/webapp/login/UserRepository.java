package dev.poolbench.webapp.login;

import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Table {@code users}. */
@Repository
class UserRepository {

    private final JdbcClient jdbc;

    UserRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** By login, with MySQL's case-insensitive collation. */
    Optional<User> findByLogin(String login) {
        return jdbc.sql("""
                SELECT id, login, password_hash, salt
                  FROM users
                 WHERE login = :login
                """)
                .param("login", login)
                .query((rs, row) -> new User(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4)))
                .optional();
    }
}
