package dev.poolbench.sql;

import java.time.Duration;

/** A local database server the runner and the tests start: the embedded MariaDB or a local PostgreSQL. */
public interface DatabaseServer extends AutoCloseable {

    int port();

    /** JDBC URL of database {@code name} on this server (Connector/J or pgjdbc). */
    String jdbcUrl(String name);

    String user();

    String password();

    /** e.g. {@code 11.4.5-MariaDB} or {@code PostgreSQL 15.14}. */
    String version();

    Duration startupTime();

    /** The server's main process, when known (CPU placement, own-process accounting). */
    default java.util.Optional<Long> pid() {
        return java.util.Optional.empty();
    }

    @Override
    void close();
}
