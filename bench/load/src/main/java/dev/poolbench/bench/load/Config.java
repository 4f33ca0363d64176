package dev.poolbench.bench.load;

import dev.poolbench.bench.load.model.Partition;
import dev.poolbench.cli.Cli;
import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * Every knob of a run. Each has a default, can be set as a system property
 * ({@code -Dpoolbench.workload=8}) and is overridden by the matching command-line flag (the
 * annotated fields here and in {@link CommonOptions}).
 */
public final class Config extends CommonOptions implements Cloneable {
    /** Default workers: enough to keep a 2-core laptop's app busy without starving it (ISUCON4 used 1). */
    public static final int DEFAULT_WORKLOAD = 8;

    @Option(names = "--data", paramLabel = "DIR", description = "the generated user data (sql tool's "
            + "generate) (default: ${DEFAULT-VALUE})")
    public Path dataDir = Path.of(prop("data", "data"));

    @Option(names = "--workload", paramLabel = "N", description = "load workers, 1..4000 (default: ${DEFAULT-VALUE})")
    public int workload = intProp("workload", DEFAULT_WORKLOAD);

    @Option(names = "--duration", paramLabel = "SECONDS", description = "seconds of load (default: ${DEFAULT-VALUE})")
    public int durationSeconds = intProp("duration", 60);

    @Option(names = "--jump-workload", paramLabel = "N", description = "extra workers that join the run at "
            + "--jump-at and leave --jump-seconds later, more of the same clients (0 = no jump) (default: ${DEFAULT-VALUE})")
    public int jumpWorkload = intProp("jumpWorkload", 0);

    @Option(names = "--jump-at", paramLabel = "S", description = "second of the run the extra workers join "
            + "(default: ${DEFAULT-VALUE})")
    public int jumpAtSeconds = intProp("jumpAt", 10);

    @Option(names = "--jump-seconds", paramLabel = "S", description = "how long they stay; each ends the flow it "
            + "is in (default: ${DEFAULT-VALUE})")
    public int jumpSeconds = intProp("jumpSeconds", 10);

    @Option(names = "--pause-at", paramLabel = "S", description = "second of the run at which every worker stops "
            + "starting flows, for --pause-seconds (the fault scenario idle-timeout) (default: ${DEFAULT-VALUE})")
    public int pauseAtSeconds = intProp("pauseAt", 10);

    @Option(names = "--pause-seconds", paramLabel = "S", description = "how long no flow starts; each ends the flow it "
            + "is in, so the app gets no request at all until the pause's end (0 = no pause) (default: ${DEFAULT-VALUE})")
    public int pauseSeconds = intProp("pauseSeconds", 0);

    @Option(names = "--partition", paramLabel = "i/K", converter = PartitionConverter.class,
            description = "this bench host's share when K hosts load one app (default: ${DEFAULT-VALUE})")
    public Partition partition = Partition.parse(prop("partition", "1/1"));

    @Option(names = "--seed", paramLabel = "N", description = "random seed of the clients (default: ${DEFAULT-VALUE})")
    public long seed = Long.parseLong(prop("seed", "42"));

    /** Set by --no-report-check. */
    public boolean reportCheck = !Boolean.parseBoolean(prop("noReportCheck", "false"));

    @Option(names = "--no-report-check", arity = "0", description = "skip the /report check (for runs that "
            + "merge combines) (default: checked)")
    private void noReportCheck(boolean flag) {
        reportCheck = false;
    }

