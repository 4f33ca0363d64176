package dev.poolbench.bench.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every knob of {@code compare}, parsed and validated up front: a wrong value stops the
 * command before anything starts, with a message that names the option and the value.
 */
final class CompareOptions {

    static final List<String> POOL_MODES = List.of("equalized", "defaults");
    static final List<String> SCHEMAS = List.of("tuned", "original");
    static final List<String> ORDERS = List.of("interleaved", "sequential");
    static final List<String> GCS = List.of("G1", "Parallel", "Serial", "Z", "Shenandoah");
    private static final Pattern HEAP = Pattern.compile("[1-9][0-9]*[kKmMgG]?");

    static final String USAGE = """
            Usage: poolbench compare [options]
              --profiles LIST      pool profiles, comma-separated, or all (the nine) (default
                                   hikari,tomcat,dbcp,dbcp2,nopool)
              --runs N             measured runs (rounds) per profile (default 3)
              --duration S         measured seconds per run (default 60)
              --warmup S           unscored warm-up seconds before each run, 0 = none (default 15)
              --workload N         load workers (default: the load generator's default)
              --pool-size N[,N..]  pool size; a comma list is a sweep (default 10; equalized mode only)
              --pool-mode MODE     equalized | defaults (default equalized)
              --schema S           tuned | original (default tuned)
              --order O            interleaved | sequential (default interleaved)
              --jvm-options FILE   app JVM options template (default webapp/jvm.options)
              --heap SIZE          app heap, fills {{ heap }} (default 1g)
              --gc NAME            app collector G1|Parallel|Serial|Z|Shenandoah, fills {{ gc }} (default G1)
              --seed N             data generator seed (default 42)
              --results DIR        results root (default results)
              --db-port N          port of the embedded MariaDB (default 13306)
              --db-distance NAME   loopback (no proxy) | lan (the Toxiproxy hop alone) | cloud (0.5 ms
                                   average per round trip, through Toxiproxy) (default DEFAULT_DISTANCE)
              --db-latency M[:J]   custom average round-trip latency through Toxiproxy, in steps of
                                   0.5 ms: 0.5ms, 2ms, 2.5ms:2ms
              --db-bandwidth RATE  per direction through Toxiproxy: 100mbit, 1gbit, 10MB/s
              --quick              duration 10, warm-up 3, runs 1, cds off (explicit options still win)
            Verdict (bench/README.md, "Verdict"):
              --reference PROFILE  profile the others are compared with (default: the first listed)
              --equivalence-margin X%  "equivalent within ±X %" margin (default 5%)
              --until-precision X% add rounds until every paired interval is within ±X % (interleaved)
              --max-runs N         most rounds per profile with --until-precision (default 10)
              --calibrate          A/A: the first profile against a copy of itself (hikari,hikari_2)
            A profile listed twice (--profiles hikari,hikari) runs as hikari and hikari_2 (A/A).
              --disturbance-thresholds LIST  when a measured run counts as disturbed
                                   (default steal=5%,other=10%,gc=5%,loadgen=90%,load=off)
              --rerun-disturbed N  after the planned runs, repeat up to N disturbed runs (default 0)
              --cpus ROLE=LIST,..  pin app, db and load to CPUs with taskset, e.g. app=1,db=1,load=0
              --cds on|off         class-data sharing archives for the app and load JVMs (default on,
                                   off with --quick)
              --gatling-report     render Gatling's HTML report in every measured run (default off:
                                   it costs seconds of fixed cost per run)
            Remote mode (no embedded database, no app JVM; measures the profile running there):
              --app-url URL        e.g. http://10.0.0.2:8080
              --management-url URL e.g. http://10.0.0.2:8081 (default: app host, port 8081)
              --reset-command CMD  shell command that resets the database before each run, or
              --reset-jdbc-url URL --db-user U --db-password P   reset over JDBC
            Usage: poolbench summarize --results DIR
            """.replace("DEFAULT_DISTANCE", DbDistance.DEFAULT.name());

