package dev.poolbench.bench.compare.monitoring;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds the Prometheus server and the two exporters on the PATH. Debian installs the exporters
 * as {@code prometheus-node-exporter} and {@code prometheus-mysqld-exporter}; the upstream
 * tarballs name them {@code node_exporter} and {@code mysqld_exporter}: both are accepted.
 */
public final class MonitoringTools {

    /** The one line a missing binary produces, whichever is missing: the three come together. */
    public static final String INSTALL_HINT =
            "apt-get install prometheus prometheus-node-exporter prometheus-mysqld-exporter";

    public static final List<String> PROMETHEUS = List.of("prometheus");
    public static final List<String> NODE_EXPORTER = List.of("prometheus-node-exporter", "node_exporter");
    public static final List<String> MYSQLD_EXPORTER = List.of("prometheus-mysqld-exporter", "mysqld_exporter");

    private MonitoringTools() {
    }

    /**
     * The first of {@code names} found on {@code PATH}.
     *
     * @throws MonitoringToolMissingException with "NAME not found: apt-get install ..."
     */
    public static Path require(List<String> names) {
        return require(names, System.getenv("PATH"));
    }

    /**
     * All three (Prometheus and both exporters), checked before anything starts.
     *
     * @throws MonitoringToolMissingException naming the first one missing
     */
    public static void requireAll() {
        require(PROMETHEUS);
        require(NODE_EXPORTER);
        require(MYSQLD_EXPORTER);
    }

    static Path require(List<String> names, String path) {
        return find(names, path)
                .orElseThrow(() -> new MonitoringToolMissingException(names.get(0) + " not found: " + INSTALL_HINT));
    }

    static Optional<Path> find(List<String> names, String path) {
        if (path == null || path.isBlank()) {
            return Optional.empty();
        }
        for (String name : names) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path candidate = Path.of(dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** A monitoring binary is not installed; the message is the one line to print. */
    public static final class MonitoringToolMissingException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        MonitoringToolMissingException(String message) {
            super(message);
        }
    }
}
