package dev.poolbench.bench.compare.faultplan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.SessionStore;
import java.util.List;
import org.junit.jupiter.api.Test;

class FaultOptionsTest {

    @Test
    void defaultsRunEveryScenarioOnEveryProfile() throws Exception {
        FaultOptions o = FaultOptions.parse();
        assertEquals(List.of(Scenario.UNREACHABLE, Scenario.HANG, Scenario.RESTART), o.scenarios);
        assertEquals(5, o.profiles.size());
        assertEquals(40, o.durationSeconds);
        assertEquals(10, o.faultAtSeconds);
        assertEquals(10, o.faultSeconds);
        assertEquals(5_000, o.poolWaitMillis);
        assertNull(o.proxyPort, "a free port is chosen at start");
        assertEquals(List.of(SessionStore.MEMORY), o.sessions);
        assertFalse(o.needsRedis());
        assertEquals(List.of("unreachable-hikari", "hang-hikari", "restart-hikari"),
                FaultOptions.parse("--profiles", "hikari").plan().stream().map(FaultCase::name).toList(),
                "memory alone: the directory names Ansible's faults.yml writes");
    }

    @Test
    void sessionStoresAreADimensionAndRedisRestartRunsOnlyWithARedisStore() throws Exception {
        FaultOptions o = FaultOptions.parse("--profiles", "hikari,dbcp2", "--session", "memory,redis-pooled",
                "--redis-pool-size", "4", "--scenarios", "restart,redis-restart");
        assertEquals(List.of(SessionStore.MEMORY, SessionStore.REDIS_POOLED), o.sessions);
        assertEquals(4, o.redisPoolSize);
        assertTrue(o.needsRedis());
        assertEquals(List.of("restart-hikari-memory", "restart-hikari-redis-pooled", "restart-dbcp2-memory",
                "restart-dbcp2-redis-pooled", "redis-restart-hikari-redis-pooled", "redis-restart-dbcp2-redis-pooled"),
                o.plan().stream().map(FaultCase::name).toList());
        assertEquals("redis-restart/dbcp2/redis-pooled", o.plan().get(5).label());
        FaultOptions shared = FaultOptions.parse("--quick", "--session", "redis-shared", "--scenarios", "redis-restart");
        assertEquals(List.of("redis-restart-hikari-redis-shared", "redis-restart-tomcat-redis-shared",
                "redis-restart-dbcp-redis-shared", "redis-restart-dbcp2-redis-shared", "redis-restart-nopool-redis-shared"),
                shared.plan().stream().map(FaultCase::name).toList());
        assertEquals(SessionStore.DEFAULT_REDIS_POOL_SIZE, shared.redisPoolSize);
        // Through options.json, as faults-summarize reads it back.
        FaultOptions back = FaultOptions.fromJson(Json.parse(Json.MAPPER.writeValueAsString(o.toJson())), "options.json");
        assertEquals(o.plan(), back.plan());
        assertEquals(4, back.redisPoolSize);
    }

    @Test
    void redisRestartWithoutARedisStoreAndBadStoresAreClearErrors() {
        assertMessage("--scenarios redis-restart needs --session redis-shared or redis-pooled",
                "--scenarios", "redis-restart");
        assertMessage("--scenarios redis-restart needs --session redis-shared or redis-pooled",
                "--session", "memory", "--scenarios", "restart,redis-restart");
        assertMessage("--session must be memory, redis-shared or redis-pooled (a comma list), got 'redis'",
                "--session", "redis");
        assertMessage("session store redis-shared listed twice in --session", "--session", "redis-shared,redis-shared");
        assertMessage("--redis-pool-size is for --session redis-pooled", "--session", "redis-shared",
                "--redis-pool-size", "4");
        assertMessage("--redis-pool-size must be >= 1, got 0", "--session", "redis-pooled", "--redis-pool-size", "0");
    }

    @Test
    void quickIsShortAndExplicitOptionsWin() throws Exception {
        FaultOptions o = FaultOptions.parse("--quick", "--pool-wait-ms", "2000", "--scenarios=hang,restart",
                "--profiles", "hikari", "--db-port", "13312", "--check");
        assertEquals(25, o.durationSeconds);
        assertEquals(4, o.faultAtSeconds);
        assertEquals(3, o.faultSeconds);
        assertEquals(0, o.warmupSeconds);
        assertEquals(2_000, o.poolWaitMillis);
        assertEquals(List.of(Scenario.HANG, Scenario.RESTART), o.scenarios);
        assertEquals(13_312, o.dbPort);
        assertTrue(o.check);
    }

