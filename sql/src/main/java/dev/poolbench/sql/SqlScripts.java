package dev.poolbench.sql;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL files of sql/ as packaged on the classpath (see sql/pom.xml), split into statements.
 * The files are plain SQL for any client; here a statement ends with ';' at the end of a line
 * and lines starting with '--' are comments, which is all these files use.
 */
public final class SqlScripts {
    /** Classpath folder holding schema.sql, indexes.sql, reset.sql and mysql/poolbench.cnf. */
    public static final String RESOURCE_DIR = "poolbench/sql/";
    public static final String SCHEMA = RESOURCE_DIR + "schema.sql";
    public static final String INDEXES = RESOURCE_DIR + "indexes.sql";
    public static final String RESET = RESOURCE_DIR + "reset.sql";
    public static final String SERVER_CONFIG = RESOURCE_DIR + "mysql/poolbench.cnf";

    private SqlScripts() {
    }

    /** The text of a packaged file, failing clearly when the jar lacks it. */
    public static String text(String resource) {
        try (InputStream in = SqlScripts.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("classpath resource " + resource
                        + " is missing: is poolbench-sql.jar (or sql/target/classes) on the classpath?");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read classpath resource " + resource, e);
        }
    }

    /** The statements of a packaged SQL file, without comments and the trailing ';'. */
    public static List<String> statements(String resource) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text(resource).split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("--")) {
                continue;
            }
            current.append(line).append('\n');
            if (trimmed.endsWith(";")) {
                String statement = current.toString().strip();
                statements.add(statement.substring(0, statement.length() - 1).strip());
                current.setLength(0);
            }
        }
        if (!current.toString().isBlank()) {
            throw new IllegalStateException(resource + ": last statement lacks its terminating ';'");
        }
        return statements;
    }

    /** Runs every statement of a packaged SQL file on one connection, in order. */
    public static void run(Connection connection, String resource) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : statements(resource)) {
                statement.execute(sql);
            }
        }
    }
}
