package dev.poolbench.bench.compare.machine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Watches the machine during one measured run: samples /proc once a second and, at the end,
 * tells whether something other than the comparison took CPU from it. Figures over the window
 * from the load generator's first {@code progress} line to its last ({@code left:0}), or from
 * {@link #start} to {@link #stop} when it reports none:
 * <ul>
 *   <li>steal: steal jiffies / all jiffies of /proc/stat (all CPUs);</li>
 *   <li>other: busy jiffies of the machine minus the CPU of our own processes
 *       ({@link OwnProcesses}) and of the children they reaped ({@link CpuLedger}: PostgreSQL's
 *       backends), / all jiffies; the difference also catches other processes too short-lived
 *       to be sampled. The top three other processes are named from the per-process samples;</li>
 *   <li>load average: mean and max of the 1-minute figure;</li>
 *   <li>gc: the app's pause total from its gc.log, / the window;</li>
 *   <li>loadgen: the load generator's CPU seconds while its workers ran
 *       ({@code loadGenerator.cpuSeconds} of result.json) per measured second, % of one core.</li>
 * </ul>
 * The sampler is a single daemon thread reading a few hundred small files a second: well
 * under 1 % of a core, and it is the runner's own CPU, so it never counts as "other".
 */
public final class DisturbanceSentinel {

    private static final long SAMPLE_MILLIS = 1_000;

    private final OwnProcesses own;
    private final Thread thread;
    private Instant startedAt = Instant.now();
    private long startNanos = System.nanoTime();
    private Instant endedAt;
    private long endNanos;
    private ProcFs.CpuTimes firstCpu;
    private CpuLedger ledger;
    private final Set<Long> ownSeen = new HashSet<>();
    private final List<Double> loadAverages = new ArrayList<>();
    private final Map<Long, String> commands = new HashMap<>();
    private ProcFs.CpuTimes lastCpu;
    private int samples;
    private volatile boolean stopped;
    private boolean loadStarted;

    private DisturbanceSentinel(OwnProcesses own) {
        this.own = own;
        baseline();
        this.thread = new Thread(this::loop, "poolbench-sentinel");
        this.thread.setDaemon(true);
    }

    public static DisturbanceSentinel start(OwnProcesses own) {
        DisturbanceSentinel s = new DisturbanceSentinel(own);
        s.sample();
        s.thread.start();
        return s;
    }

    private void baseline() {
        startedAt = Instant.now();
        startNanos = System.nanoTime();
        firstCpu = ProcFs.cpu();
        // Afresh: processes that ended before the window must not count with a zero baseline.
        ledger = new CpuLedger(ProcFs.processes());
        loadAverages.clear();
        samples = 0;
    }

    /**
     * A {@code progress} line of the measured load run: the first one starts the window
     * afresh (the load JVM's own start-up is not the measured time), {@code left} 0 ends it
     * (the report check after it is not either).
     */
    public synchronized void loadProgress(long left) {
        if (!loadStarted) {
            loadStarted = true;
            ownSeen.addAll(own.pids());
            baseline();
            sample();
        }
        if (left == 0 && endedAt == null) {
            sample();
            endedAt = Instant.now();
            endNanos = System.nanoTime();
            // Name the likely top processes now, while they still run (a hog may end with the window).
            others().stream().limit(5).forEach(p -> commands.put(p.pid(), command(p.pid())));
        }
    }

    private void loop() {
        while (!stopped) {
            try {
                Thread.sleep(SAMPLE_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            sample();
        }
    }

    private synchronized void sample() {
        if (endedAt != null) {
            return;
        }
        // Own pids first: a load JVM seen once stays ours even after it exits.
        ownSeen.addAll(own.pids());
        ledger.sample(ProcFs.processes());
        ProcFs.CpuTimes cpu = ProcFs.cpu();
        if (cpu != null) {
            lastCpu = cpu;
        }
        double load = ProcFs.loadAverage();
        if (!Double.isNaN(load)) {
            loadAverages.add(load);
        }
        samples++;
    }

    /**
     * Ends the window and judges it.
     *
     * @param gcLog  the app's gc.log (null in remote mode: no GC figure)
     * @param result the measured run's result.json, or null (no load generator figure)
     */
    public synchronized ObjectNode stop(Path gcLog, JsonNode result, DisturbanceThresholds thresholds) {
        endWindow();
        double seconds = (endNanos - startNanos) / 1e9;
        long hz = ProcFs.clockTicksPerSecond();

        List<ProcFs.ProcessCpu> others = others();
        long ownTicks = ownTicks();
        CpuShares shares = cpuShares(ownTicks);
        List<ProcFs.ProcessCpu> top = others.subList(0, Math.min(3, others.size()));

        double gcMillis = gcLog == null ? Double.NaN : GcLog.pauseMillis(gcLog, startedAt, endedAt);
        double gcPercent = gcMillis / (seconds * 10);
        double loadgen = loadgenPercentOfCore(result);
        double loadMean = loadAverages.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double loadMax = loadAverages.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        int cpus = Runtime.getRuntime().availableProcessors();

        String topText = String.join(", ", top.stream().map(p -> String.format(Locale.ROOT, "%s[%d] %.1f s",
                p.name(), p.pid(), (double) p.ticks() / hz)).toList());
        List<String> reasons = thresholds.reasons(shares.steal(), shares.other(), topText, gcPercent, loadgen,
                loadMean / cpus);

        ObjectNode n = Json.object();
        n.put("disturbed", !reasons.isEmpty());
        ArrayNode why = n.putArray("reasons");
        reasons.forEach(why::add);
        DisturbanceThresholds.put(n, "windowSeconds", seconds);
        n.put("samples", samples);
        DisturbanceThresholds.put(n, "stealPercent", shares.steal());
        DisturbanceThresholds.put(n, "otherPercent", shares.other());
        addTopOthers(n.putArray("topOthers"), top, hz);
        DisturbanceThresholds.put(n, "ownCpuSeconds", (double) ownTicks / hz);
        DisturbanceThresholds.put(n, "loadAverageMean", loadMean);
        DisturbanceThresholds.put(n, "loadAverageMax", loadMax);
        DisturbanceThresholds.put(n, "gcPauseMillis", gcMillis);
        DisturbanceThresholds.put(n, "gcPausePercent", gcPercent);
        DisturbanceThresholds.put(n, "loadgenPercentOfCore", loadgen);
        n.set("thresholds", thresholds.json());
        return n;
    }

    /** Steal and other processes' CPU, % of all the machine's CPU time in the window; NaN without /proc/stat. */
    private record CpuShares(double steal, double other) {
    }

    /** Stops the sampler after a last sample; the window ends now unless the load already ended it. */
    private void endWindow() {
        stopped = true;
        thread.interrupt();
        sample();
        if (endedAt == null) {
            endedAt = Instant.now();
            endNanos = System.nanoTime();
        }
    }

    /** CPU ticks of our own processes (and the children they reaped) in the window. */
    private long ownTicks() {
        return ledger.ownTicks(ownSeen);
    }

    private CpuShares cpuShares(long ownTicks) {
        if (firstCpu != null && lastCpu != null && lastCpu.total() > firstCpu.total()) {
            double total = lastCpu.total() - firstCpu.total();
            return new CpuShares(100.0 * (lastCpu.steal() - firstCpu.steal()) / total,
                    100.0 * Math.max(0, lastCpu.busy() - firstCpu.busy() - ownTicks) / total);
        }
        return new CpuShares(Double.NaN, Double.NaN);
    }

    /** The load generator's CPU per measured second, % of one core; NaN when result.json lacks it. */
    private static double loadgenPercentOfCore(JsonNode result) {
        double loadCpu = result == null ? Double.NaN : Json.number(result, "loadGenerator.cpuSeconds");
        double loadSeconds = result == null ? Double.NaN : Json.number(result, "durationSeconds");
        return !Double.isNaN(loadCpu) && loadSeconds > 0 ? 100.0 * loadCpu / loadSeconds : Double.NaN;
    }

    private void addTopOthers(ArrayNode topNode, List<ProcFs.ProcessCpu> top, long hz) {
        for (ProcFs.ProcessCpu p : top) {
            ObjectNode t = topNode.addObject();
            t.put("pid", p.pid());
            t.put("name", p.name());
            t.put("command", commands.computeIfAbsent(p.pid(), DisturbanceSentinel::command));
            DisturbanceThresholds.put(t, "cpuSeconds", (double) p.ticks() / hz);
        }
    }

    /**
     * Which program a process is: its executable, and for a JVM the jar or main class, enough
     * to tell one "java" from another. Never the whole command line: arguments of other
     * people's processes may hold passwords, and they end up in the results.
     */
    static String command(long pid) {
        ProcessHandle.Info info = ProcessHandle.of(pid).map(ProcessHandle::info).orElse(null);
        String exe = info == null ? null : info.command().orElse(null);
        if (exe == null || !exe.endsWith("/java")) {
            return exe;
        }
        // /proc/PID/cmdline in full: ProcessHandle cuts long command lines (a JVM's class path).
        String[] args;
        try {
            String[] all = new String(java.nio.file.Files.readAllBytes(ProcFs.ROOT.resolve(Long.toString(pid))
                    .resolve("cmdline")), java.nio.charset.StandardCharsets.UTF_8).split("\0");
            args = java.util.Arrays.copyOfRange(all, Math.min(1, all.length), all.length);
        } catch (java.io.IOException | RuntimeException e) {
            args = info.arguments().orElse(new String[0]);
        }
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-jar") && i + 1 < args.length) {
                return exe + " -jar " + java.nio.file.Path.of(args[i + 1]).getFileName();
            }
            if (List.of("-cp", "-classpath", "--class-path", "-p", "--module-path", "-m", "--module").contains(a)) {
                i++;
            } else if (!a.startsWith("-")) {
                return exe + " " + a;
            }
        }
        return exe;
    }

    /** Processes not ours with their CPU in the window, most first. */
    private List<ProcFs.ProcessCpu> others() {
        return ledger.others(ownSeen);
    }

    /**
     * Splits the time of a measured load process that started at {@code processStartNanos} and
     * ended at {@code processEndNanos} into its start-up (to the first progress line) and its
     * tail (from {@code left:0}: the report check and exit); nothing when it never reported.
     */
    public synchronized void loadPhases(long processStartNanos, long processEndNanos, java.util.Map<String, Long> timings) {
        if (loadStarted) {
            timings.put("loadStartMillis", Math.max(0, (startNanos - processStartNanos) / 1_000_000));
        }
        if (endNanos != 0) {
            timings.put("reportCheckMillis", Math.max(0, (processEndNanos - endNanos) / 1_000_000));
        }
    }

    /** The reasons of a disturbance record, joined for one line. */
    public static String reasons(JsonNode disturbance) {
        List<String> reasons = new ArrayList<>();
        disturbance.path("reasons").forEach(r -> reasons.add(r.asText()));
        return String.join("; ", reasons);
    }
}