    @Test
    void badValuesAreClearErrors() {
        assertMessage("unknown scenario 'flood'; valid scenarios: unreachable, hang, restart, redis-restart, blackhole, "
                + "reboot, failover, demote, storm, idle-timeout, max-connections, idle-drop",
                "--scenarios", "hang,flood");
        assertMessage("scenario 'hang' listed twice in --scenarios", "--scenarios", "hang,HANG");
        assertMessage("unknown profile 'c3p1'; valid profiles: hikari, tomcat, dbcp, dbcp2, c3p0, vibur, agroal, ucp,"
                + " nopool, or all", "--profiles", "c3p1");
        assertMessage("profile 'hikari' listed twice in --profiles", "--profiles", "hikari,all");
        assertMessage("--pool-wait-ms must be an integer, got '5s'", "--pool-wait-ms", "5s");
        assertMessage("--fault-seconds must be between 1 and 600, got 0", "--fault-seconds", "0");
        assertMessage("--db-port must be between 1 and 65535, got 70000", "--db-port", "70000");
        assertMessage("--fault-at must be >= 3 (a pre-fault baseline is needed), got 2", "--fault-at", "2");
        assertMessage("--proxy-port must differ from --db-port (13306)", "--proxy-port", "13306");
        assertMessage("--proxy-port must differ from --db-port (13312)", "--db-port", "13312", "--proxy-port", "13312");
        assertMessage("unknown option --fault", "--fault", "hang");
        assertMessage("--duration needs a value", "--duration");
        assertMessage("--quick takes no value", "--quick=yes");
        assertMessage("--duration 20 is too short: the fault ends at second 20 (--fault-at 10 + --fault-seconds 10) "
                + "and recovery needs at least 3 s after it", "--duration", "20");
    }

    @Test
    void idleTimeoutPausesTheLoadLongerThanTheServersTimeout() throws Exception {
        FaultOptions o = FaultOptions.parse("--scenarios", "idle-timeout", "--profiles", "hikari");
        assertEquals(4, o.idleTimeoutSeconds);
        assertEquals(List.of("--pause-at=10", "--pause-seconds=10"), Scenario.IDLE_TIMEOUT.loadArgs(o));
        assertEquals(List.of(), Scenario.RESTART.loadArgs(o));
        assertEquals(List.of("idle-timeout-hikari"), o.plan().stream().map(FaultCase::name).toList());
        FaultOptions quick = FaultOptions.parse("--quick", "--scenarios", "idle-timeout");
        assertEquals(1, quick.idleTimeoutSeconds, "a 3-s pause outlasts a 1-s timeout by 2 s");
        assertEquals(List.of("--pause-at=4", "--pause-seconds=3"), Scenario.IDLE_TIMEOUT.loadArgs(quick));
        FaultOptions back = FaultOptions.fromJson(Json.parse(Json.line(o.toJson())), "options.json");
        assertEquals(Json.line(o.toJson()), Json.line(back.toJson()));
        assertMessage("--scenarios idle-timeout needs --fault-seconds (the load's pause) at least 2 s longer than "
                + "--idle-timeout, got 10 and 9", "--scenarios", "idle-timeout", "--idle-timeout", "9");
        assertMessage("--idle-timeout must be between 1 and 3600, got 0", "--idle-timeout", "0");
        // Only a plan with idle-timeout asks the pause to outlast it.
        FaultOptions.parse("--scenarios", "restart", "--idle-timeout", "9");
        FaultOptions.parse("--scenarios", "idle-timeout").requireOneMachineScenarios();
    }

    @Test
    void maxConnectionsGetsADurationThatFitsTheUpdateAndSkipsNopool() throws Exception {
        FaultOptions o = FaultOptions.parse("--scenarios", "max-connections", "--profiles", "hikari,nopool");
        assertEquals(3, o.replicas);
        // Two replacements of 45 s (a start and a stop) + 2 x (10-s wait + a probe's 2 s) from second 10, and 3 s after.
        assertEquals(10 + 2 * (45 + 2 * 12), ReplicaPlan.rollingUpdateEnd(o));
        assertEquals(ReplicaPlan.rollingUpdateEnd(o) + 3, o.durationSeconds);
        assertEquals(List.of("max-connections-hikari"), o.plan().stream().map(FaultCase::name).toList(),
                "nopool holds no connections");
        FaultOptions quick = FaultOptions.parse("--quick", "--scenarios", "max-connections", "--replicas", "2");
        assertEquals(4 + (45 + 2 * 5) + 3, quick.durationSeconds);
        assertEquals(40, FaultOptions.parse("--scenarios", "restart", "--replicas", "5").durationSeconds,
                "only a plan with max-connections is lengthened");
        FaultOptions back = FaultOptions.fromJson(Json.parse(Json.line(o.toJson())), "options.json");
        assertEquals(Json.line(o.toJson()), Json.line(back.toJson()));
        FaultOptions.parse("--scenarios", "max-connections").requireOneMachineScenarios();
    }

