package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.machine.DisturbanceSentinel;
import dev.poolbench.bench.compare.machine.OwnProcesses;
import dev.poolbench.bench.compare.outcomes.DuetRecords;
import dev.poolbench.bench.compare.outcomes.RunOutcome;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One measured window of a {@link Comparison} (one run, or a duet's two): prepare, warm up,
 * reset, measure, collect ({@link WindowMeasurement}), then record: each run's record is written
 * to its run.json and to runs.jsonl. The steps are the same wherever the app lives; the
 * {@link RunSite} says how each is done there.
 */
final class MeasuredRun {

    private final CompareOptions options;
    private final Path dir;
    private final RunSite site;
    private final Progress progress;
    private final WindowMeasurement measurement;

    MeasuredRun(CompareOptions options, Path dir, RunSite site, OwnProcesses ownProcesses, Progress progress) {
        this.options = options;
        this.dir = dir;
        this.site = site;
        this.progress = progress;
        this.measurement = new WindowMeasurement(options, site, ownProcesses, progress);
    }

    /**
     * One window into runs/, its records written and shown.
     *
     * @param next the window that will follow this one, when already known: its JVMs start during
     *             this window's report check; null for none
     */
    List<ObjectNode> record(RunPlan.Window window, RunPlan.Window next) throws IOException, InterruptedException {
        List<String> dirNames = window.lanes().stream().map(RunPlan.Planned::dirName).toList();
        return record(window, dirNames, null, next);
    }

    /** A re-run of a disturbed run into runs/DIRNAME (solo only). */
    ObjectNode rerun(RunPlan.Planned planned, String dirName, String rerunOf) throws IOException, InterruptedException {
        return record(new RunPlan.Window(List.of(planned)), List.of(dirName), rerunOf, null).get(0);
    }

    private List<ObjectNode> record(RunPlan.Window window, List<String> dirNames, String rerunOf, RunPlan.Window next)
            throws IOException, InterruptedException {
        List<Path> runDirs = new ArrayList<>();
        for (String name : dirNames) {
            runDirs.add(Files.createDirectories(dir.resolve("runs").resolve(name)));
        }
        progress.runStarted(progress.nextIndex(), label(window) + (rerunOf == null ? "" : " (re-run)"));
        List<RunOutcome> outcomes = measurement.measure(window, runDirs, next);
        progress.runFinished();
        List<ObjectNode> records = new ArrayList<>();
        for (int i = 0; i < outcomes.size(); i++) {
            RunPlan.Planned planned = window.lanes().get(i);
            ObjectNode record = RunRecords.assemble(planned, outcomes.get(i), options, site, runDirs.get(i));
            if (planned.lane() != null) {
                DuetRecords.addTo(record, planned, outcomes);
            }
            records.add(write(record, dirNames.get(i), rerunOf));
        }
        return records;
    }

    private ObjectNode write(ObjectNode record, String dirName, String rerunOf) throws IOException {
        record.put("runDir", dirName);
        if (rerunOf != null) {
            record.put("rerunOf", rerunOf);
        }
        if (record.path("disturbed").asBoolean()) {
            progress.message("WARNING: run " + dirName + " was disturbed: "
                    + DisturbanceSentinel.reasons(record.get("disturbance")));
        }
        Json.write(dir.resolve("runs").resolve(dirName).resolve("run.json"), record);
        Files.writeString(dir.resolve("runs.jsonl"), Json.line(record) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        progress.message(RunRecords.runLine(record));
        return record;
    }

    private String label(RunPlan.Window window) {
        int rounds = Math.max(options.runs, window.round());
        if (window.lanes().size() == 1) {
            return Progress.label(window.first(), rounds);
        }
        // A size duet (one pool, two sizes) names each lane's size, the rest of the label once.
        boolean sizes = window.lanes().stream().map(RunPlan.Planned::poolSize).distinct().count() > 1;
        String rest = Progress.label(window.first(), rounds).replaceFirst("^\\S+ ", "");
        return window.lanes().stream().map(p -> p.profile() + (sizes ? " size " + p.poolSize() : ""))
                .collect(Collectors.joining(" + ")) + " (duet) " + (sizes ? rest.replaceFirst("^size \\d+ ", "") : rest);
    }
}
