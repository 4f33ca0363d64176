package dev.poolbench.bench.compare.faults;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSampler;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSummary;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.cli.Cli;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code faults-sample}: the pool sampler of the local runs ({@link PoolMetricsSampler}, once a
 * second from {@code /actuator/prometheus}) as a process of its own, for Ansible's
 * {@code faults.yml}, which starts it on the app host next to the app before the load and stops
 * it with a file when the load has ended. Writes {@code poolmetrics.csv} and
 * {@code pool-<profile>.png} like a local run, and {@value #FILE}: when its second 0 was
 * (written before the first scrape, so the playbook can wait for it), then how it ended.
 */
@Command(name = "faults-sample", sortOptions = false, description = "Sample the app's pool metrics once a second "
        + "until a stop file appears (the pool sampler of faults, for ansible/faults.yml on the app host).")
public final class PoolSampleCommand implements Callable<Integer> {

    static final String FILE = "poolmetrics-sampler.json";
    private static final long POLL_MILLIS = 100;

    @Option(names = "--management-url", paramLabel = "URL", description = "the app's management base URL "
            + "(default: ${DEFAULT-VALUE})")
    URI managementUrl = URI.create("http://127.0.0.1:8081");

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "directory for poolmetrics.csv, "
            + "pool-<profile>.png and " + FILE + " (required, no default)")
    Path out;

    @Option(names = "--stop-file", paramLabel = "FILE", description = "sampling stops once this file exists "
            + "(default: DIR/stop)")
    Path stopFile;

    @Option(names = "--max-seconds", paramLabel = "S", description = "stop after this long whatever happens "
            + "(default: ${DEFAULT-VALUE})")
    int maxSeconds = 3_600;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (maxSeconds < 1 || maxSeconds > 86_400) {
            throw Cli.refuse(spec.commandLine(), "--max-seconds must be between 1 and 86400, got " + maxSeconds);
        }
        if (!"http".equals(managementUrl.getScheme()) || managementUrl.getHost() == null) {
            throw Cli.refuse(spec.commandLine(), "--management-url must be an http:// URL, got '" + managementUrl + "'");
        }
        Path stop = stopFile != null ? stopFile : out.resolve("stop");
        Files.createDirectories(out);
        Files.deleteIfExists(stop);
        ObjectNode state = Json.object();
        long startEpochMillis = System.currentTimeMillis();
        long startNanos = System.nanoTime();
        state.put("startEpochMillis", startEpochMillis);
        writeAtomically(state);
        PoolMetricsSampler sampler = PoolMetricsSampler.start(managementUrl.resolve("/actuator/prometheus"), out);
        long deadline = startNanos + maxSeconds * 1_000_000_000L;
        while (!Files.exists(stop) && System.nanoTime() < deadline) {
            Thread.sleep(POLL_MILLIS);
        }
        PoolMetricsSummary summary = null;
        String failure = null;
        try {
            summary = sampler.stop();
        } catch (LinkageError | InternalError e) {
            // A host's JRE without fonts fails to draw pool-<profile>.png; the CSV is written first.
            failure = "pool chart: " + e;
        }
        state.put("stopEpochMillis", System.currentTimeMillis());
        state.put("stoppedBy", Files.exists(stop) ? "stop file" : "--max-seconds");
        state.put("samples", summary == null ? null : summary.samples());
        state.put("scrapeErrors", summary == null ? null : summary.scrapeErrors());
        state.put("lastError", failure != null ? failure : sampler.lastError());
        writeAtomically(state);
        spec.commandLine().getOut().println(Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(state));
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** Whole or not at all: the playbook waits for this file to appear. */
    private void writeAtomically(ObjectNode state) throws IOException {
        Path tmp = out.resolve(FILE + ".tmp");
        Json.write(tmp, state);
        Files.move(tmp, out.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
