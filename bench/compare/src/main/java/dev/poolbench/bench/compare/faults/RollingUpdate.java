package dev.poolbench.bench.compare.faults;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.db.ConnectionLimit;
import dev.poolbench.bench.compare.db.LocalDatabase;
import dev.poolbench.bench.compare.faultfigures.SurgeFigures;
import dev.poolbench.bench.compare.faultplan.Fault;
import dev.poolbench.bench.compare.faultplan.FaultCase;
import dev.poolbench.bench.compare.faultplan.FaultOptions;
import dev.poolbench.bench.compare.faultplan.ReplicaPlan;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The scenario max-connections ({@link Scenario#MAX_CONNECTIONS}): a service's replicas, each
 * with its own pool, on a server whose {@code max_connections} fits them and not one more, and a
 * rolling update with a surge of one, as an orchestrator runs it. Before the run's app starts,
 * {@code max_connections} is set to the connections open then (the runner's own) + replicas ×
 * pool size + {@value #RUNNER_CONNECTIONS} for the runner's resets and counts, and the other
 * {@code --replicas} - 1 replicas start (old-2 ..; the run's app, under the load, is old-1 and
 * is not replaced: its load's figures are those of a replica that keeps its connections). Before
 * the load they must all serve. At {@code --fault-at}, per old replica: a new one is started,
 * awaited until it answers at all, then until it serves or for {@code --fault-seconds} while
 * every old one still holds its connections (a scale-out by one), then the old one is stopped and
 * the new one given {@code --fault-seconds} to serve and take the freed connections. A replica that exits is not started again. Per replica
 * in {@value SurgeFigures#FILE}: whether it started, when it first served, the connections it
 * held; for the server the connections it refused. The setting is undone and the replicas
 * stopped once the run's app has stopped. On hosts ({@link ReplicasCommand}) the same steps, the
 * replicas systemd units and the limit set by ansible/faults.yml.
 */
final class RollingUpdate implements Fault {

    /** Starts a replica named {@code name} with its files in {@code dir}. */
    interface Launcher {
        Replica start(String name, Path dir) throws IOException;
    }

    /** The server's watcher, with a max_connections in force that fits {@code replicaConnections} and not one more. */
    interface Limit {
        ConnectionLimit open(long replicaConnections) throws Exception;
    }

    /**
     * Connections the runner may open beside the replicas' (the database reset, the counts of
     * login_log); with MariaDB's privileged one, a new replica's room (ReplicaPlan's smallest pool).
     */
    static final int RUNNER_CONNECTIONS = 2;
    /** How long a replica may take to answer at all before the update goes on without it. */
    private static final long START_LIMIT_MILLIS = 60_000;

    private final int replicas;
    private final int poolSize;
    private final Launcher launcher;
    private final Limit limitSetter;
    private final Consumer<String> say;
    private final String label;
    private final Path runDir;
    private final List<Replica> old = new CopyOnWriteArrayList<>();
    private final List<Replica> fresh = new CopyOnWriteArrayList<>();
    private final ObjectNode record = Json.object();
    private volatile ConnectionLimit limit;
    private volatile URI loaded;
    private long maxConnections;

    RollingUpdate(int replicas, int poolSize, Launcher launcher, Limit limit, Consumer<String> say, String label,
                  Path runDir) {
        this.replicas = replicas;
        this.poolSize = poolSize;
        this.launcher = launcher;
        this.limitSetter = limit;
        this.say = say;
        this.label = label;
        this.runDir = runDir;
    }

    /** The runner's: replicas of the run's app, the limit set over the runner's own watcher. */
    static RollingUpdate local(FaultRun.Setup s, FaultCase planned, Path runDir) {
        FaultOptions o = s.options();
        LocalDatabase db = s.database();
        return new RollingUpdate(o.replicas, o.poolSize,
                (name, dir) -> Replica.start(s, planned, name, dir, ReplicaPlan.REPLICA_HEAP), replicaConnections -> {
                    ConnectionLimit l = ConnectionLimit.open(db.jdbcUrl(), db.user(), db.password());
                    try {
                        l.set(l.connected() + replicaConnections + RUNNER_CONNECTIONS);
                        return l;
                    } catch (Exception e) {
                        l.close();
                        throw e;
                    }
                }, s.progress()::message, planned.label(), runDir);
    }

    @Override
    public ServerSetting beforeApp() throws Exception {
        try {
            limit = limitSetter.open((long) replicas * poolSize);
            maxConnections = limit.limit();
            record.put("replicas", replicas);
            record.put("poolSize", poolSize);
            record.put("maxConnections", maxConnections);
            record.put("previousMaxConnections", limit.previous());
            for (int i = 2; i <= replicas; i++) {
                old.add(start("old-" + i));
            }
        } catch (Exception e) {
            undo();
            throw e;
        }
        return this::undo;
    }

    /** Every old replica serving, and the connections each holds, before the load. */
    @Override
    public void appServing(URI managementUrl) throws Exception {
        loaded = managementUrl;
        for (Replica r : old) {
            r.await(START_LIMIT_MILLIS, false);
            if (!r.served()) {
                throw new IllegalStateException(r.name + " did not serve before the load, though max_connections "
                        + maxConnections + " fits every replica: " + (r.record.has("exitStatus")
                        ? "exit " + r.record.get("exitStatus") + ": " + r.record.get("exitLine").asText()
                        : "see " + runDir.relativize(replicaDir(r.name)).resolve("app.log")));
            }
            r.record.put("connectionsBefore", r.connections());
        }
        record.put("loadedConnectionsBefore", Replica.connectionsHeld(loaded));
        record.put("serverConnectionsBefore", limit.connected());
    }

    @Override
    public String apply(long millis) throws Exception {
        long begin = System.nanoTime();
        long refusedBefore = limit.refused();
        try {
            for (Replica gone : old) {
                step(gone, begin, millis);
            }
        } finally {
            finish(begin, refusedBefore);
        }
        SurgeFigures figures = new SurgeFigures(record);
        return String.format(Locale.ROOT, "max_connections %d (was %d) for %d replicas of %d: %s, %d connections "
                + "refused (%s)", maxConnections, limit.previous(), replicas, poolSize,
                figures.everyServesSeconds() == null ? "not every replica served"
                        : String.format(Locale.ROOT, "every replica served %.1f s after the update's start",
                        figures.everyServesSeconds()), figures.refused(), SurgeFigures.FILE);
    }

    /**
     * One replica replaced: the new one started; the surge, until it serves (an orchestrator's
     * readiness check) or for {@code millis}; the old one stopped; {@code millis} for the new one
     * to serve and take the connections freed, then its connections read.
     */
    private void step(Replica gone, long begin, long millis) throws IOException, InterruptedException {
        Replica next = start("new-" + (fresh.size() + 1));
        fresh.add(next);
        next.await(START_LIMIT_MILLIS, true);
        next.await(millis, false);
        next.record.put("servedInSurge", next.served());
        next.record.put("connectionsInSurge", next.connections());
        gone.stop();
        long stopped = System.nanoTime();
        gone.record.put("stoppedSecond", (stopped - begin) / 1e9);
        next.await(millis, false);
        Thread.sleep(Math.max(0, millis - (System.nanoTime() - stopped) / 1_000_000));
        next.record.put("connectionsAfterStop", next.connections());
        say.accept(String.format(Locale.ROOT, "  %s: %s replaced by %s: %s", label, gone.name,
                next.name, next.served() ? "serving" : next.record.has("exitStatus") ? "it exited" : "not serving"));
    }

    /** The loaded replica's connections, the server's refusals, every replica's figures: {@value SurgeFigures#FILE}. */
    private void finish(long begin, long refusedBefore) throws Exception {
        record.put("loadedConnectionsAtEnd", Replica.connectionsHeld(loaded));
        record.put("serverConnectionsAtEnd", limit.connected());
        record.put("refusedConnections", limit.refused() - refusedBefore);
        boolean every = fresh.size() == old.size() && fresh.stream().allMatch(Replica::served);
        record.put("everyReplicaServesSeconds", every ? Math.round(fresh.stream().mapToLong(Replica::servedNanos)
                .map(t -> t - begin).max().orElse(0) / 1e7) / 100.0 : null);
        ArrayNode list = record.putArray("replicaFigures");
        // The old ones were first probed once the run's app served: their start is not timed.
        old.forEach(r -> list.add(r.record));
        fresh.forEach(r -> list.add(r.figures(begin)));
        Json.write(runDir.resolve(SurgeFigures.FILE), record);
    }

    private Replica start(String name) throws IOException {
        return launcher.start(name, replicaDir(name));
    }

    private Path replicaDir(String name) {
        return runDir.resolve("replicas").resolve(name);
    }

    /** Every replica stopped (their connections closed), then the server's own max_connections back. */
    private void undo() throws Exception {
        List<Replica> all = new ArrayList<>(old);
        all.addAll(fresh);
        all.forEach(Replica::destroy);
        all.forEach(Replica::stop);
        ConnectionLimit l = limit;
        if (l != null) {
            l.close();
        }
    }
}
