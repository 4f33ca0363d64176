package dev.poolbench.bench.compare.machine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The few Linux {@code /proc} figures the disturbance sentinel needs, parsed without any
 * library. Every reader returns null (or an empty map) where there is no {@code /proc}, so a
 * comparison on another OS simply records no disturbance figures.
 */
public final class ProcFs {

    /** Jiffies of the machine since boot, summed over all CPUs (first line of /proc/stat). */
    record CpuTimes(long busy, long steal, long total) {
    }

    /**
     * CPU of one process since it started, in clock ticks: {@code ticks} its own (all its
     * threads), {@code childTicks} that of its children it has waited for (and theirs).
     */
    record ProcessCpu(long pid, String name, long ppid, long ticks, long childTicks) {

        /** Its own time and its reaped children's: what its parent's cutime gains when it is reaped. */
        long total() {
            return ticks + childTicks;
        }
    }

    static final Path ROOT = Path.of("/proc");
    private static long clockTicksPerSecond;

    private ProcFs() {
    }

    static CpuTimes cpu() {
        try {
            return parseCpu(Files.readAllLines(ROOT.resolve("stat"), StandardCharsets.US_ASCII).get(0));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * {@code cpu  user nice system idle iowait irq softirq steal guest guest_nice}: busy is
     * user + nice + system + irq + softirq (guest time is already inside user and nice);
     * idle, iowait and steal are not work done on this machine's behalf.
     */
    static CpuTimes parseCpu(String line) {
        String[] f = line.trim().split("\\s+");
        if (!f[0].equals("cpu") || f.length < 5) {
            throw new IllegalArgumentException("not the total cpu line of /proc/stat: " + line);
        }
        long[] v = new long[8];
        for (int i = 0; i < v.length && i + 1 < f.length; i++) {
            v[i] = Long.parseLong(f[i + 1]);
        }
        long busy = v[0] + v[1] + v[2] + v[5] + v[6];
        long total = busy + v[3] + v[4] + v[7];
        return new CpuTimes(busy, v[7], total);
    }

    /** Every live process with its CPU so far; processes that vanish while read are skipped. */
    static Map<Long, ProcessCpu> processes() {
        Map<Long, ProcessCpu> all = new HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(ROOT, ProcFs::isPidDir)) {
            for (Path dir : dirs) {
                ProcessCpu p = process(Long.parseLong(dir.getFileName().toString()));
                if (p != null) {
                    all.put(p.pid(), p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc: nothing to report
        }
        return all;
    }

    static ProcessCpu process(long pid) {
        try {
            return parseProcessStat(Files.readString(ROOT.resolve(Long.toString(pid)).resolve("stat"),
                    StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * {@code pid (comm) state ppid ... utime stime cutime cstime ...}: the name may contain spaces
     * and parentheses, so the fields are counted from the last ')'; ppid is field 4 of proc(5),
     * utime and stime 14 and 15, cutime and cstime (waited-for children) 16 and 17.
     */
    static ProcessCpu parseProcessStat(String stat) {
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        if (open < 0 || close < open) {
            throw new IllegalArgumentException("not a /proc/PID/stat line: " + stat);
        }
        long pid = Long.parseLong(stat.substring(0, open).trim());
        String[] rest = stat.substring(close + 1).trim().split("\\s+");
        // rest[0] is field 3 (state), so field n is rest[n - 3]
        long ticks = Long.parseLong(rest[11]) + Long.parseLong(rest[12]);
        long childTicks = Long.parseLong(rest[13]) + Long.parseLong(rest[14]);
        return new ProcessCpu(pid, stat.substring(open + 1, close), Long.parseLong(rest[1]), ticks, childTicks);
    }

    /** The 1-minute load average, or NaN. */
    static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(ROOT.resolve("loadavg")).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** The CPUs this process may run on ({@code Cpus_allowed_list}, e.g. {@code 0-3,6}), or null. */
    public static String allowedCpus(long pid) {
        return allowedCpus(ROOT.resolve(Long.toString(pid)).resolve("status"));
    }

    private static String allowedCpus(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // process gone or no /proc
        }
        return null;
    }

    /**
     * The distinct {@code Cpus_allowed_list} of every thread of a process (its
     * {@code /proc/PID/task/*\/status}), sorted: one entry when all its threads may run on the same
     * CPUs; empty when the process is gone or there is no /proc.
     */
    public static java.util.SortedSet<String> threadCpus(long pid) {
        java.util.SortedSet<String> lists = new java.util.TreeSet<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(ROOT.resolve(Long.toString(pid)).resolve("task"),
                ProcFs::isPidDir)) {
            for (Path task : tasks) {
                String cpus = allowedCpus(task.resolve("status"));
                if (cpus != null) {
                    lists.add(cpus);
                }
            }
        } catch (IOException | RuntimeException e) {
            // process gone or no /proc
        }
        return lists;
    }

    /** USER_HZ of /proc (almost always 100); {@code getconf CLK_TCK} tells, asked once. */
    static synchronized long clockTicksPerSecond() {
        if (clockTicksPerSecond == 0) {
            String answer = HostFacts.command("getconf", "CLK_TCK");
            clockTicksPerSecond = answer != null && answer.matches("[0-9]+") ? Long.parseLong(answer) : 100;
        }
        return clockTicksPerSecond;
    }

    private static boolean isPidDir(Path p) {
        String name = p.getFileName().toString();
        return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
    }
}
