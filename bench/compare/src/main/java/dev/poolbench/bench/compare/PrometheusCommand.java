package dev.poolbench.bench.compare;

import dev.poolbench.bench.compare.monitoring.StoredPrometheus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code prometheus --results DIR}: the time series a {@code compare --prometheus} (or
 * {@code faults --prometheus}) left in {@code DIR/prometheus/data}, served again by a real
 * Prometheus until Ctrl-C, from a copy (the stored folder is never written;
 * {@link StoredPrometheus}).
 */
@Command(name = "prometheus", description = "Serve the Prometheus data of a comparison run with --prometheus "
        + "(DIR/prometheus/data) again, read-only from a copy, until Ctrl-C; prints the URL (docs/dashboards.md).")
final class PrometheusCommand implements Callable<Integer> {

    @Option(names = "--results", paramLabel = "DIR", required = true,
            description = "the results directory of one comparison (results/<stamp>) or faults run "
                    + "(results/<stamp>/faults) (required, no default)")
    Path results;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    @Override
    public Integer call() throws Exception {
        StoredPrometheus.serve(storedIn(results), System.out);
        return 0;
    }

    /** {@code DIR}, or its {@code faults/} when only a faults run under it kept Prometheus data. */
    static Path storedIn(Path dir) {
        Path faults = dir.resolve("faults");
        return !Files.isDirectory(dir.resolve("prometheus")) && Files.isDirectory(faults.resolve("prometheus"))
                ? faults : dir;
    }
}