    /** In-flight flows get this long to finish after the duration; the rest are incomplete. */
    public int graceSeconds = intProp("graceSeconds", 5);
    /** Pause between the end of the load and GET /report (the original's 5 s). */
    public int settleMillis = intProp("settleMillis", 5_000);
    public int requestTimeoutMillis = intProp("requestTimeoutMillis", 10_000);
    /** Timeout of every request sent after the duration (the original's 50 ms). */
    public int lateRequestTimeoutMillis = intProp("lateRequestTimeoutMillis", 50);
    public boolean htmlReport = Boolean.parseBoolean(prop("htmlReport", "true"));
    public int ipBanThreshold = intProp("ipBanThreshold", 10);
    public int userLockThreshold = intProp("userLockThreshold", 3);
    /**
     * Unscored warm-up in this JVM before the measured run (0 = none): the load generator's own
     * JIT and class loading happen there, not in the measured window (set by the comparison runner).
     */
    public int warmupSeconds = intProp("warmup", 0);
    /** After the warm-up, print {@code warmup-done} and wait for a line on stdin (the runner resets the database then). */
    public boolean awaitMeasure = Boolean.parseBoolean(prop("awaitMeasure", "false"));
    /**
     * Started ahead by the comparison runner: after reading the data, print {@code ready} and wait
     * for a line on stdin before the first request (the app may still be booting, the database
     * not yet reset); print {@code load-done} when the measured load has ended, before the settle.
     */
    public boolean awaitStart = Boolean.parseBoolean(prop("awaitStart", "false"));
    /**
     * The wall-clock instant (epoch milliseconds) the first worker of the measured run waits for;
     * 0 = at once. Set from the runner's line {@code at <epochMillis>}: a duet's two load JVMs get
     * the same instant, so their first requests do not depend on how long each takes to launch
     * Gatling.
     */
    public volatile long startAtEpochMillis;
    /** result.json counts the requests that took at least each of these ({@code requests.overMillis}). */
    public long[] latencyThresholdsMillis = thresholds(prop("latencyThresholdsMillis", "1000,5000,10000"));

    /** A field-by-field copy (every field is immutable or never mutated after parsing). */
    public Config copy() {
        try {
            return (Config) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }

    static long[] thresholds(String v) {
        String[] parts = v.split(",");
        long[] t = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                t[i] = Long.parseLong(parts[i].trim());
            } catch (NumberFormatException e) {
                t[i] = -1;
            }
            if (t[i] < 1) {
                throw new IllegalArgumentException("poolbench.latencyThresholdsMillis must be positive integers"
                        + " separated by commas, got '" + v + "'");
            }
        }
        return t;
    }

    /** Refuses values that cannot work, naming the setting. */
    @Override
    public void validate() {
        super.validate();
        if (workload < 1 || workload > 4_000) {
            throw new IllegalArgumentException("--workload must be 1..4000, got " + workload);
        }
        if (durationSeconds < 1) {
            throw new IllegalArgumentException("--duration must be >= 1 second, got " + durationSeconds);
        }
        if (jumpWorkload < 0 || workload + jumpWorkload > 4_000) {
            throw new IllegalArgumentException("--jump-workload must be 0..4000 minus --workload, got " + jumpWorkload);
        }
        if (jumpWorkload > 0 && (jumpAtSeconds < 1 || jumpSeconds < 1 || jumpAtSeconds + jumpSeconds > durationSeconds)) {
            throw new IllegalArgumentException("--jump-at " + jumpAtSeconds + " and --jump-seconds " + jumpSeconds
                    + " must be >= 1 and end within --duration " + durationSeconds);
        }
        if (pauseSeconds < 0 || pauseSeconds > 0 && (pauseAtSeconds < 1 || pauseAtSeconds + pauseSeconds >= durationSeconds)) {
            throw new IllegalArgumentException("--pause-at " + pauseAtSeconds + " and --pause-seconds " + pauseSeconds
                    + " must be >= 1 and end before --duration " + durationSeconds);
        }
        if (pauseSeconds > 0 && jumpWorkload > 0) {
            throw new IllegalArgumentException("--pause-seconds and --jump-workload do not go together: a run pauses or jumps");
        }
        if (warmupSeconds < 0) {
            throw new IllegalArgumentException("poolbench.warmup must be >= 0 seconds, got " + warmupSeconds);
        }
        if (graceSeconds < 0 || settleMillis < 0) {
            throw new IllegalArgumentException("grace and settle must be >= 0");
        }
        if (lateRequestTimeoutMillis < 1) {
            throw new IllegalArgumentException("poolbench.lateRequestTimeoutMillis must be >= 1, got " + lateRequestTimeoutMillis);
        }
        if (requestTimeoutMillis < 1) {
            throw new IllegalArgumentException("poolbench.requestTimeoutMillis must be >= 1, got " + requestTimeoutMillis);
        }
    }

    /** {@code i/K}; Partition's own message, named after the option. */
    static final class PartitionConverter implements ITypeConverter<Partition> {
        @Override
        public Partition convert(String value) {
            try {
                return Partition.parse(value);
            } catch (IllegalArgumentException e) {
                throw new Cli.BadValue("--" + e.getMessage());
            }
        }
    }
}
