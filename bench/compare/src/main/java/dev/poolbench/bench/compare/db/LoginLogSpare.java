package dev.poolbench.bench.compare.db;

import dev.poolbench.sql.Dialect;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The database reset of a local run without its cost on the run's critical path: pristine spare
 * copies of {@code login_log} wait beside the table, and the reset swaps one in
 * ({@code RENAME TABLE}, one atomic statement, milliseconds). The used table is dropped and the
 * spares refilled from {@code login_log_init} later, at a moment the runner chooses: during the
 * warm-up, never in a measured window nor while the next run's JVMs start.
 *
 * <p>A run resets twice (before its warm-up and before its measured window), so there are two
 * spares: both are refilled during one warm-up, the first swapped in at its end and the second
 * at the start of the next run. Nothing is left to refill after the measured window, when the
 * next run's app JVMs start on the same CPUs.
 *
 * <p>The state after a swap equals the state after {@code sql/reset.sql} (TRUNCATE + INSERT of
 * login_log_init): the same rows with the same ids in a table of the same definition
 * ({@code CREATE TABLE ... LIKE login_log}, so the schema variant's indexes too), and
 * AUTO_INCREMENT at max(id) + 1. Like TRUNCATE, RENAME waits for the statements in flight on the
 * table; the app is idle then. When no spare is ready or being refilled (the first reset, a
 * refill that failed or was never asked for), the swap refills one first, which costs what the
 * plain reset costs.
 *
 * <p>On PostgreSQL ({@code --database postgres}) the same spares, refilled and swapped by
 * {@link PostgresSpare} (a copy's indexes renamed to login_log's, the id sequence moved on).
 */
final class LoginLogSpare {

    /** The spares' table names; at most one refill runs at a time, in this order. */
    static final List<String> SPARES = List.of("login_log_spare", "login_log_spare_2");
    private static final String USED = "login_log_used";

    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final boolean postgres;
    /** Per spare: its refill (done: the spare is ready), or null when it was swapped in or never filled. */
    private final Map<String, CompletableFuture<Void>> refills = new LinkedHashMap<>();
    /** One refill at a time: the spares' copies would otherwise compete for the same server. */
    private CompletableFuture<Void> last = CompletableFuture.completedFuture(null);

    LoginLogSpare(String jdbcUrl, String user, String password) {
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password == null ? "" : password;
        this.postgres = Dialect.of(jdbcUrl) == Dialect.POSTGRES;
    }

    /** Puts a pristine copy in place of login_log: a ready spare, else one being refilled (waited for), else one refilled first. */
    synchronized void swap() {
        String spare = SPARES.stream().filter(n -> refills.get(n) != null && refills.get(n).isDone()
                && !refills.get(n).isCompletedExceptionally()).findFirst()
                .orElse(SPARES.stream().filter(n -> refills.get(n) != null).findFirst().orElse(SPARES.get(0)));
        CompletableFuture<Void> pending = refills.put(spare, null);
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
                refill(s, spare);
            }
            if (postgres) {
                PostgresSpare.swap(c, spare);
                return;
            }
            s.execute("SET SESSION lock_wait_timeout = 30");
            s.execute("DROP TABLE IF EXISTS " + USED);
            s.execute("RENAME TABLE login_log TO " + USED + ", " + spare + " TO login_log");
        } catch (SQLException e) {
            throw new IllegalStateException("reset (swap of login_log) on " + jdbcUrl + " failed: " + e.getMessage(), e);
        }
    }

    /** Drops the used table and refills, one after the other in the background, every spare not ready or under way. */
    synchronized void refillInBackground() {
        for (String spare : SPARES) {
            CompletableFuture<Void> f = refills.get(spare);
            if (f == null || f.isCompletedExceptionally()) {
                CompletableFuture<Void> next = last.exceptionally(e -> null).thenRunAsync(() -> {
                    try (Connection c = connect(); Statement s = c.createStatement()) {
                        refill(s, spare);
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                }, runnable -> {
                    Thread t = new Thread(runnable, "poolbench-login-log-refill");
                    t.setDaemon(true);
                    t.start();
                });
                refills.put(spare, next);
                last = next;
            }
        }
    }

    /** Waits for the refills under way (the end of the comparison: the database stops next). */
    void awaitRefill() {
        CompletableFuture<Void> pending;
        synchronized (this) {
            pending = last;
        }
        pending.exceptionally(e -> null).join();
    }

    private void refill(Statement s, String spare) throws SQLException {
        if (postgres) {
            PostgresSpare.refill(s, spare);
            return;
        }
        s.execute("DROP TABLE IF EXISTS " + USED);
        s.execute("DROP TABLE IF EXISTS " + spare);
        s.execute("CREATE TABLE " + spare + " LIKE login_log");
        s.execute("INSERT INTO " + spare + " SELECT * FROM login_log_init");
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, user, password);
    }
}
