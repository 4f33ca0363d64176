package dev.poolbench.bench.micro;

import dev.poolbench.sql.EmbeddedMariaDb;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The embedded MariaDB of target {@code mariadb} (the sql module's, with the kit's server
 * settings), started once by the runner for all benchmark JVMs. Its own directory under
 * {@code .poolbench/}, so it never shares a data dir with a running comparison.
 */
final class MicroDatabase implements AutoCloseable {

    static final Path BASE_DIR = Path.of(".poolbench", "micro-mariadb");

    private final EmbeddedMariaDb db;

    private MicroDatabase(EmbeddedMariaDb db) {
        this.db = db;
    }

    static MicroDatabase start(int port, Path baseDir) {
        EmbeddedMariaDb db;
        try {
            db = EmbeddedMariaDb.start(port, baseDir);
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot start the embedded MariaDB on port " + port + " (base dir "
                    + baseDir + "): " + e.getMessage() + ". If the port is taken, choose another with --db-port.", e);
        }
        MicroDatabase micro = new MicroDatabase(db);
        // statementCycle only runs SELECT 1, but the pools connect to a database by name, as the app does.
        try (Connection connection = DriverManager.getConnection(db.jdbcUrl(""), db.user(), db.password());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE IF NOT EXISTS " + Target.MARIADB_DATABASE);
        } catch (SQLException e) {
            micro.close();
            throw new IllegalStateException("cannot create database " + Target.MARIADB_DATABASE + ": " + e.getMessage(), e);
        }
        return micro;
    }

    int port() {
        return db.port();
    }

    String version() {
        return db.version();
    }

    @Override
    public void close() {
        db.close();
    }
}
