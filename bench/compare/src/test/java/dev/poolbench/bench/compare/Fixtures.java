package dev.poolbench.bench.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.run.RunRecords;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Synthetic result.json records and results directories. */
public final class Fixtures {

    private Fixtures() {
    }

    public static ObjectNode result(double score, boolean valid) {
        ObjectNode r = Json.object();
        r.put("schema", 1);
        r.put("valid", valid);
        var reasons = r.putArray("invalidReasons");
        if (!valid) {
            reasons.add("report: banned ips differ");
        }
        r.put("score", score);
        r.put("success", score * 0.9);
        r.put("fail", valid ? 0 : 12);
        r.put("workload", 8);
        r.put("durationSeconds", 60);
        ObjectNode latency = r.putObject("requests").putObject("latencyMillis");
        latency.put("p50", 3);
        latency.put("p99", 25 + score / 1000);
        ObjectNode load = r.putObject("loadGenerator");
        load.put("cpuMillisPerPassedPage", 0.8);
        return r;
    }

    public static ObjectNode settings(boolean matches) {
        ObjectNode s = Json.object();
        s.put("profile", "x");
        s.put("maxPoolSize", 10);
        s.put("matchesRequested", matches);
        return s;
    }

    public static RunRecord run(String profile, int round, double score) {
        return RunRecord.of(record(profile, round, score, true, true));
    }

    public static ObjectNode record(String profile, int round, double score, boolean valid, boolean matches) {
        ObjectNode r = RunRecords.build(round, profile, 10, "equalized", result(score, valid),
                settings(matches), List.of(), round + "-" + profile);
        ObjectNode timings = r.putObject("timings");
        timings.put("resetMillis", 400);
        timings.put("appStartMillis", 6_000);
        timings.put("fixedCostMillis", 11_500);
        return r;
    }

    /** profile → scores of rounds 1..n */
    public static List<RunRecord> runs(Object... profileAndScores) {
        List<RunRecord> runs = new ArrayList<>();
        for (int i = 0; i < profileAndScores.length; i += 2) {
            String profile = (String) profileAndScores[i];
            double[] scores = (double[]) profileAndScores[i + 1];
            for (int round = 1; round <= scores.length; round++) {
                runs.add(run(profile, round, scores[round - 1]));
            }
        }
        return runs;
    }

    /** A results directory with bare run dirs (as fetched by Ansible). */
    public static void writeRunDir(Path results, String name, double score, boolean valid) throws IOException {
        Path dir = results.resolve("runs").resolve(name);
        Files.createDirectories(dir);
        Json.write(dir.resolve("result.json"), result(score, valid));
        Json.write(dir.resolve("poolsettings.json"), settings(true));
    }
}
