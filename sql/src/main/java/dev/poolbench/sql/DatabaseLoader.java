package dev.poolbench.sql;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Loads the generated data into MySQL or MariaDB (or PostgreSQL: {@link Dialect}) over JDBC:
 * creates the database if missing, recreates the tables from schema.sql (postgres/schema.sql), loads users and login_log with multi-row INSERTs,
 * keeps the pristine copy login_log_init for reset.sql, and applies the schema variant.
 *
 * <p>Plain batched INSERTs rather than LOAD DATA LOCAL INFILE: MySQL 8 turns local_infile off
 * by default, and with rewriteBatchedStatements the difference is a few seconds at most.
 * Running it again reloads everything from scratch (idempotent).
 */
public final class DatabaseLoader {
    /** Rows per executeBatch; Connector/J splits each batch into max_allowed_packet-sized INSERTs. */
    private static final int BATCH_ROWS = 10_000;
    private static final Pattern CREATE_INDEX =
            Pattern.compile("CREATE\\s+INDEX\\s+(\\w+)\\s+ON\\s+(\\w+)", Pattern.CASE_INSENSITIVE);

    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final Consumer<String> progress;
    private final Dialect dialect;

    /**
     * @param jdbcUrl Connector/J or pgjdbc URL including the database name, e.g.
     *     {@code jdbc:mysql://127.0.0.1:13306/isu4_qualifier}; the database is created if missing
     * @param progress receives one line per finished step (e.g. {@code System.out::println})
     */
    public DatabaseLoader(String jdbcUrl, String user, String password, Consumer<String> progress) {
        this.jdbcUrl = JdbcUrls.forBulkWork(jdbcUrl);
        this.user = user;
        this.password = password == null ? "" : password;
        this.progress = progress;
        this.dialect = Dialect.of(jdbcUrl);
    }

    /** What a load did, for reports and tests. */
    public record LoadResult(long users, long loginLogRows, SchemaVariant variant, Duration elapsed) {
    }

