package dev.poolbench.sql;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * One embedded MariaDB per test JVM, loaded once with the seed-42 data (tuned schema).
 * Starting and loading take seconds, so the test classes share it; every test that changes
 * the data or the indexes puts them back (reset / TUNED) before it ends. The server is
 * stopped by EmbeddedMariaDb's shutdown hook when the JVM exits.
 */
final class SharedDatabase {
    static final String DATABASE = "isu4_qualifier";
    private static EmbeddedMariaDb db;

    private SharedDatabase() {
    }

    static synchronized EmbeddedMariaDb loaded() {
        if (db == null) {
            // Under target/: reused by the next build (fast restart), removed by mvn clean.
            EmbeddedMariaDb started = EmbeddedMariaDb.start(0, Path.of("target", "embedded-mariadb"));
            new DatabaseLoader(started.jdbcUrl(DATABASE), started.user(), started.password(), System.out::println)
                    .load(TestData.seed42().directory(), SchemaVariant.TUNED);
            db = started;
        }
        return db;
    }

    static String jdbcUrl() {
        return loaded().jdbcUrl(DATABASE);
    }

    static Connection connect() throws SQLException {
        EmbeddedMariaDb server = loaded();
        return DriverManager.getConnection(server.jdbcUrl(DATABASE), server.user(), server.password());
    }
}
