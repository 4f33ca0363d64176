package dev.poolbench.bench.compare.monitoring;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The configuration of the runner's Prometheus, written from code: three jobs whose targets come
 * from file-based service discovery, so the runner changes what is scraped per run by rewriting
 * a JSON file; no restart, no reload call.
 *
 * <p>Job names and the app's metrics path are the dashboard's contract, the same on the VMs
 * (ansible/roles/poolbench_prometheus).
 */
public final class PrometheusConfig {

    public static final String APP_JOB = "poolbench-app";
    public static final String NODE_JOB = "node";
    public static final String MYSQLD_JOB = "mysqld";
    public static final List<String> JOBS = List.of(APP_JOB, NODE_JOB, MYSQLD_JOB);
    public static final String APP_METRICS_PATH = "/actuator/prometheus";

    private static final ObjectMapper JSON = new ObjectMapper();

    private PrometheusConfig() {
    }

    /**
     * prometheus.yml: a scrape every second (the runner's own samplers take one a second too, so
     * a panel and {@code poolmetrics.csv} show the same seconds), a timeout just below it, and the
     * discovery files re-read every second, so a run's app is scraped from its first second.
     */
    public static String scraping(Path targetsDir) {
        StringBuilder yaml = new StringBuilder()
                .append("# Written by poolbench (PrometheusConfig); rewritten at every start.\n")
                .append("global:\n")
                .append("  scrape_interval: 1s\n")
                .append("  scrape_timeout: 900ms\n")
                .append("  evaluation_interval: 1s\n")
                .append("scrape_configs:\n");
        for (String job : JOBS) {
            yaml.append("  - job_name: ").append(job).append('\n');
            if (job.equals(APP_JOB)) {
                yaml.append("    metrics_path: ").append(APP_METRICS_PATH).append('\n');
            }
            yaml.append("    file_sd_configs:\n")
                    .append("      - refresh_interval: 1s\n")
                    .append("        files: ['").append(targetsFile(targetsDir, job).toAbsolutePath()).append("']\n");
        }
        return yaml.toString();
    }

    /** For serving a stored TSDB: no jobs, nothing is scraped or written but Prometheus's own head. */
    public static String nothingToScrape() {
        return "# Written by poolbench (PrometheusConfig): a stored TSDB served for reading, no scraping.\n"
                + "global:\n  scrape_interval: 1m\nscrape_configs: []\n";
    }

    public static Path targetsFile(Path targetsDir, String job) {
        return targetsDir.resolve(job + ".json");
    }

    /** The file_sd JSON: {@code [{"targets": ["host:port"], "labels": {...}}, ...]}. */
    public static String fileSd(List<ScrapeTarget> targets) {
        ArrayNode groups = JSON.createArrayNode();
        for (ScrapeTarget target : targets) {
            ObjectNode group = groups.addObject();
            group.putArray("targets").add(target.address());
            ObjectNode labels = group.putObject("labels");
            target.labels().forEach(labels::put);
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(groups) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Replaces a discovery file atomically: Prometheus watches the file and must never read
     * a half-written one (it would drop the job's targets until the next refresh).
     */
    public static void writeTargets(Path targetsDir, String job, List<ScrapeTarget> targets) {
        Path file = targetsFile(targetsDir, job);
        try {
            Files.createDirectories(targetsDir);
            Path tmp = Files.createTempFile(targetsDir, "." + job, ".tmp");
            Files.writeString(tmp, fileSd(targets));
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        }
    }
}
