package dev.poolbench.bench.compare.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The database reset of a local run without its cost on the run's critical path: a spare copy of
 * the pristine {@code login_log} waits beside the table, and the reset swaps the two
 * ({@code RENAME TABLE}, one atomic statement, milliseconds). The used table is dropped and the
 * spare refilled from {@code login_log_init} later, at a moment the runner chooses: never in a
 * measured window (during the warm-up, or after the measured load while the load JVM settles and
 * checks {@code /report}).
 *
 * <p>The state after a swap equals the state after {@code sql/reset.sql} (TRUNCATE + INSERT of
 * login_log_init): the same rows with the same ids in a table of the same definition
 * ({@code CREATE TABLE ... LIKE login_log}, so the schema variant's indexes too), and
 * AUTO_INCREMENT at max(id) + 1. Like TRUNCATE, RENAME waits for the statements in flight on the
 * table; the app is idle then. When no spare is ready (the first reset, a refill that failed or
 * was never asked for), the swap refills it first, which costs what the plain reset costs.
 */
final class LoginLogSpare {

    private static final String SPARE = "login_log_spare";
    private static final String USED = "login_log_used";

    private final String jdbcUrl;
    private final String user;
    private final String password;
    private CompletableFuture<Void> refill;

    LoginLogSpare(String jdbcUrl, String user, String password) {
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password == null ? "" : password;
    }

    /** Puts the pristine copy in place of login_log; waits for a refill in progress or refills first. */
    synchronized void swap() {
        CompletableFuture<Void> pending = refill;
        refill = null;
        boolean ready = false;
        if (pending != null) {
            try {
                pending.get();
                ready = true;
            } catch (ExecutionException e) {
                // refilled below, in this thread, with its error if it fails again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the spare login_log was refilled");
            }
        }
        try (Connection c = connect(); Statement s = c.createStatement()) {
            if (!ready) {
                refill(s);
            }
            s.execute("SET SESSION lock_wait_timeout = 30");
            s.execute("DROP TABLE IF EXISTS " + USED);
            s.execute("RENAME TABLE login_log TO " + USED + ", " + SPARE + " TO login_log");
        } catch (SQLException e) {
            throw new IllegalStateException("reset (swap of login_log) on " + jdbcUrl + " failed: " + e.getMessage(), e);
        }
    }

    /** Drops the used table and refills the spare in the background (no-op when one is under way). */
    synchronized void refillInBackground() {
        if (refill != null) {
            return;
        }
        refill = CompletableFuture.runAsync(() -> {
            try (Connection c = connect(); Statement s = c.createStatement()) {
                refill(s);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }, runnable -> {
            Thread t = new Thread(runnable, "poolbench-login-log-refill");
            t.setDaemon(true);
            t.start();
        });
    }

    /** Waits for a refill under way (the end of the comparison: the database stops next). */
    void awaitRefill() {
        CompletableFuture<Void> pending;
        synchronized (this) {
            pending = refill;
        }
        if (pending != null) {
            pending.exceptionally(e -> null).join();
        }
    }

    private static void refill(Statement s) throws SQLException {
        s.execute("DROP TABLE IF EXISTS " + USED);
        s.execute("DROP TABLE IF EXISTS " + SPARE);
        s.execute("CREATE TABLE " + SPARE + " LIKE login_log");
        s.execute("INSERT INTO " + SPARE + " SELECT * FROM login_log_init");
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, user, password);
    }
}
