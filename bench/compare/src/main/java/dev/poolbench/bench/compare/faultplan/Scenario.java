package dev.poolbench.bench.compare.faultplan;

import dev.poolbench.bench.compare.util.UsageException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The ways the database, or the session store, goes away in the middle of a run. */
public enum Scenario {
    /** Toxiproxy proxy disabled: open connections are closed, new ones refused. */
    UNREACHABLE("unreachable", "database unreachable (connections refused: proxy disabled)"),
    /**
     * Toxiproxy {@code timeout} toxic with timeout 0: nothing gets through and nothing is reset;
     * at the end the held connections are closed (their data dropped).
     */
    HANG("hang", "database hanging (packets black-holed, no reset)"),
    /**
     * The database server stopped (a clean shutdown: MariaDB's SIGTERM, PostgreSQL's fast shutdown)
     * and started again on its port and data: every connection dies.
     */
    RESTART("restart", "database restarted (process stopped, then started again)"),
    /**
     * The redis-server of a Redis session store stopped (SHUTDOWN NOSAVE) and started again on
     * its port: every client connection dies and every session is lost (no persistence).
     */
    REDIS_RESTART("redis-restart", "redis-server restarted (SHUTDOWN NOSAVE, started again on its port: "
            + "every session lost)"),
    /**
     * Hosts only (ansible/faults.yml): nftables on the database host drops every packet to and
     * from the app host, then lets them through again. Nothing is reset: a new connection waits in
     * the kernel's SYN retries, and one whose partition heals within TCP's retransmission time
     * survives. Figures from the fetched runs ({@code faults-summarize}); locally there is no
     * second host to come between.
     */
    BLACKHOLE("blackhole", "packets between the app and database hosts dropped (nftables on the database "
            + "host), then let through: no reset"),
    /**
     * Hosts only (ansible/faults.yml): the database host is rebooted ({@code systemctl reboot}):
     * systemd stops the database server (every connection closed), the host leaves the network until
     * it is booted again, and the server starts with the boot. Back = it answers a query on the host,
     * as for {@link #RESTART}; how long it is away is the reboot's, not {@code --fault-seconds}.
     */
    REBOOT("reboot", "database host rebooted (systemctl reboot: the server stopped, the host away from the network, "
            + "the server started at boot)"),
    /**
     * Hosts only (ansible/faults.yml): the primary's MariaDB stopped, its replica promoted
     * {@code --fault-seconds} later and the name the app connects to moved to it (the app host's
     * /etc/hosts). Back = the name moved; the JVM may still hold the old address (its DNS cache).
     */
    FAILOVER("failover", "primary stopped, replica promoted, the app's database name moved to it (/etc/hosts)"),
    /**
     * Hosts only: a {@link #FAILOVER} whose old primary stays up, read-only ({@code read_only = 1}):
     * the app's open connections to it stay open and its writes fail (error 1290) until the pool
     * replaces them; how many it still holds after the run is in fault-run.json.
     */
    DEMOTE("demote", "primary made read-only and left up, replica promoted, the app's database name moved to it"),
    /**
     * Nothing goes away: every new connection is made slow while the load jumps
     * ({@code --storm-workload} extra workers from a second after the fault's start to its end),
     * on an elastic pool ({@code --storm-min-idle} up to {@code --storm-pool-size}): how many
     * connections each pool opens, and what the jump does to the p99. Existing connections are
     * untouched. A relay in front of the database holds each new connection before it reaches
     * the server ({@link dev.poolbench.bench.compare.proxy.SlowConnectRelay}: in the runner
     * locally, {@code faults-relay} on the app host with ansible/faults.yml), so the driver's
     * connect itself is slow.
     */
    STORM("storm", "new connections made slow while the load jumps"),
    /**
     * The server's idle session timeout (MariaDB's {@code wait_timeout}, PostgreSQL's
     * {@code idle_session_timeout}) set to {@code --idle-timeout} before the app starts, and a
     * pause in the load ({@code --fault-seconds}) longer than it: no request at all, so the
     * server closes every pooled connection, and the load comes back to a pool of dead ones
     * ({@link IdleTimeoutFault}). What a pool does then is the outcome: validate on borrow,
     * test while idle, or lend them out.
     */
    IDLE_TIMEOUT("idle-timeout", "the load paused longer than the server's idle session timeout"),
    /**
     * Nothing goes away: {@code --replicas} app JVMs of {@code --pool-size} each (the run's app,
     * under the load, and the others idle) on a MariaDB whose {@code max_connections} fits them
     * and not one more, then a rolling update of every replica but the loaded one, a surge of
     * one: a new replica started while the old ones hold their connections, the old one stopped
     * after {@code --fault-seconds}. Which new replicas start, serve, and how many connections
     * they hold ({@code faults.RollingUpdate}, {@code replicas.json}).
     */
    MAX_CONNECTIONS("max-connections", "a rolling update on a server whose max_connections fits the replicas, "
            + "not one more"),
    /**
     * Hosts only (ansible/faults.yml): what a firewall, NAT or load balancer does to a flow idle
     * longer than its timeout. nftables on the database host (conntrack's established timeout
     * {@code poolbench_idle_drop_seconds} for the app's flows) forgets the app's connections idle
     * through a pause of the load, as in {@link #IDLE_TIMEOUT}, and drops their later packets
     * without a reset: the next statement on one hangs until a socket or validation timeout.
     */
    IDLE_DROP("idle-drop", "the load paused longer than a firewall's idle timeout: the app's idle flows forgotten "
            + "on the database host, their later packets dropped (no reset)");

