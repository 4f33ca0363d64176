package dev.poolbench.bench.micro;

import dev.poolbench.webapp.pool.DatabaseSettings;
import dev.poolbench.webapp.pool.StandalonePool;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The two cycles, per pool and target, in operations per millisecond (the unit of HikariCP's
 * published JMH chart). Forks, warm-up, iterations and threads come from the runner
 * ({@link MicroRun}); the defaults here only matter when JMH is started by hand.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PoolBenchmark {

    /** One pool per trial (one fork per pool x target x threads), shared by the benchmark threads. */
    @State(Scope.Benchmark)
    public static class Pool {

        /** A pool profile of the app ({@link StandalonePool#profiles()}) or {@value DriverManagerBaseline#NAME}. */
        @Param("hikari")
        public String pool;

        @Param("stub")
        public String target;

        /** The equalized pool size N (the app's POOLBENCH_POOL_SIZE default). */
        @Param("10")
        public int poolSize;

        /** The equalized wait for a connection (the app's POOLBENCH_POOL_WAIT_MILLIS default). */
        @Param("30000")
        public int waitMillis;

        DataSource dataSource;
        private StandalonePool standalone;
        /** Set before the pool closes: a thread's give-back may come after it (see Borrowed). */
        volatile boolean closed;

        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            DatabaseSettings database = Target.parse(target).database();
            if (DriverManagerBaseline.NAME.equals(pool)) {
                dataSource = new DriverManagerBaseline(database);
                return;
            }
            // statementCycle: every thread holds one connection for the whole trial, so the pool
            // needs at least one per thread (otherwise threads beyond N would time out in setup).
            int size = params.getBenchmark().endsWith(".statementCycle")
                    ? Math.max(poolSize, params.getThreads()) : poolSize;
            standalone = StandalonePool.open(pool, database, size, waitMillis);
            dataSource = standalone.dataSource();
        }

        @TearDown(Level.Trial)
        public void close() {
            closed = true;
            if (standalone != null) {
                standalone.close();
            }
        }
    }

    /** The connection a benchmark thread holds while statementCycle runs. */
    @State(Scope.Thread)
    public static class Borrowed {

        Connection connection;
        private Pool pool;

        @Setup(Level.Trial)
        public void borrow(Pool pool) throws SQLException {
            this.pool = pool;
            connection = pool.dataSource.getConnection();
        }

        /**
         * JMH does not order one thread's teardown of its own state after another thread's teardown
         * of the shared pool: a connection given back to a pool already closed is closed with it
         * (UCP says so with an exception, UCP-45060; the others ignore it).
         */
        @TearDown(Level.Trial)
        public void giveBack() throws SQLException {
            try {
                connection.close();
            } catch (SQLException e) {
                if (!pool.closed) {
                    throw e;
                }
            }
        }
    }

    /** Borrow and return: getConnection() then close(), nothing in between. */
    @Benchmark
    public Connection connectionCycle(Pool pool) throws SQLException {
        Connection connection = pool.dataSource.getConnection();
        connection.close();
        // Returned so JMH consumes it: the JIT cannot drop the borrow as dead code.
        return connection;
    }

    /** On a held connection: prepare, execute, read the one row, close result set and statement. */
    @Benchmark
    public int statementCycle(Borrowed borrowed) throws SQLException {
        try (PreparedStatement statement = borrowed.connection.prepareStatement(Target.STATEMENT);
                ResultSet rows = statement.executeQuery()) {
            if (!rows.next()) {
                throw new SQLException(Target.STATEMENT + " returned no row");
            }
            return rows.getInt(1);
        }
    }
}
