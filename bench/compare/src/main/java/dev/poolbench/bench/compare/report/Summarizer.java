package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.run.Reruns;
import dev.poolbench.bench.compare.run.RunRecords;
import dev.poolbench.bench.compare.run.ThreadsCheck;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code summarize --results DIR}: recomputes summary.txt, summary.json, report.html and the charts from
 * the run records of a results directory. Reads {@code runs.jsonl}; without it (results
 * fetched by Ansible) it builds the records from {@code runs/<round>-<profile>[-size]/}
 * (result.json and poolsettings.json). {@code compare} ends by calling the same code.
 */
public final class Summarizer {

    private Summarizer() {
    }

    /** @return exit status: 0 all runs valid and as requested, 1 otherwise */
    public static int summarize(Path dir, PrintStream out) throws IOException {
        return summarize(dir, null, out);
    }

    /**
     * @param betweenSittingSdPercent the between-sitting sd to add to the intervals in place of the
     *                                one recorded or stored (0: within-sitting only), or null
     */
    public static int summarize(Path dir, Double betweenSittingSdPercent, PrintStream out) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("results directory not found: " + dir);
        }
        List<RunRecord> runs = readRuns(dir);
        Reruns.markSuperseded(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no run records in " + dir
                    + " (expected runs.jsonl or runs/<round>-<profile>/result.json)");
        }
        Path envFile = dir.resolve("environment.json");
        JsonNode environment = Files.isRegularFile(envFile) ? Json.read(envFile) : Json.object();
        if (betweenSittingSdPercent != null) {
            // environment.json itself stays as the comparison wrote it; only this summary differs.
            ObjectNode copy = environment.deepCopy();
            copy.with("options").put(BetweenSitting.OPTION_KEY, betweenSittingSdPercent);
            environment = copy;
        }
        Summary summary = Summary.of(runs, environment);
        String text = summary.text();
        Files.writeString(dir.resolve("summary.txt"), text, StandardCharsets.UTF_8);
        Json.write(dir.resolve("summary.json"), summary.json());
        ScoreChart.write(summary, dir.resolve("scores.png"));
        if (summary.sweep() != null) {
            SweepChart.write(summary, summary.sweep(), dir.resolve("sweep.png"));
        }
        boolean verdicts = VerdictChart.applies(summary);
        if (verdicts) {
            VerdictChart.write(summary, dir.resolve("verdicts.png"));
        }
        int duetCharts = DuetChart.writeAll(runs, summary.reference(), dir.resolve("duets"));
        HtmlReport.write(summary, dir);
        out.print(text);
        out.println("Written: " + dir.resolve("summary.txt") + ", summary.json, report.html, scores.png"
                + (verdicts ? ", verdicts.png" : "") + (summary.sweep() != null ? ", sweep.png" : "")
                + (duetCharts > 0 ? ", duets/ (" + duetCharts + " duet pictures)" : ""));
        return summary.exitStatus();
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
