package dev.poolbench.webapp.metrics;

import dev.poolbench.sql.EmbeddedMariaDb;
import java.nio.file.Path;

/**
 * One embedded MariaDB for all metrics tests of a JVM, started on first use, stopped at exit.
 * Base dir: {@code -Dpoolbench.test.metricsDbDir}, default {@code $TMPDIR/poolbench-metrics-it-db}
 * (kept across runs so the ~360 MB unpack happens once; separate from other suites' servers).
 */
final class MetricsTestDatabase {

    private static EmbeddedMariaDb db;

    private MetricsTestDatabase() {
    }

    static synchronized EmbeddedMariaDb get() {
        if (db == null) {
            Path baseDir = Path.of(System.getProperty("poolbench.test.metricsDbDir",
                    Path.of(System.getProperty("java.io.tmpdir"), "poolbench-metrics-it-db").toString()));
            db = EmbeddedMariaDb.start(0, baseDir);
            EmbeddedMariaDb started = db;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "metrics-test-db-stop"));
        }
        return db;
    }

    static String jdbcUrl() {
        return get().jdbcUrl("mysql");
    }
}
