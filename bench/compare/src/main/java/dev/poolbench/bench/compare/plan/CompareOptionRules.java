package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.db.DbDistance;
import dev.poolbench.bench.compare.machine.CpuPlacement;
import dev.poolbench.bench.compare.monitoring.MonitoringTools;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.sql.LocalPostgres;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The rules of {@code compare}'s options on their own values (ranges, the one pool size) and
 * across them (the pool mode, local mode's tools and distance, remote mode's through
 * {@link RemoteOptions}); the verdict's are {@link VerdictOptions}. Checked in a fixed order, so
 * that of two wrong options the same one is named every time.
 */
final class CompareOptionRules {

    private CompareOptionRules() {
    }

    /** The values read from their text (profiles, pool size, distance) and checked, on what picocli parsed. */
    static void apply(CompareOptions o, Set<String> given) throws UsageException {
        o.profiles = Profiles.parse(o.profilesText);
        o.poolSizes = List.of(poolSize(o.poolSizeText));
        positive("runs", o.runs, 1);
        positive("duration", o.durationSeconds, 1);
        positive("warmup", o.warmupSeconds, 0);
        if (o.workload != null) {
            positive("workload", o.workload, 1);
        }
        if (o.maxRuns != null) {
            positive("max-runs", o.maxRuns, 2);
        }
        if (o.maxMinutes != null && !(o.maxMinutes > 0 && o.maxMinutes < 100_000)) {
            throw new UsageException("--max-minutes takes minutes above 0, got " + o.maxMinutes);
        }
        positive("rerun-disturbed", o.rerunDisturbed, 0);
        if (o.dbPort < 1 || o.dbPort > 65_535) {
            throw new UsageException("--db-port must be a TCP port (1-65535), got " + o.dbPort);
        }
        if (o.reference != null) {
            o.reference = o.reference.trim().toLowerCase(Locale.ROOT);
        }
        acrossOptions(o, given);
    }

    private static void acrossOptions(CompareOptions o, Set<String> given) throws UsageException {
        if ("defaults".equals(o.poolMode) && given.contains("pool-size")) {
            throw new UsageException("--pool-size applies to --pool-mode equalized only; in "
                    + "defaults mode every pool keeps the size its library ships with");
        }
        o.remoteLanes.apply(o, given);
        RemoteOptions.validate(o, given);
        o.remoteLanes.applySecondLane(o);
        if (!"mariadb".equals(o.database) && o.prometheus) {
            // Its mysqld_exporter would watch nothing, every database panel stay empty.
            throw new UsageException("--prometheus watches MariaDB only (mysqld_exporter): it cannot be used with "
                    + "--database " + o.database);
        }
        if ("postgres".equals(o.database) && !o.remote()) {
            try {
                LocalPostgres.binaries();
            } catch (IllegalStateException e) {
                throw new UsageException("--database postgres: " + e.getMessage());
            }
        }
        if (o.prometheus) {
            try {
                MonitoringTools.requireAll();
            } catch (MonitoringTools.MonitoringToolMissingException e) {
                throw new UsageException("--prometheus: " + e.getMessage());
            }
        }
        if (o.cpus != null) {
            if (o.remote()) {
                throw new UsageException("--cpus places the local app, database and load JVMs; it cannot be used "
                        + "with --app-url");
            }
            CpuPlacement.requireTaskset();
        }
        // Remote mode has no distance of its own (validated above): its network is the real one.
        o.dbDistance = o.remote() ? null : DbDistance.parse(o.dbDistanceName, o.dbLatency, o.dbBandwidth);
        if (o.dbUser != null && o.resetJdbcUrl == null) {
            throw new UsageException("--db-user is for --reset-jdbc-url (remote mode)");
        }
    }

    private static int poolSize(String text) throws UsageException {
        if (text.contains(",")) {
            // A comma list was a sweep of sizes, retired for the size search.
            throw new UsageException("--pool-size takes one size, got '" + text + "'; to find the size a pool needs, "
                    + "run ./poolbench size (docs/pool-size-sweep.md)");
        }
        int size;
        try {
            size = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--pool-size must be an integer, got '" + text + "'");
        }
        positive("pool-size", size, 1);
        if (size > 1_000) {
            throw new UsageException("--pool-size " + size + " is not a sensible pool size (max 1000)");
        }
        return size;
    }

    private static void positive(String name, int value, int min) throws UsageException {
        if (value < min) {
            throw new UsageException("--" + name + " must be >= " + min + ", got " + value);
        }
    }
}
