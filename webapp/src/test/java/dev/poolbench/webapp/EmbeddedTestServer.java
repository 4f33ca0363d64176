package dev.poolbench.webapp;

import dev.poolbench.sql.EmbeddedMariaDb;
import java.nio.file.Path;

/**
 * The one embedded MariaDB of a test JVM (poolbench-sql, base dir {@code target/it-mariadb}),
 * started on first use and stopped at exit: the login suites' loaded database
 * ({@link TestDatabase}) and the metrics tests' bare server ({@code metrics.MetricsTestDatabase})
 * share it, so a run of the integration suites unpacks and starts one server, not two.
 */
public final class EmbeddedTestServer {

    private static EmbeddedMariaDb server;

    private EmbeddedTestServer() {
    }

    public static synchronized EmbeddedMariaDb get() {
        if (server == null) {
            EmbeddedMariaDb started = EmbeddedMariaDb.start(0, Path.of("target", "it-mariadb").toAbsolutePath());
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "it-mariadb-stop"));
            server = started;
        }
        return server;
    }
}
