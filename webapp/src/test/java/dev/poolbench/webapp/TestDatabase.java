package dev.poolbench.webapp;

import dev.poolbench.sql.DataGenerator;
import dev.poolbench.sql.DatabaseLoader;
import dev.poolbench.sql.DatabaseReset;
import dev.poolbench.sql.Dialect;
import dev.poolbench.sql.EmbeddedMariaDb;
import dev.poolbench.sql.LocalPostgres;
import dev.poolbench.sql.SchemaVariant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One database per test JVM with the full generated data (200k users, 50k log rows): an embedded
 * MariaDB (poolbench-sql), or an external server when POOLBENCH_TEST_DB_HOST is set
 * (POOLBENCH_TEST_DB_PORT/USER/PASSWORD, database POOLBENCH_TEST_DB_NAME, default
 * poolbench_webapp_test, which is dropped and reloaded). Reset to the initial state per test class.
 * {@link #postgres()}: the same data in a local PostgreSQL ({@link LocalPostgres}), the app on pgjdbc.
 */
final class TestDatabase {

    record TestUser(long id, String login, String password) {
    }

    private static TestDatabase instance;
    private static TestDatabase postgresInstance;

    /** True: a PostgreSQL server (pgjdbc, POOLBENCH_DATABASE=postgres); false: MySQL/MariaDB. */
    final boolean postgres;

    final String host;
    final int port;
    final String user;
    final String password;
    final String name;
    final List<TestUser> freshUsers;
    final int initiallyLockedUsers;
    private final AtomicInteger nextUser = new AtomicInteger();
    private final AtomicInteger nextIp = new AtomicInteger(1);

    private TestDatabase(String host, int port, String user, String password, String name, Path dataDir)
            throws IOException {
        this(false, host, port, user, password, name, dataDir);
    }

    private TestDatabase(boolean postgres, String host, int port, String user, String password, String name,
            Path dataDir) throws IOException {
        this.postgres = postgres;
        this.host = host;
        this.port = port;
        this.user = user;
        this.password = password;
        this.name = name;
        List<TestUser> users = new ArrayList<>();
        for (String line : Files.readAllLines(dataDir.resolve(DataGenerator.USERS_FILE))) {
            String[] f = line.split("\t");
            long id = Long.parseLong(f[0]);
            // Users 1000..190000 never appear in the initial log: every test starts them clean.
            if (id >= 1000 && id <= 190_000) {
                users.add(new TestUser(id, f[1], f[2]));
            }
        }
        this.freshUsers = users;
        this.initiallyLockedUsers = (int) Files.readAllLines(dataDir.resolve(DataGenerator.USED_USERS_FILE)).stream()
                .filter(l -> Integer.parseInt(l.split("\t")[2]) >= 3).count();
    }

    static synchronized TestDatabase get() {
        if (instance == null) {
            instance = start();
        }
        return instance;
    }

    /** One local PostgreSQL per test JVM, loaded with the same data; stopped at JVM exit. */
    static synchronized TestDatabase postgres() {
        if (postgresInstance == null) {
            try {
                Path target = Path.of("target").toAbsolutePath();
                Path dataDir = data(target);
                LocalPostgres server = LocalPostgres.start(0, target.resolve("it-postgres"));
                TestDatabase db = new TestDatabase(true, "127.0.0.1", server.port(), server.user(), server.password(),
                        "isu4_qualifier", dataDir);
                new DatabaseLoader(db.jdbcUrl(), db.user, db.password, line -> { }).load(dataDir, SchemaVariant.TUNED);
                postgresInstance = db;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return postgresInstance;
    }

    private static Path data(Path target) {
        Path dataDir = target.resolve("it-data");
        if (!Files.exists(dataDir.resolve(DataGenerator.USERS_FILE))) {
            DataGenerator.generate(42, dataDir);
        }
        return dataDir;
    }

    private static TestDatabase start() {
        try {
            Path target = Path.of("target").toAbsolutePath();
            Path dataDir = data(target);
            String externalHost = System.getenv("POOLBENCH_TEST_DB_HOST");
            TestDatabase db;
            if (externalHost != null && !externalHost.isBlank()) {
                db = new TestDatabase(externalHost, Integer.parseInt(env("POOLBENCH_TEST_DB_PORT", "3306")),
                        env("POOLBENCH_TEST_DB_USER", "root"), env("POOLBENCH_TEST_DB_PASSWORD", ""),
                        env("POOLBENCH_TEST_DB_NAME", "poolbench_webapp_test"), dataDir);
            } else {
                EmbeddedMariaDb embedded = EmbeddedTestServer.get();
                db = new TestDatabase("127.0.0.1", embedded.port(), embedded.user(), embedded.password(),
                        "isu4_qualifier", dataDir);
            }
            new DatabaseLoader(db.jdbcUrl(), db.user, db.password, line -> { }).load(dataDir, SchemaVariant.TUNED);
            return db;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String env(String name, String defaultValue) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? defaultValue : value;
    }

    String jdbcUrl() {
        if (postgres) {
            return "jdbc:postgresql://" + host + ":" + port + "/" + name + "?sslmode=disable";
        }
        return "jdbc:mysql://" + host + ":" + port + "/" + name + "?useSSL=false&allowPublicKeyRetrieval=true";
    }

    /** The app's ISU4_DB_* settings for this database, as command-line properties. */
    Map<String, String> appSettings() {
        return Map.of("ISU4_DB_HOST", host, "ISU4_DB_PORT", String.valueOf(port), "ISU4_DB_USER", user,
                "ISU4_DB_PASSWORD", password, "ISU4_DB_NAME", name, "POOLBENCH_DATABASE", postgres ? "postgres" : "mysql");
    }

    void reset() {
        new DatabaseReset(jdbcUrl(), user, password).reset();
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), user, password);
    }

    /** A user that no test has used yet (and that has no row in the initial log). */
    TestUser freshUser() {
        return freshUsers.get(nextUser.getAndIncrement());
    }

    /** An ip no test has used yet. */
    String freshIp() {
        int n = nextIp.getAndIncrement();
        return "10." + (n >> 16 & 0xff) + "." + (n >> 8 & 0xff) + "." + (n & 0xff);
    }

    long loginLogRows() {
        return queryLong("SELECT COUNT(*) FROM login_log");
    }

    long queryLong(String sql) {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The newest login_log row: user_id (or null), login, ip, succeeded, created_at. */
    List<Object> lastRow() {
        try (Connection c = connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT user_id, login, ip, succeeded, "
                     + (postgres ? Dialect.POSTGRES : Dialect.MYSQL).secondText("created_at")
                     + " FROM login_log ORDER BY id DESC LIMIT 1")) {
            rs.next();
            List<Object> row = new ArrayList<>();
            long userId = rs.getLong(1);
            row.add(rs.wasNull() ? null : userId);
            row.add(rs.getString(2));
            row.add(rs.getString(3));
            row.add(rs.getInt(4));
            row.add(rs.getString(5));
            return row;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
