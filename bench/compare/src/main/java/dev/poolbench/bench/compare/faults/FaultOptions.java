package dev.poolbench.bench.compare.faults;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Json;
import dev.poolbench.bench.compare.Profiles;
import dev.poolbench.bench.compare.UsageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Every knob of {@code faults}, parsed and validated before anything starts. */
public final class FaultOptions {

    public static final String USAGE = """
            Usage: poolbench faults [options]
              --profiles LIST      pool profiles, comma-separated, or all (the nine) (default
                                   hikari,tomcat,dbcp,dbcp2,nopool)
              --scenarios LIST     unreachable,hang,restart (default all three)
              --duration S         seconds of load per run (default 40)
              --fault-at S         second of the run at which the fault starts (default 10)
              --fault-seconds S    how long the database stays away (default 10)
              --warmup S           unmeasured warm-up seconds before each run, 0 = none (default 10)
              --pool-size N        pool size (default 10)
              --pool-wait-ms MS    the pool's wait for a connection, POOLBENCH_POOL_WAIT_MILLIS
                                   (default 5000: half the fault, and below the load's 10-s
                                   request timeout, so a pool that keeps its contract answers
                                   with an error before the client gives up)
              --workload N         load workers (default: the load generator's default)
              --heap SIZE          app heap (default 1g)
              --seed N             data generator seed (default 42)
              --results DIR        results root (default results); output in DIR/<timestamp>/faults/
              --db-port N          port of the embedded MariaDB (default 13306)
              --proxy-port N       port of the Toxiproxy proxy in front of it (default: a free port)
              --check              exit 1 unless every measurement was taken and is consistent
                                   (the fault was seen, recovery measured, login_log rows match the
                                   decisions, /report exact): the CI form
              --quick              duration 25, fault at 4 for 3 s, no warm-up, pool wait 1000 ms
                                   (explicit options still win)
            """;

    public List<String> profiles = Profiles.DEFAULT;
    public List<Scenario> scenarios = List.of(Scenario.values());
    public int durationSeconds = 40;
    public int faultAtSeconds = 10;
    public int faultSeconds = 10;
    public int warmupSeconds = 10;
    public int poolSize = 10;
    public int poolWaitMillis = 5_000;
    public Integer workload;
    public String heap = "1g";
    public long seed = 42;
    public Path results = Path.of("results");
    public int dbPort = 13_306;
    public Integer proxyPort;
    public boolean check;
    public boolean quick;

    public static FaultOptions parse(String... args) throws UsageException {
        FaultOptions o = new FaultOptions();
        Set<String> flags = new LinkedHashSet<>();
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--")) {
                throw new UsageException("unexpected argument '" + arg + "'");
            }
            int eq = arg.indexOf('=');
            String name = eq > 0 ? arg.substring(2, eq) : arg.substring(2);
            String value = eq > 0 ? arg.substring(eq + 1) : null;
            if (name.equals("quick") || name.equals("help") || name.equals("check")) {
                if (value != null) {
                    throw new UsageException("--" + name + " takes no value");
                }
                flags.add(name);
                continue;
            }
            if (value == null) {
                if (i + 1 >= args.length) {
                    throw new UsageException("--" + name + " needs a value");
                }
                value = args[++i];
            }
            if (values.put(name, value) != null) {
                throw new UsageException("--" + name + " given twice");
            }
        }
        if (flags.contains("help")) {
            throw new UsageException(null);
        }
        o.check = flags.contains("check");
        if (flags.contains("quick")) {
            o.quick = true;
            // 18 s after the fault: room for a restart whose start takes a while on a CI machine.
            o.durationSeconds = 25;
            o.faultAtSeconds = 4;
            o.faultSeconds = 3;
            o.warmupSeconds = 0;
            // The fault must outlast the pool's wait, else a pool may simply wait it out and the
            // short run shows nothing; 1 s keeps that true for the 3-s fault.
            o.poolWaitMillis = 1_000;
        }
        for (Map.Entry<String, String> e : values.entrySet()) {
            o.set(e.getKey(), e.getValue());
        }
        o.validate();
        return o;
    }

    private void set(String name, String value) throws UsageException {
        switch (name) {
            case "profiles" -> profiles = parseProfiles(value);
            case "scenarios" -> scenarios = parseScenarios(value);
            case "duration" -> durationSeconds = integer(name, value, 1, 3_600);
            case "fault-at" -> faultAtSeconds = integer(name, value, 1, 3_600);
            case "fault-seconds" -> faultSeconds = integer(name, value, 1, 600);
            case "warmup" -> warmupSeconds = integer(name, value, 0, 3_600);
            case "pool-size" -> poolSize = integer(name, value, 1, 1_000);
            case "pool-wait-ms" -> poolWaitMillis = integer(name, value, 1, 600_000);
            case "workload" -> workload = integer(name, value, 1, 10_000);
            case "heap" -> {
                if (!value.matches("[1-9][0-9]*[kKmMgG]?")) {
                    throw new UsageException("--heap must be a JVM size such as 512m or 1g, got '" + value + "'");
                }
                heap = value;
            }
            case "seed" -> {
                try {
                    seed = Long.parseLong(value);
                } catch (NumberFormatException e) {
                    throw new UsageException("--seed must be an integer, got '" + value + "'");
                }
            }
            case "results" -> results = Path.of(value);
            case "db-port" -> dbPort = integer(name, value, 1, 65_535);
            case "proxy-port" -> proxyPort = integer(name, value, 1, 65_535);
            default -> throw new UsageException("unknown option --" + name);
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
        if (proxyPort != null && proxyPort == dbPort) {
            throw new UsageException("--proxy-port must differ from --db-port (" + dbPort + ")");
        }
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

    private static List<Scenario> parseScenarios(String value) throws UsageException {
        List<Scenario> list = new ArrayList<>();
        for (String s : value.split(",", -1)) {
            Scenario scenario = Scenario.parse(s);
            if (scenario == null) {
                throw new UsageException("unknown scenario '" + s.trim() + "'; valid scenarios: "
                        + String.join(", ", Scenario.names()));
            }
            if (list.contains(scenario)) {
                throw new UsageException("scenario '" + scenario.cliName() + "' listed twice in --scenarios");
            }
            list.add(scenario);
        }
        return List.copyOf(list);
    }

    private static int integer(String name, String value, int min, int max) throws UsageException {
        int v;
        try {
            v = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " must be an integer, got '" + value + "'");
        }
        if (v < min || v > max) {
            throw new UsageException("--" + name + " must be between " + min + " and " + max + ", got " + value);
        }
        return v;
    }

    ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.putPOJO("profiles", profiles);
        n.putPOJO("scenarios", scenarios.stream().map(Scenario::cliName).toList());
        n.put("durationSeconds", durationSeconds);
        n.put("faultAtSeconds", faultAtSeconds);
        n.put("faultSeconds", faultSeconds);
        n.put("warmupSeconds", warmupSeconds);
        n.put("poolSize", poolSize);
        n.put("poolWaitMillis", poolWaitMillis);
        if (workload == null) {
            n.putNull("workload");
        } else {
            n.put("workload", workload);
        }
        n.put("heap", heap);
        n.put("seed", seed);
        n.put("dbPort", dbPort);
        n.put("proxyPort", proxyPort);
        n.put("quick", quick);
        n.put("check", check);
        return n;
    }
}
