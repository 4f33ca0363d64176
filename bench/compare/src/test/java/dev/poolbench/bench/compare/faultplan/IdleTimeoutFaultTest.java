package dev.poolbench.bench.compare.faultplan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.db.IdleSessionTimeout;
import dev.poolbench.sql.DatabaseServer;
import dev.poolbench.sql.EmbeddedMariaDb;
import dev.poolbench.sql.LocalPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fault idle-timeout on real servers, with plain JDBC connections as the pool: made after the
 * server's timeout was set, left idle through a pause longer than it, they are dead when the
 * pause ends, and the fault says the server closed them; the server's own value is back after.
 * Fails if the timeout did not take (MariaDB copies wait_timeout into a session at connect, so a
 * value set too late would leave these connections alive).
 */
class IdleTimeoutFaultTest {

    @Test
    void mariaDbClosesThePoolsIdleConnectionsDuringThePause() throws Exception {
        // Kept under target/: the binaries are unpacked once.
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(0, Path.of("target", "idle-mariadb"))) {
            try (Connection c = DriverManager.getConnection(db.jdbcUrl("mysql"), db.user(), db.password());
                 Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE IF NOT EXISTS idle_test");
            }
            pauseKillsEveryIdleConnection(db, db.jdbcUrl("idle_test"));
        }
    }

    @Test
    void postgresClosesThePoolsIdleConnectionsDuringThePauseAndNoValueIsLeftBehind() throws Exception {
        LocalPostgres db = LocalPostgres.start(0, Path.of("target", "idle-postgres"));
        try {
            String url = db.jdbcUrl("postgres");
            // The cluster is kept under target/: a test killed mid-way may have left the value there.
            new IdleSessionTimeout(url, db.user(), db.password()).clearLeftover();
            pauseKillsEveryIdleConnection(db, url);
            // A run killed between set and restore leaves the value in postgresql.auto.conf.
            IdleSessionTimeout server = new IdleSessionTimeout(url, db.user(), db.password());
            server.set(7);
            server.clearLeftover();
            assertEquals(0, awaitNewSessionSeconds(server, 0));
        } finally {
            db.close();
        }
    }

    private static void pauseKillsEveryIdleConnection(DatabaseServer db, String url) throws Exception {
        IdleSessionTimeout server = new IdleSessionTimeout(url, db.user(), db.password());
        long serverValue = server.newSessionSeconds();
        IdleTimeoutFault fault = new IdleTimeoutFault(server, 1);
        List<Connection> pool = new ArrayList<>();
        try (Fault.ServerSetting setting = fault.beforeApp()) {
            assertEquals(1, server.newSessionSeconds(), "a session opened now has the short timeout");
            for (int i = 0; i < 3; i++) {
                pool.add(DriverManager.getConnection(url, db.user(), db.password()));
            }
            Fault.Applied applied = fault.applyCounting(3_000);
            String detail = applied.detail();
            assertTrue(detail.startsWith("idle timeout 1 s: the server closed 3 of the 3 sessions open at the pause's "
                    + "start; 0 sessions at its end"), detail);
            assertEquals(3, applied.serverClosedSessions(), "the run's record counts the sessions the server closed");
            for (Connection c : pool) {
                assertThrows(SQLException.class, () -> {
                    try (Statement s = c.createStatement()) {
                        s.execute("SELECT 1");
                    }
                }, "a connection lent out unchecked after the pause fails");
            }
        } finally {
            for (Connection c : pool) {
                try {
                    c.close();
                } catch (SQLException e) {
                    // already dead
                }
            }
        }
        assertEquals(serverValue, awaitNewSessionSeconds(server, serverValue), "the server's own value is back");
    }

    /** PostgreSQL reloads asynchronously: the value a new session gets, once it is {@code want} or after 5 s. */
    private static long awaitNewSessionSeconds(IdleSessionTimeout server, long want) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        long got = server.newSessionSeconds();
        while (got != want && System.nanoTime() < deadline) {
            Thread.sleep(50);
            got = server.newSessionSeconds();
        }
        return got;
    }
}
