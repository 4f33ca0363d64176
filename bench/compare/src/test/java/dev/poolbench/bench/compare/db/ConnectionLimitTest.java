package dev.poolbench.bench.compare.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.poolbench.sql.EmbeddedMariaDb;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * max-connections' limit on a real MariaDB: the runner's own ({@link ConnectionLimit#open}, set,
 * put back at close) and a watcher of a limit set by someone else ({@link ConnectionLimit#watch},
 * faults-replicas on a host, where faults.yml sets it as root and puts it back): the watcher
 * reads the limit and the counts (the refusals with those after the handshake), and its close
 * leaves the limit as it found it.
 */
class ConnectionLimitTest {

    @Test
    void aWatcherReadsTheLimitAndLeavesItWhereTheRunnerPutsItBack() throws Exception {
        // Kept under target/: the binaries are unpacked once.
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(0, Path.of("target", "limit-mariadb"))) {
            String url = db.jdbcUrl("mysql");
            long before;
            try (ConnectionLimit runner = ConnectionLimit.open(url, db.user(), db.password())) {
                before = runner.previous();
                long limit = runner.connected() + 20;
                runner.set(limit);
                try (ConnectionLimit watcher = ConnectionLimit.watch(url, db.user(), db.password(), before)) {
                    assertEquals(limit, watcher.limit());
                    assertEquals(before, watcher.previous());
                    assertEquals(runner.connected(), watcher.connected(), "both count the same server");
                    // A login refused after the handshake (here: no such database), as the server
                    // refuses a user that is not privileged on the slot kept for a privileged one.
                    long runnerRefused = runner.refused();
                    long watcherRefused = watcher.refused();
                    assertThrows(SQLException.class, () -> DriverManager.getConnection(db.jdbcUrl("no_such_database"),
                            db.user(), db.password()).close());
                    assertEquals(runnerRefused, runner.refused(), "the runner counts max_connections errors only");
                    assertEquals(watcherRefused + 1, watcher.refused(), "a watcher counts it");
                }
                assertEquals(limit, runner.limit(), "the watcher's close leaves the limit set");
            }
            try (ConnectionLimit after = ConnectionLimit.open(url, db.user(), db.password())) {
                assertEquals(before, after.limit(), "the runner's close puts it back");
            }
        }
    }
}
