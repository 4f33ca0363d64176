package dev.poolbench.webapp.metrics;

import dev.poolbench.sql.EmbeddedMariaDb;
import dev.poolbench.webapp.EmbeddedTestServer;

/**
 * The embedded MariaDB of the test JVM for the metrics tests: only its {@code mysql} database is
 * used (no tables, only the pools are exercised). The login suites' server
 * ({@link EmbeddedTestServer}, {@code target/it-mariadb}): one server per run of the suites.
 */
final class MetricsTestDatabase {

    private MetricsTestDatabase() {
    }

    static EmbeddedMariaDb get() {
        return EmbeddedTestServer.get();
    }

    static String jdbcUrl() {
        return get().jdbcUrl("mysql");
    }
}
