package dev.poolbench.webapp.pool;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * "db" health: {@code SELECT 1} through the pool. Replaces Boot's DataSource health indicator,
 * whose validity check goes through JDBC 4.1 methods that Commons DBCP 1.4 lacks.
 */
@Component("db")
class DatabaseHealthIndicator extends AbstractHealthIndicator {

    private final JdbcTemplate jdbcTemplate;

    DatabaseHealthIndicator(JdbcTemplate jdbcTemplate) {
        super("Database health check failed");
        this.jdbcTemplate = jdbcTemplate;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        Integer one = jdbcTemplate.query("SELECT 1", rs -> rs.next() ? rs.getInt(1) : null);
        if (one != null && one == 1) {
            builder.up();
        } else {
            builder.down().withDetail("select1", String.valueOf(one));
        }
    }
}
