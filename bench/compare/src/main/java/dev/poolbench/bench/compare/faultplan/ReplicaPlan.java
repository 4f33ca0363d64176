package dev.poolbench.bench.compare.faultplan;

import dev.poolbench.bench.compare.plan.Profiles;
import dev.poolbench.bench.compare.util.UsageException;
import java.util.List;
import java.util.Locale;

/**
 * What the rolling update of {@link Scenario#MAX_CONNECTIONS} asks of the options: the heap of
 * its replicas, the smallest pool a new replica cannot get from the server's spare connections,
 * and the second of the load by which the update has ended ({@code --duration} is fitted to it
 * unless given).
 */
public final class ReplicaPlan {

    /** The heap of each replica besides the loaded one: they serve no load, and five JVMs share the machine. */
    public static final String REPLICA_HEAP = "384m";
    /**
     * The smallest --pool-size that does not fit in the server's spare connections: the runner's 2
     * (faults.RollingUpdate) and the one MariaDB keeps for a privileged user (every user here).
     */
    static final int MIN_POOL = 4;
    /**
     * The time allowed for a replica's start and an old one's stop in each step of the update:
     * the app took 24-43 s to start on the 2-core machine under a load average of 13 (2026-12-07),
     * and overran 25 s.
     */
    static final int START_SECONDS = 45;

    private ReplicaPlan() {
    }

    /** One replica replaced at most: a start and a stop, two waits of --fault-seconds, each probe's 2 s past its wait. */
    static int replacementSeconds(FaultOptions o) {
        return START_SECONDS + 2 * (o.faultSeconds + 2);
    }

    /** The second of the load by which the rolling update has ended: a replacement per replica but the loaded one. */
    public static int rollingUpdateEnd(FaultOptions o) {
        return o.faultAtSeconds + (o.replicas - 1) * replacementSeconds(o);
    }

    static void validate(FaultOptions o) throws UsageException {
        if (o.postgres()) {
            throw new UsageException("--scenarios max-connections runs on MariaDB only: PostgreSQL's max_connections "
                    + "takes a server restart");
        }
        if (o.poolSize < MIN_POOL) {
            throw new UsageException("--scenarios max-connections needs --pool-size >= " + MIN_POOL
                    + " (a new replica must not fit in the server's spare connections), got " + o.poolSize);
        }
        if (rollingUpdateEnd(o) + 3 > o.durationSeconds) {
            throw new UsageException(String.format(Locale.ROOT, "--duration %d is too short for max-connections: "
                    + "%d replacements of up to %d s each (a replica's start, 2 x --fault-seconds, probes) end by "
                    + "second %d, and 3 s are needed after; leave --duration out to have it fitted", o.durationSeconds,
                    o.replicas - 1, replacementSeconds(o), rollingUpdateEnd(o)));
        }
        if (o.profiles.equals(List.of(Profiles.NO_POOL))) {
            throw new UsageException("--scenarios max-connections has nothing to run on nopool: it holds no connections");
        }
    }
}
