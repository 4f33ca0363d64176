package dev.poolbench.bench.micro;

import dev.poolbench.bench.micro.stub.StubDriver;
import dev.poolbench.webapp.pool.DatabaseSettings;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** What the pools connect to. Each answers the benchmark's {@link #STATEMENT}. */
public enum Target {
    /** No I/O at all: the cycle costs only the pool (HikariCP's JMH suite measures this). */
    STUB,
    /** H2 in the same JVM, no network (what the loop-based comparison used). */
    H2,
    /** The embedded MariaDB over TCP on loopback, through Connector/J with the app's settings. */
    MARIADB;

    /** What statementCycle prepares and runs: understood by all three targets, one row, one int. */
    public static final String STATEMENT = "SELECT 1";

    /** System property with the embedded MariaDB's port, set by the runner for every benchmark JVM. */
    static final String MARIADB_PORT_PROPERTY = "poolbench.micro.mariadbPort";
    static final String MARIADB_DATABASE = "poolbench_micro";
    // Kept open by DB_CLOSE_DELAY=-1: otherwise closing the last connection drops the database and
    // the next getConnection() of a pool-less cycle would create it again, measuring H2's start.
    static final String H2_URL = "jdbc:h2:mem:poolbench-micro;DB_CLOSE_DELAY=-1";

    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Where and with which driver a pool of this target connects. */
    DatabaseSettings database() {
        return switch (this) {
            case STUB -> {
                StubDriver.register();
                yield new DatabaseSettings(StubDriver.class.getName(), StubDriver.URL, "stub", "");
            }
            case H2 -> new DatabaseSettings("org.h2.Driver", H2_URL, "sa", "");
            case MARIADB -> {
                String port = System.getProperty(MARIADB_PORT_PROPERTY);
                if (port == null) {
                    throw new IllegalStateException("target mariadb needs -D" + MARIADB_PORT_PROPERTY
                            + " (set by the micro runner once the embedded MariaDB is up)");
                }
                yield DatabaseSettings.mysql("127.0.0.1", Integer.parseInt(port), "root", "", MARIADB_DATABASE);
            }
        };
    }

    static Target parse(String name) {
        for (Target target : values()) {
            if (target.cliName().equals(name)) {
                return target;
            }
        }
        throw new IllegalArgumentException("unknown target '" + name + "'; known: " + names());
    }

    static List<String> names() {
        return Arrays.stream(values()).map(Target::cliName).toList();
    }
}