    List<String> profiles = Profiles.DEFAULT;
    int runs = 3;
    int durationSeconds = 60;
    int warmupSeconds = 15;
    Integer workload;
    List<Integer> poolSizes = List.of(10);
    String poolMode = "equalized";
    String schema = "tuned";
    String order = "interleaved";
    Path jvmOptions = Path.of("webapp", "jvm.options");
    String heap = "1g";
    String gc = "G1";
    long seed = 42;
    Path results = Path.of("results");
    int dbPort = 13_306;
    /** Null in remote mode. */
    DbDistance dbDistance = DbDistance.DEFAULT;
    private String dbDistanceName;
    private String dbLatency;
    private String dbBandwidth;
    boolean quick;
    URI appUrl;
    URI managementUrl;
    String resetCommand;
    String resetJdbcUrl;
    String dbUser;
    String dbPassword;
    String reference;
    double equivalenceMarginPercent = PairedVerdict.DEFAULT_MARGIN_PERCENT;
    Double untilPrecisionPercent;
    Integer maxRuns;
    boolean calibrate;

    static final int DEFAULT_MAX_RUNS = 10;
    DisturbanceThresholds disturbanceThresholds = DisturbanceThresholds.DEFAULTS;
    int rerunDisturbed;
    CpuPlacement cpus;
    boolean gatlingReport;
    boolean cds = true;

    boolean remote() {
        return appUrl != null;
    }

    boolean sweep() {
        return poolSizes.size() > 1;
    }

    /** The requested pool sizes; a single null in defaults mode (each pool's own size). */
    List<Integer> sizes() {
        return "defaults".equals(poolMode) ? java.util.Collections.singletonList(null) : poolSizes;
    }

