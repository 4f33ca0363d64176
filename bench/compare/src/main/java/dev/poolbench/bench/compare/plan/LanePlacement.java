package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.machine.LaneCpuSets;
import dev.poolbench.bench.compare.machine.ProcFs;
import dev.poolbench.bench.compare.util.UsageException;

/**
 * Where a duet's two lanes run on this machine ({@code --lanes}, docs/lane-placement.md).
 * {@code shared}: both lanes on every CPU, both databases in one embedded MariaDB server, so a
 * pool's CPU cost also falls on its partner. {@code isolated}: each lane's app JVM, load JVM and
 * its own MariaDB server on a CPU set of its own ({@link LaneCpuSets}).
 */
public enum LanePlacement {
    SHARED("shared"), ISOLATED("isolated");

    public static final String NAMES = "shared | isolated";

    private final String cliName;

    LanePlacement(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    static LanePlacement parse(String value) throws UsageException {
        for (LanePlacement p : values()) {
            if (p.cliName.equalsIgnoreCase(value.trim())) {
                return p;
            }
        }
        throw new UsageException("--lanes must be " + NAMES + ", got '" + value + "'");
    }

    /**
     * The CPU sets of {@code isolated} lanes, checked against this machine before anything starts;
     * null for {@code shared}. A placement that cannot be had here is a usage error naming the fallback.
     */
    LaneCpuSets cpuSets(CompareOptions o) throws UsageException {
        if (this == SHARED) {
            return null;
        }
        if (!o.duet) {
            throw new UsageException("--lanes isolated places the two lanes of a duet: not with --solo (nor with one "
                    + "profile and one pool size, which run solo): run with --lanes shared");
        }
        if (o.remote()) {
            throw new UsageException("--lanes isolated is for local mode; in remote mode each lane is isolated by "
                    + "its own app host and database (--second-app-url; ansible: two app hosts, "
                    + "docs/lane-placement.md): run with --lanes shared");
        }
        if (o.cpus != null) {
            throw new UsageException("--lanes isolated places every process of a lane itself: not with --cpus");
        }
        if (o.dbPort >= 65_535) {
            throw new UsageException("--lanes isolated runs a second MariaDB server on --db-port + 1: give a "
                    + "--db-port below 65535");
        }
        String allowed = ProcFs.allowedCpus(ProcessHandle.current().pid());
        return LaneCpuSets.plan(allowed == null ? "0-" + (Runtime.getRuntime().availableProcessors() - 1) : allowed);
    }
}
