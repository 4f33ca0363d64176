package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.outcomes.Reruns;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.run.RecordedRuns;
import dev.poolbench.bench.compare.size.SizeReport;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.BetweenSitting;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

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
        List<RunRecord> runs = RecordedRuns.readRuns(dir);
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
        boolean verdicts = VerdictChart.applies(summary);
        if (verdicts) {
            VerdictChart.write(summary, dir.resolve("verdicts.png"));
        }
        int duetCharts = DuetChart.writeAll(runs, summary.reference(), dir.resolve("duets"));
        HtmlReport.write(summary, dir);
        out.print(text);
        out.println("Written: " + dir.resolve("summary.txt") + ", summary.json, report.html, scores.png"
                + (verdicts ? ", verdicts.png" : "")
                + (duetCharts > 0 ? ", duets/ (" + duetCharts + " duet pictures)" : ""));
        OptionalInt size = SizeReport.rewrite(dir, environment, out);
        if (size.isPresent()) {
            out.println("A size search: size.txt and size.json written again"
                    + (size.getAsInt() != 0 ? "; a size is left open or unsettled (exit 1)." : "."));
            return Math.max(summary.exitStatus(), size.getAsInt());
        }
        return summary.exitStatus();
    }
}