    static CompareOptions parse(String... args) throws UsageException {
        CompareOptions o = new CompareOptions();
        Set<String> given = new LinkedHashSet<>();
        Map<String, String> values = new java.util.LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name;
            String value = null;
            if (!arg.startsWith("--")) {
                throw new UsageException("unexpected argument '" + arg + "'");
            }
            int eq = arg.indexOf('=');
            if (eq > 0) {
                name = arg.substring(2, eq);
                value = arg.substring(eq + 1);
            } else {
                name = arg.substring(2);
            }
            if (name.equals("quick") || name.equals("help") || name.equals("calibrate")
                    || name.equals("gatling-report")) {
                if (value != null) {
                    throw new UsageException("--" + name + " takes no value");
                }
                given.add(name);
                continue;
            }
            if (value == null) {
                if (i + 1 >= args.length) {
                    throw new UsageException("--" + name + " needs a value");
                }
                value = args[++i];
            }
            if (!given.add(name)) {
                throw new UsageException("--" + name + " given twice");
            }
            values.put(name, value);
        }
        if (given.contains("help")) {
            throw new UsageException(null);
        }
        o.gatlingReport = given.contains("gatling-report");
        if (given.contains("quick")) {
            o.quick = true;
            o.durationSeconds = 10;
            o.warmupSeconds = 3;
            o.runs = 1;
            // Training the class archives takes 15-40 s per profile, more than a quick trial's
            // runs save with them; --cds on still turns them on.
            o.cds = false;
        }
        o.calibrate = given.contains("calibrate");
        for (Map.Entry<String, String> e : values.entrySet()) {
            o.set(e.getKey(), e.getValue());
        }
        o.validate(given);
        VerdictOptions.validate(o, given);
        return o;
    }

    private void set(String name, String value) throws UsageException {
        switch (name) {
            case "profiles" -> profiles = parseProfiles(value);
            case "runs" -> runs = positive(name, value, 1);
            case "duration" -> durationSeconds = positive(name, value, 1);
            case "warmup" -> warmupSeconds = positive(name, value, 0);
            case "workload" -> workload = positive(name, value, 1);
            case "pool-size" -> poolSizes = parseSizes(value);
            case "pool-mode" -> poolMode = oneOf(name, value, POOL_MODES);
            case "schema" -> schema = oneOf(name, value, SCHEMAS);
            case "order" -> order = oneOf(name, value, ORDERS);
            case "jvm-options" -> jvmOptions = Path.of(value);
            case "heap" -> {
                if (!HEAP.matcher(value).matches()) {
                    throw new UsageException("--heap must be a JVM size such as 512m or 1g, got '" + value + "'");
                }
                heap = value;
            }
            case "gc" -> gc = oneOf(name, value, GCS);
            case "seed" -> {
                try {
                    seed = Long.parseLong(value);
                } catch (NumberFormatException ex) {
                    throw new UsageException("--seed must be an integer, got '" + value + "'");
                }
            }
            case "results" -> results = Path.of(value);
            case "db-port" -> {
                dbPort = positive(name, value, 1);
                if (dbPort > 65_535) {
                    throw new UsageException("--db-port must be a TCP port (1-65535), got " + value);
                }
            }
            case "db-distance" -> dbDistanceName = value;
            case "db-latency" -> dbLatency = value;
            case "db-bandwidth" -> dbBandwidth = value;
            case "app-url" -> appUrl = url(name, value);
            case "management-url" -> managementUrl = url(name, value);
            case "reset-command" -> resetCommand = value;
            case "reset-jdbc-url" -> {
                if (!value.startsWith("jdbc:")) {
                    throw new UsageException("--reset-jdbc-url must start with jdbc:, got '" + value + "'");
                }
                resetJdbcUrl = value;
            }
            case "db-user" -> dbUser = value;
            case "db-password" -> dbPassword = value;
            case "reference" -> reference = value.trim().toLowerCase(java.util.Locale.ROOT);
            case "equivalence-margin" -> equivalenceMarginPercent = VerdictOptions.percent(name, value);
            case "until-precision" -> untilPrecisionPercent = VerdictOptions.percent(name, value);
            case "max-runs" -> maxRuns = positive(name, value, 2);
            case "disturbance-thresholds" -> disturbanceThresholds = DisturbanceThresholds.parse(value);
            case "rerun-disturbed" -> rerunDisturbed = positive(name, value, 0);
            case "cds" -> cds = oneOf(name, value, List.of("on", "off")).equals("on");
            case "cpus" -> cpus = CpuPlacement.parse(value, ProcFs.allowedCpus(ProcessHandle.current().pid()));
            default -> throw new UsageException("unknown option --" + name);
        }
    }

    private void validate(Set<String> given) throws UsageException {
        if ("defaults".equals(poolMode) && given.contains("pool-size")) {
            throw new UsageException("--pool-size applies to --pool-mode equalized only; in "
                    + "defaults mode every pool keeps the size its library ships with");
        }
        if (remote()) {
            for (String distance : List.of("db-distance", "db-latency", "db-bandwidth")) {
                if (given.contains(distance)) {
                    throw new UsageException("--" + distance + " is for local mode: in remote mode the app "
                            + "reaches its database over the real network; to add distance there, use the "
                            + "Ansible role's poolbench_db_latency (Toxiproxy on the app host)");
                }
            }
            if (given.contains("profiles")) {
                throw new UsageException("--profiles cannot be used with --app-url: remote mode "
                        + "measures the profile that runs there (read from its poolsettings)");
            }
            if (sweep()) {
                throw new UsageException("a --pool-size sweep needs local mode; remote mode "
                        + "measures the pool as it is configured there");
            }
            if (resetCommand == null && resetJdbcUrl == null) {
                throw new UsageException("remote mode needs a database reset before each run: "
                        + "give --reset-command CMD or --reset-jdbc-url URL");
            }
            if (resetCommand != null && resetJdbcUrl != null) {
                throw new UsageException("give either --reset-command or --reset-jdbc-url, not both");
            }
            if (managementUrl == null) {
                managementUrl = URI.create(appUrl.getScheme() + "://" + appUrl.getHost() + ":8081");
            }
        } else {
            for (String remoteOnly : List.of("management-url", "reset-command", "reset-jdbc-url")) {
                if (given.contains(remoteOnly)) {
                    throw new UsageException("--" + remoteOnly + " needs --app-url (remote mode)");
                }
            }
        }
        if (cpus != null) {
            if (remote()) {
                throw new UsageException("--cpus places the local app, database and load JVMs; it cannot be used "
                        + "with --app-url");
            }
            CpuPlacement.requireTaskset();
        }
        // Remote mode has no distance of its own (validated above): its network is the real one.
        dbDistance = remote() ? null : DbDistance.parse(dbDistanceName, dbLatency, dbBandwidth);
        if (dbUser != null && resetJdbcUrl == null) {
            throw new UsageException("--db-user is for --reset-jdbc-url (remote mode)");
        }
    }

    private static List<String> parseProfiles(String value) throws UsageException {
        List<String> list = new ArrayList<>();
        for (String name : Profiles.expand(value)) {
            if (name.isEmpty()) {
                continue;
            }
            if (!Profiles.ALL.contains(name)) {
                throw new UsageException("unknown profile '" + name + "'; valid profiles: " + Profiles.valid());
            }
            // A profile listed again is an A/A copy: same app profile, its own label.
            long copies = list.stream().filter(l -> appProfile(l).equals(name)).count();
            list.add(copies == 0 ? name : name + "_" + (copies + 1));
        }
        if (list.isEmpty()) {
            throw new UsageException("--profiles is empty; valid profiles: " + Profiles.valid());
        }
        return List.copyOf(list);
    }

    /** The Spring profile behind a label: {@code hikari_2} (an A/A copy) runs {@code hikari}. */
    static String appProfile(String label) {
        return label.replaceFirst("_[0-9]+$", "");
    }

    private static List<Integer> parseSizes(String value) throws UsageException {
        List<Integer> sizes = new ArrayList<>();
        for (String s : value.split(",")) {
            int size = positive("pool-size", s.trim(), 1);
            if (size > 1_000) {
                throw new UsageException("--pool-size " + size + " is not a sensible pool size (max 1000)");
            }
            if (sizes.contains(size)) {
                throw new UsageException("pool size " + size + " listed twice in --pool-size");
            }
            sizes.add(size);
        }
        return List.copyOf(sizes);
    }

    private static int positive(String name, String value, int min) throws UsageException {
        try {
            int v = Integer.parseInt(value);
            if (v < min) {
                throw new UsageException("--" + name + " must be >= " + min + ", got " + value);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " must be an integer, got '" + value + "'");
        }
    }

    private static String oneOf(String name, String value, List<String> allowed) throws UsageException {
        for (String a : allowed) {
            if (a.equalsIgnoreCase(value)) {
                return a;
            }
        }
        throw new UsageException("--" + name + " must be one of " + String.join(", ", allowed)
                + ", got '" + value + "'");
    }

    private static URI url(String name, String value) throws UsageException {
        try {
            URI uri = URI.create(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new IllegalArgumentException();
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new UsageException("--" + name + " must be an http(s) URL such as http://10.0.0.2:8080, got '"
                    + value + "'");
        }
    }

    /** All options as recorded in environment.json (the password is never written). */
    ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("mode", remote() ? "remote" : "local");
        var p = n.putArray("profiles");
        profiles.forEach(p::add);
        n.put("runs", runs);
        n.put("durationSeconds", durationSeconds);
        n.put("warmupSeconds", warmupSeconds);
        if (workload == null) {
            n.putNull("workload");
        } else {
            n.put("workload", workload);
        }
        var s = n.putArray("poolSizes");
        poolSizes.forEach(s::add);
        n.put("poolMode", poolMode);
        n.put("schema", schema);
        n.put("order", order);
        n.put("jvmOptions", jvmOptions.toString());
        n.put("heap", heap);
        n.put("gc", gc);
        n.put("seed", seed);
        n.put("results", results.toString());
        n.put("dbPort", dbPort);
        n.put("dbDistance", remote() ? null : dbDistance.name());
        n.put("quick", quick);
        VerdictOptions.toJson(this, n);
        n.set("disturbanceThresholds", disturbanceThresholds.json());
        n.put("rerunDisturbed", rerunDisturbed);
        n.set("cpus", cpus == null ? null : cpus.json());
        n.put("gatlingReport", gatlingReport);
        n.put("cds", cds);
        if (remote()) {
            n.put("appUrl", appUrl.toString());
            n.put("managementUrl", managementUrl.toString());
            n.put("resetCommand", resetCommand);
            n.put("resetJdbcUrl", resetJdbcUrl);
            n.put("dbUser", dbUser);
        }
        return n;
    }
}
