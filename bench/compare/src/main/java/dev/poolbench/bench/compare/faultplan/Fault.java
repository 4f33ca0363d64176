package dev.poolbench.bench.compare.faultplan;

import dev.poolbench.bench.compare.db.LocalDatabase;
import dev.poolbench.bench.compare.proxy.Proxy;
import dev.poolbench.bench.compare.proxy.SlowConnectRelay;
import dev.poolbench.bench.compare.redis.LocalRedis;

/** Takes the database (or the session store) away for a while; returns once it is back. */
public interface Fault {

    /** @return a detail worth reporting (the restart's stop and start times), or null */
    String apply(long millis) throws Exception;

    /**
     * {@link #apply}, with what the fault counted on the server for the run's record; most faults
     * count nothing.
     */
    default Applied applyCounting(long millis) throws Exception {
        return new Applied(apply(millis), null);
    }

    /**
     * What a fault reported: its {@link #apply} detail, and the app's sessions the server closed
     * during it (idle-timeout: those open at the pause's start and gone at its end; null: not counted).
     */
    record Applied(String detail, Integer serverClosedSessions) {
    }

    /**
     * What the scenario sets on the server before the run's app starts, so that every connection
     * of the app's pool is made under it; closing it undoes it once the app has stopped. Nothing
     * for most scenarios.
     */
    default ServerSetting beforeApp() throws Exception {
        return ServerSetting.NONE;
    }

    /**
     * The run's app serves (warmed up, the measured load next), its management port at
     * {@code managementUrl}: what the scenario needs ready before the load, awaited here
     * (max-connections: the other replicas serving). Nothing for most scenarios.
     */
    default void appServing(java.net.URI managementUrl) throws Exception {
    }

    /** A setting of the server for one run ({@link #beforeApp}), undone by {@link #close}. */
    interface ServerSetting extends AutoCloseable {
        ServerSetting NONE = () -> { };

        @Override
        void close() throws Exception;
    }

    /**
     * @param redis the command's redis-server; null when no run keeps its sessions in Redis
     * @param relay the storm's relay in front of the database; null when no scenario is storm
     */
    static Fault of(Scenario scenario, Proxy proxy, LocalDatabase database, LocalRedis redis, SlowConnectRelay relay,
                    FaultOptions options) {
        return switch (scenario) {
            case UNREACHABLE -> millis -> {
                proxy.disable();
                try {
                    Thread.sleep(millis);
                } finally {
                    proxy.enable();
                }
                return null;
            };
            case HANG -> millis -> {
                proxy.blackhole();
                try {
                    Thread.sleep(millis);
                } finally {
                    proxy.clearBlackhole();
                }
                return null;
            };
            // Back = the restarted server answered its first query (EmbeddedMariaDb.start and
            // LocalPostgres.start wait for it).
            case RESTART -> database::restart;
            // Back = the restarted redis-server answered PING on the same port.
            case REDIS_RESTART -> {
                if (redis == null) {
                    throw new IllegalStateException("redis-restart without a redis-server (plan a Redis --session)");
                }
                yield redis::restart;
            }
            // Every new connection waits at the relay (on hosts: faults-relay); the load's jump is the load's own.
            case STORM -> millis -> {
                int stormConnectMillis = options.stormConnectMillis;
                relay.resetCounts();
                relay.slow(stormConnectMillis);
                try {
                    Thread.sleep(millis);
                } finally {
                    relay.slow(0);
                }
                return "new connections held " + stormConnectMillis + " ms at a relay: " + relay.slowSummary();
            };
            // The load pauses itself (Scenario.loadArgs); the fault watches the server close the idle sessions.
            case IDLE_TIMEOUT -> new IdleTimeoutFault(database, options.idleTimeoutSeconds);
            // It starts app JVMs: the runner's faults.RollingUpdate, built there.
            case MAX_CONNECTIONS -> throw new IllegalStateException("max-connections is the runner's rolling update "
                    + "(faults.RollingUpdate), not a fault of the servers");
            // Refused by FaultOptions before anything starts: only ansible/faults.yml runs them, between hosts.
            case BLACKHOLE, REBOOT, FAILOVER, DEMOTE, IDLE_DROP -> throw new IllegalStateException(scenario.cliName()
                    + " runs between hosts only (ansible/faults.yml)");
        };
    }
}
