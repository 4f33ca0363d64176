package dev.poolbench.bench.compare.monitoring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The two exporters of a monitored comparison, each on a free port of 127.0.0.1 only (Prometheus
 * runs on the same machine; nothing else needs to reach them).
 */
public final class Exporters {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    /**
     * node_exporter's collectors for a benchmark host: CPU (with steal), load, memory, network,
     * disks, pressure. The default set also walks filesystems, hardware sensors and more, which a
     * once-a-second scrape would make the measured machine pay for without a panel to show it.
     */
    static final List<String> NODE_COLLECTORS =
            List.of("cpu", "loadavg", "meminfo", "netdev", "diskstats", "stat", "vmstat", "pressure");

    private Exporters() {
    }

    /** node_exporter with {@link #NODE_COLLECTORS}, log in {@code dir/node_exporter.log}. */
    public static ChildProcess startNode(Path dir) {
        Path binary = MonitoringTools.require(MonitoringTools.NODE_EXPORTER);
        int port = ChildProcess.freePort();
        List<String> command = new ArrayList<>(List.of(binary.toString(),
                "--web.listen-address=127.0.0.1:" + port, "--collector.disable-defaults"));
        NODE_COLLECTORS.forEach(c -> command.add("--collector." + c));
        return ChildProcess.start("node_exporter", command, port, dir.resolve("node_exporter.log"), "/", START_TIMEOUT);
    }

    /**
     * mysqld_exporter against one database server. 0.14 reads the credentials from a my.cnf
     * ({@code --config.my-cnf}; written to {@code dir/mysqld_exporter.cnf}, mode 0600), never
     * from the command line, where {@code ps} would show the password.
     */
    public static ChildProcess startMysqld(Path dir, String host, int port, String user, String password) {
        Path binary = MonitoringTools.require(MonitoringTools.MYSQLD_EXPORTER);
        Path cnf = writeMyCnf(dir.resolve("mysqld_exporter.cnf"), host, port, user, password);
        int listen = ChildProcess.freePort();
        List<String> command = List.of(binary.toString(), "--config.my-cnf=" + cnf, "--web.listen-address=127.0.0.1:" + listen);
        return ChildProcess.start("mysqld_exporter", command, listen, dir.resolve("mysqld_exporter.log"), "/", START_TIMEOUT);
    }

    static Path writeMyCnf(Path file, String host, int port, String user, String password) {
        // 0.14 refuses a my.cnf without a password. The embedded MariaDB of the local runner has
        // an empty one and skips grant checks, so any placeholder is accepted there.
        String effective = password == null || password.isEmpty() ? "unused-grant-checks-off" : password;
        String text = "[client]\nuser=" + user + "\npassword=" + effective + "\nhost=" + host + "\nport=" + port + "\n";
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        }
    }
}