    /** Drops and recreates the tables and loads the files that {@link DataGenerator} wrote to dataDir. */
    public LoadResult load(Path dataDir, SchemaVariant variant) {
        Path usersFile = requireFile(dataDir, DataGenerator.USERS_FILE);
        Path logFile = requireFile(dataDir, DataGenerator.LOGIN_LOG_FILE);
        long startNanos = System.nanoTime();
        try (Connection connection = connect()) {
            long stepNanos = System.nanoTime();
            SqlScripts.run(connection, dialect.schemaScript());
            report("schema.sql", stepNanos);

            stepNanos = System.nanoTime();
            long users = loadUsers(connection, usersFile);
            report(String.format("users: %,d rows", users), stepNanos);

            stepNanos = System.nanoTime();
            long logRows = loadLoginLog(connection, logFile);
            report(String.format("login_log: %,d rows", logRows), stepNanos);

            stepNanos = System.nanoTime();
            // Copied before the tuned indexes exist: reset reads it with a full scan only.
            if (dialect.afterExplicitIds() != null) {
                execute(connection, dialect.afterExplicitIds());
            }
            execute(connection, dialect.createTableLike("login_log_init", "login_log"));
            execute(connection, "INSERT INTO login_log_init SELECT * FROM login_log");
            report("login_log_init (pristine copy for reset.sql)", stepNanos);

            applySchemaVariant(connection, variant);

            stepNanos = System.nanoTime();
            // Fresh statistics, so the optimizer picks the new indexes from the first query on.
            execute(connection, dialect.analyze());
            report("analyze", stepNanos);
            return new LoadResult(users, logRows, variant, Duration.ofNanos(System.nanoTime() - startNanos));
        } catch (SQLException e) {
            throw new IllegalStateException("loading " + dataDir + " into " + jdbcUrl + " failed: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dataDir, e);
        }
    }

    /** Adds (TUNED) or drops (ORIGINAL) the indexes of indexes.sql on an already loaded database. */
    public void applySchemaVariant(SchemaVariant variant) {
        try (Connection connection = connect()) {
            applySchemaVariant(connection, variant);
        } catch (SQLException e) {
            throw new IllegalStateException("applying schema " + variant.cliName() + " on " + jdbcUrl
                    + " failed: " + e.getMessage(), e);
        }
    }

    /** The names of the indexes that indexes.sql defines, e.g. {@code login_log_ip_id}. */
    public static Set<String> tunedIndexNames() {
        return tunedIndexes().keySet();
    }

    private void applySchemaVariant(Connection connection, SchemaVariant variant) throws SQLException {
        long startNanos = System.nanoTime();
        Set<String> present = existingIndexes(connection, dialect, "login_log");
        int changed = 0;
        for (Map.Entry<String, String> index : tunedIndexes().entrySet()) {
            String name = index.getKey();
            if (variant == SchemaVariant.TUNED && !present.contains(name)) {
                execute(connection, index.getValue());
                changed++;
            } else if (variant == SchemaVariant.ORIGINAL && present.contains(name)) {
                execute(connection, dialect.dropIndex(name, "login_log"));
                changed++;
            }
        }
        report("schema " + variant.cliName() + ": " + changed + " index(es) "
                + (variant == SchemaVariant.TUNED ? "added" : "dropped"), startNanos);
    }

    /** index name → its CREATE INDEX statement, in file order. */
    private static Map<String, String> tunedIndexes() {
        Map<String, String> indexes = new LinkedHashMap<>();
        for (String statement : SqlScripts.statements(SqlScripts.INDEXES)) {
            Matcher matcher = CREATE_INDEX.matcher(statement);
            if (!matcher.find() || !matcher.group(2).equalsIgnoreCase("login_log")) {
                throw new IllegalStateException(SqlScripts.INDEXES + ": expected only 'CREATE INDEX name ON login_log (...)', found: "
                        + statement);
            }
            indexes.put(matcher.group(1), statement);
        }
        return indexes;
    }

    static Set<String> existingIndexes(Connection connection, String table) throws SQLException {
        return existingIndexes(connection, Dialect.MYSQL, table);
    }

    static Set<String> existingIndexes(Connection connection, Dialect dialect, String table) throws SQLException {
        Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        boolean tableExists = false;
        try (PreparedStatement query = connection.prepareStatement(dialect.indexNamesQuery())) {
            query.setString(1, table);
            try (ResultSet result = query.executeQuery()) {
                while (result.next()) {
                    tableExists = true; // every table here has at least its primary key's index
                    names.add(result.getString(1));
                }
            }
        }
        if (!tableExists) {
            throw new IllegalStateException("table " + table + " does not exist in the database of the JDBC URL:"
                    + " run 'load' first");
        }
        return names;
    }

    private long loadUsers(Connection connection, Path file) throws SQLException, IOException {
        String sql = "INSERT INTO users (id, login, password_hash, salt) VALUES (?, ?, ?, ?)";
        return loadTsv(connection, file, sql, 5, (insert, fields) -> {
            insert.setInt(1, Integer.parseInt(fields[0]));
            insert.setString(2, fields[1]);
            insert.setString(3, fields[4]); // file order: id, login, password, salt, hash
            insert.setString(4, fields[3]);
        });
    }

    private long loadLoginLog(Connection connection, Path file) throws SQLException, IOException {
        String sql = "INSERT INTO login_log (id, created_at, user_id, login, ip, succeeded) VALUES (?, ?, ?, ?, ?, ?)";
        return loadTsv(connection, file, sql, 6, (insert, fields) -> {
            insert.setLong(1, Long.parseLong(fields[0]));
            // The text as written: DATETIME has no zone, and a Timestamp would be shifted by
            // Connector/J whenever the JVM and server time zones differ.
            insert.setString(2, fields[1]);
            if (fields[2].isEmpty() || fields[2].equals("NULL")) {
                insert.setNull(3, Types.INTEGER);
            } else {
                insert.setInt(3, Integer.parseInt(fields[2]));
            }
            insert.setString(4, fields[3]);
            insert.setString(5, fields[4]);
            insert.setInt(6, Integer.parseInt(fields[5]));
        });
    }

    private interface RowBinder {
        void bind(PreparedStatement insert, String[] fields) throws SQLException;
    }

    private static long loadTsv(Connection connection, Path file, String sql, int fieldCount, RowBinder binder)
            throws SQLException, IOException {
        long rows = 0;
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             PreparedStatement insert = connection.prepareStatement(sql)) {
            String line;
            while ((line = in.readLine()) != null) {
                String[] fields = line.split("\t", -1);
                if (fields.length != fieldCount) {
                    throw new IllegalArgumentException(file + ":" + (rows + 1) + ": expected " + fieldCount
                            + " tab-separated fields, found " + fields.length);
                }
                binder.bind(insert, fields);
                insert.addBatch();
                if (++rows % BATCH_ROWS == 0) {
                    insert.executeBatch();
                    connection.commit();
                }
            }
            insert.executeBatch();
            connection.commit();
        } finally {
            connection.setAutoCommit(autoCommit);
        }
        return rows;
    }

    private Connection connect() throws SQLException {
        if (dialect == Dialect.POSTGRES) {
            createPostgresDatabaseIfMissing();
        }
        return DriverManager.getConnection(jdbcUrl, user, password);
    }

    /** PostgreSQL's counterpart of Connector/J's createDatabaseIfNotExist. */
    private void createPostgresDatabaseIfMissing() throws SQLException {
        String name = JdbcUrls.postgresDatabase(jdbcUrl);
        try (Connection maintenance = DriverManager.getConnection(JdbcUrls.postgresMaintenance(jdbcUrl), user, password);
             PreparedStatement exists = maintenance.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            exists.setString(1, name);
            try (ResultSet result = exists.executeQuery()) {
                if (result.next()) {
                    return;
                }
            }
            execute(maintenance, "CREATE DATABASE \"" + name.replace("\"", "\"\"") + "\"");
        }
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private void report(String step, long startNanos) {
        progress.accept(String.format("load: %s (%.2f s)", step, (System.nanoTime() - startNanos) / 1e9));
    }

    private static Path requireFile(Path dir, String name) {
        Path file = dir.resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--data " + dir + " lacks " + name + ": run 'generate --out " + dir + "' first");
        }
        return file;
    }
}
