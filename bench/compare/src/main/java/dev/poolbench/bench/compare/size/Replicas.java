package dev.poolbench.bench.compare.size;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * What a pool size means for the database: every replica of the service opens its own pool, so
 * the server sees replicas x pool size connections, and during a rolling update the new replicas
 * start before the old ones stop. The line {@code ./poolbench size} prints under each knee, and
 * what docs/figures.py renders beside the kept searches ({@code main}).
 */
public final class Replicas {

    /** max_connections of MySQL 8 and of MariaDB when nobody sets it. */
    public static final int DEFAULT_MAX_CONNECTIONS = 151;
    /** max_connections of PostgreSQL when nobody sets it. */
    public static final int POSTGRES_DEFAULT_MAX_CONNECTIONS = 100;
    /** Kubernetes' default maxSurge of a Deployment's rolling update: 25 % more replicas at once. */
    public static final double ROLLING_SURGE = 0.25;
    /** The pool size the comparisons use and most pools ship with. */
    public static final int DEFAULT_POOL_SIZE = 10;

    private Replicas() {
    }

    /** The max_connections a server of the search's database has when nobody sets it, and whose it is. */
    public record ServerDefault(int maxConnections, String whose) {

        /** From environment.json's options.database (absent: MariaDB, the default database). */
        public static ServerDefault of(JsonNode environment) {
            String database = environment == null ? "" : environment.path("options").path("database").asText("");
            return "postgres".equals(database)
                    ? new ServerDefault(POSTGRES_DEFAULT_MAX_CONNECTIONS, "PostgreSQL's default max_connections")
                    : new ServerDefault(DEFAULT_MAX_CONNECTIONS, "MySQL's and MariaDB's default max_connections");
        }
    }

    /** Replicas whose pools fit in {@code maxConnections} together. */
    static int held(int poolSize, int maxConnections) {
        return maxConnections / poolSize;
    }

    /** Replicas that still fit while a rolling update runs {@code ceil(n * (1 + surge))} of them. */
    static int heldDuringRollingUpdate(int poolSize, int maxConnections) {
        int n = held(poolSize, maxConnections);
        while (n > 0 && Math.ceil(n * (1 + ROLLING_SURGE) - 1e-9) * poolSize > maxConnections) {
            n--;
        }
        return n;
    }

    /** e.g. {@code replicas: at pool size 6 a server with max_connections 151 holds 25 replicas, 20 ...}. */
    public static String line(int poolSize, int maxConnections) {
        return String.format(Locale.ROOT, "replicas: the database sees replicas x pool size connections; at pool size "
                        + "%d a server with max_connections %d holds %d replicas, %d with room for a rolling update "
                        + "(%.0f %% more at once, Kubernetes' default maxSurge); at pool size %d: %d and %d",
                poolSize, maxConnections, held(poolSize, maxConnections),
                heldDuringRollingUpdate(poolSize, maxConnections), 100 * ROLLING_SURGE, DEFAULT_POOL_SIZE,
                held(DEFAULT_POOL_SIZE, maxConnections), heldDuringRollingUpdate(DEFAULT_POOL_SIZE, maxConnections));
    }

    /** {@code Replicas POOL_SIZE [MAX_CONNECTIONS]}: the line, for docs/figures.py. */
    public static void main(String[] args) {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: Replicas POOL_SIZE [MAX_CONNECTIONS (default " + DEFAULT_MAX_CONNECTIONS + ")]");
            System.exit(2);
        }
        int poolSize = Integer.parseInt(args[0]);
        int maxConnections = args.length == 2 ? Integer.parseInt(args[1]) : DEFAULT_MAX_CONNECTIONS;
        if (poolSize < 1 || maxConnections < 1) {
            System.err.println("Replicas: the pool size and max_connections must be at least 1");
            System.exit(2);
        }
        System.out.println(line(poolSize, maxConnections));
    }
}
