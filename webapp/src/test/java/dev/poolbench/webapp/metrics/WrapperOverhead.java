package dev.poolbench.webapp.metrics;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.sql.Connection;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * What the wrapper adds to one borrow + return, on the fastest pool (HikariCP, one thread, a warm
 * connection, the app's Prometheus registry): alternating rounds with and without the wrapper.
 * Not a test; run by hand (docs/pool-metrics.md, "What the wrapper costs"):
 * {@code java -cp <webapp test classpath> dev.poolbench.webapp.metrics.WrapperOverhead JDBC_URL}
 */
public final class WrapperOverhead {

    private static final int BORROWS = 2_000_000;
    private static final int ROUNDS = 6;

    private WrapperOverhead() {
    }

    public static void main(String[] args) throws Exception {
        String jdbcUrl = args.length > 0 ? args[0] : MetricsTestDatabase.jdbcUrl();
        try (HikariDataSource pool = new HikariDataSource()) {
            pool.setJdbcUrl(jdbcUrl);
            pool.setUsername("root");
            pool.setMaximumPoolSize(1);
            PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            TimedDataSource timed = new TimedDataSource(pool, true);
            PoolMetricsConfiguration.bind(registry, "hikari", timed);
            double bestPlain = Double.MAX_VALUE;
            double bestTimed = Double.MAX_VALUE;
            for (int round = 1; round <= ROUNDS; round++) {
                double plain = nanosPerBorrow(pool);
                double wrapped = nanosPerBorrow(timed);
                // The first rounds warm up the JIT; report the best of the rest.
                if (round > 2) {
                    bestPlain = Math.min(bestPlain, plain);
                    bestTimed = Math.min(bestTimed, wrapped);
                }
                System.out.printf(Locale.ROOT, "round %d: hikari %.0f ns, hikari + wrapper %.0f ns per borrow+return%n",
                        round, plain, wrapped);
            }
            System.out.printf(Locale.ROOT, "best: hikari %.0f ns, with wrapper %.0f ns, wrapper adds %.0f ns%n",
                    bestPlain, bestTimed, bestTimed - bestPlain);
        }
    }

    private static double nanosPerBorrow(DataSource dataSource) throws Exception {
        long start = System.nanoTime();
        for (int i = 0; i < BORROWS; i++) {
            try (Connection connection = dataSource.getConnection()) {
                if (connection == null) {
                    throw new IllegalStateException();
                }
            }
        }
        return (System.nanoTime() - start) / (double) BORROWS;
    }
}
