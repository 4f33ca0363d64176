package dev.poolbench.bench.compare.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding the binaries, and the one line when one is missing; no server is started. */
class MonitoringToolsTest {

    @TempDir
    Path dir;

    @Test
    void findsTheDebianNameFirstThenTheUpstreamOne() throws Exception {
        Path upstream = executable(dir.resolve("b/node_exporter"));
        assertEquals(Optional.of(upstream), MonitoringTools.find(MonitoringTools.NODE_EXPORTER, dir.resolve("a") + ":" + dir.resolve("b")));
        Path debian = executable(dir.resolve("a/prometheus-node-exporter"));
        assertEquals(Optional.of(debian), MonitoringTools.find(MonitoringTools.NODE_EXPORTER, dir.resolve("b") + ":" + dir.resolve("a")));
    }

    @Test
    void aFileThatIsNotExecutableIsNotFound() throws Exception {
        Files.createDirectories(dir.resolve("c"));
        Files.writeString(dir.resolve("c/prometheus"), "");
        assertEquals(Optional.empty(), MonitoringTools.find(MonitoringTools.PROMETHEUS, dir.resolve("c").toString()));
        assertEquals(Optional.empty(), MonitoringTools.find(MonitoringTools.PROMETHEUS, null));
    }

    @Test
    void theMissingLineSaysHowToInstall() {
        var e = assertThrows(MonitoringTools.MonitoringToolMissingException.class,
                () -> MonitoringTools.require(MonitoringTools.PROMETHEUS, dir.resolve("empty").toString()));
        assertEquals("prometheus not found: apt-get install prometheus prometheus-node-exporter prometheus-mysqld-exporter",
                e.getMessage());
        e = assertThrows(MonitoringTools.MonitoringToolMissingException.class,
                () -> MonitoringTools.require(MonitoringTools.MYSQLD_EXPORTER, ""));
        assertTrue(e.getMessage().startsWith("prometheus-mysqld-exporter not found: apt-get install prometheus"), e.getMessage());
    }

    @Test
    void promtoolAcceptsTheWrittenConfiguration() throws Exception {
        Path promtool = MonitoringTools.require(List.of("promtool"));
        Path targets = dir.resolve("targets");
        for (String job : PrometheusConfig.JOBS) {
            PrometheusConfig.writeTargets(targets, job, List.of(ScrapeTarget.app("127.0.0.1:1", "hikari", 1, "1-hikari", "")));
        }
        Path config = Files.writeString(dir.resolve("prometheus.yml"), PrometheusConfig.scraping(targets));
        Process check = new ProcessBuilder(promtool.toString(), "check", "config", config.toString())
                .redirectErrorStream(true).start();
        String output = new String(check.getInputStream().readAllBytes());
        assertEquals(0, check.waitFor(), output);
        Files.writeString(config, PrometheusConfig.nothingToScrape());
        check = new ProcessBuilder(promtool.toString(), "check", "config", config.toString()).redirectErrorStream(true).start();
        output = new String(check.getInputStream().readAllBytes());
        assertEquals(0, check.waitFor(), output);
    }

    @Test
    void theFileSdFileHasTheTargetAndItsLabels() {
        String json = PrometheusConfig.fileSd(List.of(ScrapeTarget.app("127.0.0.1:8081", "hikari", 2, "2-hikari", "")));
        assertTrue(json.contains("\"targets\" : [ \"127.0.0.1:8081\" ]"), json);
        assertTrue(json.contains("\"profile\" : \"hikari\"") && json.contains("\"round\" : \"2\"")
                && json.contains("\"run\" : \"2-hikari\"") && json.contains("\"variant\" : \"\""), json);
        assertEquals("[ ]\n", PrometheusConfig.fileSd(List.of()));
    }

    @Test
    void theMyCnfIsReadableByItsOwnerOnlyAndNeverHasAnEmptyPassword() throws Exception {
        Path cnf = Exporters.writeMyCnf(dir.resolve("x/my.cnf"), "127.0.0.1", 3306, "root", "");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cnf)));
        String text = Files.readString(cnf);
        assertTrue(text.startsWith("[client]\nuser=root\npassword=unused-grant-checks-off\n"), text);
    }

    private static Path executable(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "#!/bin/sh\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }
}