    /** What {@code faults} runs when not told {@code --scenarios}: the database's faults. */
    public static final List<Scenario> DATABASE = List.of(UNREACHABLE, HANG, RESTART);

    private final String cliName;
    private final String description;

    Scenario(String cliName, String description) {
        this.cliName = cliName;
        this.description = description;
    }

    public String cliName() {
        return cliName;
    }

    public String description() {
        return description;
    }

    /** Whether the app reaches the database through the Toxiproxy proxy in this scenario. */
    public boolean throughProxy() {
        return this == UNREACHABLE || this == HANG;
    }

    /**
     * Whether the session store goes away rather than the database. Then the app still writes
     * a login_log row for every attempt (the row comes before the session is saved), so decided
     * logins are the load's 302/303 answers, and an attempt answered with an error status may
     * have its row.
     */
    public boolean sessionStoreAway() {
        return this == REDIS_RESTART;
    }

    /**
     * Whether the fault may show as stalled requests rather than errors: a hang holds the
     * connections; a Redis client may hold its commands until it reconnects.
     */
    public boolean mayStall() {
        // A rebooting host is gone from the network: a new connection to it waits (ARP, SYN
        // retries) rather than being refused, as in a blackhole.
        return this == HANG || this == REDIS_RESTART || this == BLACKHOLE || this == REBOOT;
    }

    /** Whether the scenario needs separate hosts (ansible/faults.yml): the local faults command refuses it. */
    public boolean hostsOnly() {
        return this == BLACKHOLE || this == REBOOT || this == FAILOVER || this == DEMOTE || this == IDLE_DROP;
    }

    /** Why the local command refuses a {@link #hostsOnly} scenario: what it needs and the closest local one. */
    String oneMachineRefusal() {
        return this == REBOOT
                ? "--scenarios reboot needs the fleet: it reboots the database host, so run it with "
                + "ansible/faults.yml on the local fleet or the VMs (docs/vm-path.md); on one machine, restart "
                + "is the closest"
                : this == IDLE_DROP
                ? "--scenarios idle-drop needs separate app and database hosts: run it with ansible/faults.yml on "
                + "the local fleet or the VMs (docs/vm-path.md); on one machine, idle-timeout is the closest"
                : this == FAILOVER || this == DEMOTE
                ? "--scenarios " + cliName + " needs two database hosts, a primary and its replica: run it with "
                + "ansible/faults.yml on the local fleet (terraform/local -var db_replica=true, docs/faults.md); "
                + "on one machine, restart is the closest"
                : "--scenarios " + cliName + " needs separate app and database hosts: run it with "
                + "ansible/faults.yml on the local fleet or the VMs (docs/vm-path.md); on one machine, hang "
                + "(Toxiproxy) is the closest";
    }

    /** Whether the load jumps during the fault and the pool may grow (storm): nothing goes away. */
    public boolean storm() {
        return this == STORM;
    }

    /**
     * Whether the fault is a pause of the load rather than something taken away: the load
     * generator holds every worker for the fault ({@code --pause-at}, {@code --pause-seconds}),
     * and the fault's window in the figures is that pause, in the load's own time.
     */
    public boolean pausesLoad() {
        return this == IDLE_TIMEOUT || this == IDLE_DROP;
    }

    /** Whether the scenario runs several app replicas and replaces them (max-connections): nothing goes away. */
    public boolean replicas() {
        return this == MAX_CONNECTIONS;
    }

    /** The measured load's own arguments in this scenario: storm's jump, idle-timeout's pause; none for the others. */
    public List<String> loadArgs(FaultOptions o) {
        return storm() ? List.of("--jump-workload=" + o.stormWorkload, "--jump-at=" + o.stormJumpAt(),
                "--jump-seconds=" + o.stormJumpSeconds())
                : pausesLoad() ? List.of("--pause-at=" + o.faultAtSeconds, "--pause-seconds=" + o.faultSeconds)
                : List.of();
    }

    /** What goes away, for messages: "the database", "Redis", "the load" (paused), "the old replicas" (replaced). */
    public String target() {
        return sessionStoreAway() ? "Redis" : pausesLoad() ? "the load" : replicas() ? "the old replicas"
                : "the database";
    }

    /** The fault's end, for messages: "the database came back", "the rolling update ended". */
    public String end() {
        return replicas() ? "the rolling update ended" : target() + " came back";
    }

    public static Scenario parse(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (Scenario s : values()) {
            if (s.cliName.equals(v)) {
                return s;
            }
        }
        return null;
    }

    /** {@code --scenarios}: each once, in the order given. */
    static List<Scenario> parseList(String value) throws UsageException {
        List<Scenario> list = new ArrayList<>();
        for (String s : value.split(",", -1)) {
            Scenario scenario = parse(s);
            if (scenario == null) {
                throw new UsageException("unknown scenario '" + s.trim() + "'; valid scenarios: "
                        + String.join(", ", names()));
            }
            if (list.contains(scenario)) {
                throw new UsageException("scenario '" + scenario.cliName() + "' listed twice in --scenarios");
            }
            list.add(scenario);
        }
        return List.copyOf(list);
    }

    public static List<String> names() {
        return Arrays.stream(values()).map(Scenario::cliName).toList();
    }
}
