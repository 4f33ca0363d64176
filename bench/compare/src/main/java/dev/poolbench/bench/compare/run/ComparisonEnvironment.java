package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.jvm.JdkHome;
import dev.poolbench.bench.compare.launch.LoadProcess;
import dev.poolbench.bench.compare.machine.HostFacts;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeFormatter;

/**
 * environment.json of a comparison: the options, the host, the JVMs, the jars' checksums, the
 * database; written at the start (so a stopped comparison still has it) and again at the end.
 */
final class ComparisonEnvironment {

    private final Path file;
    private final ObjectNode json = Json.object();
    private final ObjectNode jvms;

    private ComparisonEnvironment(Path file, CompareOptions options, String java) {
        this.file = file;
        json.put("schema", 1);
        json.put("startedAt", DateTimeFormatter.ISO_INSTANT.format(Instant.now()));
        json.set("options", options.toJson());
        json.set("host", HostFacts.collect());
        jvms = json.putObject("jvm");
        jvms.set("runner", HostFacts.runnerJvm());
        jvms.put("app", options.javas == null ? java + " (same JVM as the runner; version read back per run)"
                : "--java: " + options.javas.stream().map(JdkHome::java).toList() + " (version read back per run)");
        jvms.put("load", java);
        ArrayNode loadOptions = jvms.putArray("loadOptions");
        LoadProcess.LOAD_JVM_OPTIONS.forEach(loadOptions::add);
        jvms.put("loadHeap", "JVM default (no -Xmx)");
        json.put("gitCommit", HostFacts.gitCommit());
    }

    /** The facts known before anything starts, written to {@code dir/environment.json}. */
    static ComparisonEnvironment start(CompareOptions options, String java, Path dir) throws IOException {
        ComparisonEnvironment environment = new ComparisonEnvironment(dir.resolve("environment.json"), options, java);
        environment.write();
        return environment;
    }

    ObjectNode json() {
        return json;
    }

    /** The {@code jvm} object (the app's version is read back from the first run). */
    ObjectNode jvms() {
        return jvms;
    }

    void write() throws IOException {
        Json.write(file, json);
    }

    /** The end: the app's JVM version as read back, when the plan stopped adding rounds and why, the wall time. */
    void finish(String appVersion, String stopReason, long startNanos) throws IOException {
        jvms.put("appVersion", appVersion);
        if (stopReason != null) {
            json.put("roundsStopReason", stopReason);
        }
        // The pool and driver releases the apps reported (a stopped comparison has what it ran).
        Path runs = file.resolveSibling("runs.jsonl");
        if (java.nio.file.Files.isRegularFile(runs)) {
            json.set("releases", RunReleases.of(RecordedRuns.readRuns(file.getParent())));
        }
        json.put("finishedAt", DateTimeFormatter.ISO_INSTANT.format(Instant.now()));
        json.put("wallMillis", (System.nanoTime() - startNanos) / 1_000_000);
        // ./poolbench says how long its build of the jars took before the runner started (0: none was needed).
        String build = System.getenv("POOLBENCH_BUILD_SECONDS");
        if (build != null && build.matches("\\d+")) {
            json.put("buildMillis", Long.parseLong(build) * 1_000);
        }
        write();
    }
}