    @Test
    void maxConnectionsRefusesWhatItCannotMeasureInOneLine() {
        assertMessage("--replicas must be between 2 and 16, got 0", "--scenarios", "max-connections", "--replicas", "0");
        assertMessage("--replicas must be between 2 and 16, got 1", "--replicas", "1");
        assertMessage("--scenarios max-connections runs on MariaDB only: PostgreSQL's max_connections takes a server "
                + "restart", "--scenarios", "max-connections", "--database", "postgres");
        assertMessage("--scenarios max-connections needs --pool-size >= 4 (a new replica must not fit in the server's "
                + "spare connections), got 3", "--scenarios", "max-connections", "--pool-size", "3");
        assertMessage("--duration 60 is too short for max-connections: 2 replacements of up to 69 s each (a replica's "
                + "start, 2 x --fault-seconds, probes) end by second 148, and 3 s are needed after; leave --duration "
                + "out to have it fitted", "--scenarios", "max-connections", "--duration", "60");
        assertMessage("--scenarios max-connections has nothing to run on nopool: it holds no connections",
                "--scenarios", "max-connections", "--profiles", "nopool");
    }

    @Test
    void helpHasNoMessage() {
        UsageException e = assertThrows(UsageException.class, () -> FaultOptions.parse("--help"));
        assertNull(e.getMessage());
    }

    @Test
    void blackholeIsRefusedOnOneMachineButSummarizedFromTheFleet() throws Exception {
        FaultOptions fleet = FaultOptions.parse("--scenarios", "hang,blackhole");
        UsageException e = assertThrows(UsageException.class, fleet::requireOneMachineScenarios);
        assertEquals("--scenarios blackhole needs separate app and database hosts: run it with ansible/faults.yml on "
                + "the local fleet or the VMs (docs/vm-path.md); on one machine, hang (Toxiproxy) is the closest",
                e.getMessage());
        // faults.yml's options.json with a blackhole run is read back for faults-summarize.
        FaultOptions read = FaultOptions.fromJson(Json.parse(Json.line(fleet.toJson())), "options.json");
        assertEquals(Json.line(fleet.toJson()), Json.line(read.toJson()));
        FaultOptions.parse("--scenarios", "hang").requireOneMachineScenarios();
    }

    @Test
    void rebootIsRefusedOnOneMachineButSummarizedFromTheFleet() throws Exception {
        FaultOptions fleet = FaultOptions.parse("--scenarios", "restart,reboot");
        UsageException e = assertThrows(UsageException.class, fleet::requireOneMachineScenarios);
        assertEquals("--scenarios reboot needs the fleet: it reboots the database host, so run it with "
                + "ansible/faults.yml on the local fleet or the VMs (docs/vm-path.md); on one machine, restart is the "
                + "closest", e.getMessage());
        assertEquals(List.of(Scenario.RESTART, Scenario.REBOOT), fleet.scenarios);
        FaultOptions read = FaultOptions.fromJson(Json.parse(Json.line(fleet.toJson())), "options.json");
        assertEquals(Json.line(fleet.toJson()), Json.line(read.toJson()));
        // The local runner has no way to apply it: a plan that got past the options is a bug, said so.
        IllegalStateException never = assertThrows(IllegalStateException.class,
                () -> Fault.of(Scenario.REBOOT, null, null, null, null, null));
        assertEquals("reboot runs between hosts only (ansible/faults.yml)", never.getMessage());
    }

    @Test
    void failoverIsRefusedOnOneMachineButSummarizedFromTheFleet() throws Exception {
        FaultOptions fleet = FaultOptions.parse("--scenarios", "failover");
        UsageException e = assertThrows(UsageException.class, fleet::requireOneMachineScenarios);
        assertEquals("--scenarios failover needs two database hosts, a primary and its replica: run it with "
                + "ansible/faults.yml on the local fleet (terraform/local -var db_replica=true, docs/faults.md); on one "
                + "machine, restart is the closest", e.getMessage());
        FaultOptions read = FaultOptions.fromJson(Json.parse(Json.line(fleet.toJson())), "options.json");
        assertEquals(List.of(Scenario.FAILOVER), read.scenarios);
        // demote (the old primary left up, read-only) is the same kind of run: the same one line.
        FaultOptions demote = FaultOptions.parse("--scenarios", "demote,failover");
        UsageException refused = assertThrows(UsageException.class, demote::requireOneMachineScenarios);
        assertEquals("--scenarios demote needs two database hosts, a primary and its replica: run it with "
                + "ansible/faults.yml on the local fleet (terraform/local -var db_replica=true, docs/faults.md); on one "
                + "machine, restart is the closest", refused.getMessage());
        assertEquals(List.of(Scenario.DEMOTE, Scenario.FAILOVER),
                FaultOptions.fromJson(Json.parse(Json.line(demote.toJson())), "options.json").scenarios);
    }

