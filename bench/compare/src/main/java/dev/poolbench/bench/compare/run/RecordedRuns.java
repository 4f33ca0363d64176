package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The run records of a results directory, read back: {@code runs.jsonl}, or without it (results
 * fetched by Ansible) records built from {@code runs/<round>-<profile>[-size]/} (result.json and
 * poolsettings.json). Read by {@code summarize} and by the size search's report.
 */
public final class RecordedRuns {

    private RecordedRuns() {
    }

    public static List<RunRecord> readRuns(Path dir) throws IOException {
        Path jsonl = dir.resolve("runs.jsonl");
        List<RunRecord> runs = new ArrayList<>();
        if (Files.isRegularFile(jsonl)) {
            for (String line : Files.readAllLines(jsonl, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    runs.add(RunRecord.of(Json.parse(line)));
                }
            }
            return runs;
        }
        Path runsDir = dir.resolve("runs");
        if (!Files.isDirectory(runsDir)) {
            return runs;
        }
        try (Stream<Path> children = Files.list(runsDir)) {
            for (Path runDir : children.sorted().toList()) {
                Path recordFile = runDir.resolve("run.json");
                if (Files.isRegularFile(recordFile)) {
                    runs.add(RunRecord.of(Json.read(recordFile)));
                } else if (Files.isRegularFile(runDir.resolve("result.json"))) {
                    runs.add(RunRecord.of(fromRunDir(runDir)));
                }
            }
        }
        return runs;
    }

    /** A record rebuilt from a bare run directory named {@code <round>-<profile>[-size]}. */
    static ObjectNode fromRunDir(Path runDir) throws IOException {
        String name = runDir.getFileName().toString();
        String[] parts = name.split("-");
        if (parts.length < 2 || !parts[0].matches("[0-9]+")) {
            throw new IllegalArgumentException("run directory " + runDir
                    + " is not named <round>-<profile>[-size]");
        }
        JsonNode result = Json.read(runDir.resolve("result.json"));
        Path settingsFile = runDir.resolve("poolsettings.json");
        JsonNode settings = Files.isRegularFile(settingsFile) ? Json.read(settingsFile) : null;
        Integer size = parts.length >= 3 && parts[2].matches("[0-9]+") ? Integer.valueOf(parts[2]) : null;
        ObjectNode record = RunRecords.build(Integer.parseInt(parts[0]), parts[1], size, null, result, settings,
                List.of(), runDir.getFileName().toString());
        // Thread mode and JDK as read back from the app (Ansible's runs): the summary groups by them.
        String threads = settings == null ? null : Json.text(settings, "threads.active");
        Integer jdk = settings == null ? null : ThreadsCheck.feature(Json.text(settings, "jvm.version"));
        if (threads != null) {
            record.put("threads", threads);
            record.put("jdk", jdk);
        }
        return record;
    }
}
