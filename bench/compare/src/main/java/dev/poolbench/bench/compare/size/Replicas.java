package dev.poolbench.bench.compare.size;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
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

    /** The max_connections of the search's database server, and whose it is. */
    public record Server(int maxConnections, String whose) {

        /**
         * From environment.json's options: the search's {@code --max-connections} (Ansible's size.yml reads it
         * from the server), else the default of options.database's server (absent: MariaDB, the default database).
         */
        public static Server of(JsonNode environment) {
            JsonNode options = environment == null ? Json.object() : environment.path("options");
            JsonNode given = options.path(SizeReport.OPTIONS_KEY).get("maxConnections");
            if (given != null && given.canConvertToInt() && given.asInt() > 0) {
                return new Server(given.asInt(), "the database server's max_connections, --max-connections");
            }
            return "postgres".equals(options.path("database").asText(""))
                    ? new Server(POSTGRES_DEFAULT_MAX_CONNECTIONS, "PostgreSQL's default max_connections")
                    : new Server(DEFAULT_MAX_CONNECTIONS, "MySQL's and MariaDB's default max_connections");
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