    @Test
    void idleDropIsRefusedOnOneMachineButSummarizedFromTheFleetAsAPause() throws Exception {
        FaultOptions fleet = FaultOptions.parse("--scenarios", "idle-drop,restart");
        UsageException e = assertThrows(UsageException.class, fleet::requireOneMachineScenarios);
        assertEquals("--scenarios idle-drop needs separate app and database hosts: run it with ansible/faults.yml on "
                + "the local fleet or the VMs (docs/vm-path.md); on one machine, idle-timeout is the closest",
                e.getMessage());
        // faults.yml's options.json (its idleDropSeconds is not an option of the runner's) is read back.
        ObjectNode written = fleet.toJson();
        written.put("idleDropSeconds", 4);
        FaultOptions read = FaultOptions.fromJson(Json.parse(Json.line(written)), "options.json");
        assertEquals(List.of(Scenario.IDLE_DROP, Scenario.RESTART), read.scenarios);
        // The load pauses itself, as for idle-timeout: the figures take the fault's window from the pause.
        assertTrue(Scenario.IDLE_DROP.pausesLoad());
        assertEquals("the load", Scenario.IDLE_DROP.target());
        IllegalStateException never = assertThrows(IllegalStateException.class,
                () -> Fault.of(Scenario.IDLE_DROP, null, null, null, null, null));
        assertEquals("idle-drop runs between hosts only (ansible/faults.yml)", never.getMessage());
    }

    @Test
    void stormRunsLocallyWithItsOwnPoolAndJumpKeptInOptionsJson() throws Exception {
        FaultOptions o = FaultOptions.parse("--scenarios", "storm", "--storm-connect-ms", "300", "--storm-workload", "12",
                "--storm-pool-size", "20", "--storm-min-idle", "2");
        o.requireOneMachineScenarios();
        assertEquals(List.of(Scenario.STORM), o.scenarios);
        assertEquals(11, o.stormJumpAt(), "a second after the fault's start at 10");
        assertEquals(9, o.stormJumpSeconds(), "to the fault's end at 20");
        FaultOptions read = FaultOptions.fromJson(Json.parse(Json.line(o.toJson())), "options.json");
        assertEquals(Json.line(o.toJson()), Json.line(read.toJson()));
        assertEquals(300, read.stormConnectMillis);
        assertEquals(2, read.stormMinIdle);
        assertEquals(250, FaultOptions.parse().stormConnectMillis);
        assertMessage("--scenarios storm needs --fault-seconds >= 2 (the load jumps from a second after the fault's "
                + "start to its end), got 1", "--scenarios", "storm", "--fault-seconds", "1");
        assertMessage("--storm-min-idle must be between 1 and 8, got 9", "--storm-pool-size", "8", "--storm-min-idle", "9");
    }

    @Test
    void postgresIsKeptInOptionsJsonAndRefusesPrometheus() throws Exception {
        assertEquals("mariadb", FaultOptions.parse().database);
        FaultOptions o = FaultOptions.parse("--database", "POSTGRES", "--scenarios", "unreachable,hang,restart");
        assertEquals("postgres", o.database);
        assertTrue(o.postgres());
        assertEquals("postgres", FaultOptions.fromJson(Json.parse(Json.line(o.toJson())), "options.json").database);
        // faults.yml's options.json names no database: its runs are MySQL's.
        var fleet = (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse(Json.line(o.toJson()));
        fleet.remove("database");
        assertFalse(FaultOptions.fromJson(fleet, "options.json").postgres());
        assertMessage("--database must be one of mariadb, postgres, got 'oracle'", "--database", "oracle");
        // Before the tools are looked for: the refusal holds where Prometheus is installed and where not.
        assertMessage("--prometheus watches MariaDB only (mysqld_exporter): it cannot be used with --database postgres",
                "--database", "postgres", "--prometheus");
    }

    private static void assertMessage(String expected, String... args) {
        UsageException e = assertThrows(UsageException.class, () -> FaultOptions.parse(args));
        assertEquals(expected, e.getMessage());
    }
}
