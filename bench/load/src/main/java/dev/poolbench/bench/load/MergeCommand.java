package dev.poolbench.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.load.report.Expectations;
import dev.poolbench.bench.load.report.ReportCheck;
import dev.poolbench.bench.load.score.LatencyHistogram;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code merge}: the result.json of the bench hosts of one run (each run with
 * {@code --no-report-check}) become one record; the /report check runs once on the union of
 * their expectations. Latency: mean weighted by request count; percentiles and max from the sum
 * of the hosts' histograms (exact), or the worst host's when a file carries no histogram. Per-second series,
 * logins and latency-threshold counts are summed ({@link SeriesMerge}).
 */
final class MergeCommand {
    private final CommonOptions config;
    private final List<Path> inputs;
    private final PrintStream out;
    private final PrintStream err;

    MergeCommand(CommonOptions config, List<Path> inputs, PrintStream out, PrintStream err) {
        this.config = config;
        this.inputs = inputs;
        this.out = out;
        this.err = err;
    }

    int run() throws UsageException {
        List<JsonNode> records = new ArrayList<>();
        for (Path p : inputs) {
            try {
                records.add(ResultRecord.JSON.readTree(p.toFile()));
            } catch (IOException e) {
                throw new UsageException("cannot read " + p + ": " + e.getMessage());
            }
        }
        Expectations union = new Expectations();
        List<String> invalidReasons = new ArrayList<>();
        long score = 0, success = 0, fail = 0, flowsSuccess = 0, flowsFail = 0, flowsBlocked = 0;
        long requests = 0, ko = 0, passedPages = 0, elapsed = 0;
        double latencySum = 0, cpuSeconds = 0;
        long[] worst = new long[5];
        String[] pct = {"p50", "p90", "p99", "p999", "max"};
        int workload = 0, duration = 0;
        String startedAt = null;
        Map<String, Long> reasons = new TreeMap<>();
        List<String> partitions = new ArrayList<>();
        SeriesMerge series = new SeriesMerge();
        // Exact merged percentiles when every host wrote its histogram; else the worst host's.
        org.HdrHistogram.Histogram merged = new org.HdrHistogram.Histogram(3);
        boolean allHistograms = true;
        for (int i = 0; i < records.size(); i++) {
            JsonNode r = records.get(i);
            JsonNode e = r.get("expectations");
            if (r.path("reportCheck").path("performed").asBoolean(false) || e == null) {
                throw new UsageException(inputs.get(i) + " was not run with --no-report-check: nothing to merge");
            }
            union.addAll(new Expectations(strings(e, "bannedIps"), strings(e, "lockedUsers"),
                    strings(e, "incompleteIps"), strings(e, "incompleteUsers")));
            if (!r.path("valid").asBoolean(false)) {
                r.path("invalidReasons").forEach(x -> invalidReasons.add(x.asText()));
            }
            score += r.path("score").asLong();
            success += r.path("success").asLong();
            fail += r.path("fail").asLong();
            flowsSuccess += r.path("flows").path("success").asLong();
            flowsFail += r.path("flows").path("fail").asLong();
            flowsBlocked += r.path("flows").path("blocked").asLong();
            long n = r.path("requests").path("count").asLong();
            requests += n;
            ko += r.path("requests").path("ko").asLong();
            JsonNode lat = r.path("requests").path("latencyMillis");
            latencySum += lat.path("mean").asDouble() * n;
            for (int k = 0; k < pct.length; k++) {
                worst[k] = Math.max(worst[k], lat.path(pct[k]).asLong());
            }
            if (lat.hasNonNull("histogram")) {
                try {
                    merged.add(LatencyHistogram.decode(lat.get("histogram").asText()));
                } catch (IllegalArgumentException ex) {
                    throw new UsageException(inputs.get(i) + ": requests.latencyMillis." + ex.getMessage());
                }
            } else {
                allHistograms = false;
            }
            cpuSeconds += r.path("loadGenerator").path("cpuSeconds").asDouble();
            passedPages += r.path("loadGenerator").path("passedPages").asLong();
            elapsed = Math.max(elapsed, r.path("elapsedMillis").asLong());
            workload += r.path("workload").asInt();
            duration = Math.max(duration, r.path("durationSeconds").asInt());
            String s = r.path("startedAt").asText(null);
            if (s != null && (startedAt == null || s.compareTo(startedAt) < 0)) {
                startedAt = s;
            }
            partitions.add(r.path("partition").asText("?"));
            series.add(r);
            r.path("failReasons").fields().forEachRemaining(f -> reasons.merge(f.getKey(), f.getValue().asLong(), Long::sum));
        }

        ReportCheck.Result check = ReportCheck.run(config.baseUrl, config.userAgent, config.reportTimeoutMillis, union);
        for (String p : check.problems()) {
            invalidReasons.add("report: " + p);
        }

        Map<String, Object> rec = new LinkedHashMap<>();
        rec.put("schema", 1);
        rec.put("valid", invalidReasons.isEmpty());
        rec.put("invalidReasons", invalidReasons);
        rec.put("score", score);
        rec.put("success", success);
        rec.put("fail", fail);
        rec.put("workload", workload);
        rec.put("durationSeconds", duration);
        rec.put("partition", String.join(",", partitions));
        rec.put("startedAt", startedAt);
        rec.put("elapsedMillis", elapsed);
        if (!config.label.isEmpty()) {
            rec.put("label", config.label);
        }
        rec.put("flows", Map.of("success", flowsSuccess, "fail", flowsFail, "blocked", flowsBlocked));
        Map<String, Object> lat = new LinkedHashMap<>();
        double mean = requests == 0 ? 0.0 : latencySum / requests;
        if (allHistograms) {
            lat = LatencyHistogram.summary(merged, mean);
        } else {
            lat.put("mean", Math.round(mean * 100) / 100.0);
            for (int k = 0; k < pct.length; k++) {
                lat.put(pct[k], worst[k]);
            }
        }
        Map<String, Object> req = new LinkedHashMap<>();
        req.put("count", requests);
        req.put("ko", ko);
        req.put("latencyMillis", lat);
        req.put("overMillis", series.overMillis());
        rec.put("requests", req);
        rec.put("logins", series.logins());
        rec.put("failReasons", reasons);
        rec.put("reportCheck", check.toJson());
        rec.put("expectations", ResultRecord.toJson(union));
        rec.put("loadGenerator", ResultRecord.loadGenerator(cpuSeconds, passedPages));
        rec.put("perSecond", series.perSecond());
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, Long> e : reasons.entrySet()) {
            lines.add("type:fail\treason:" + e.getKey() + " (x" + e.getValue() + ")");
        }
        return ResultRecord.finish(rec, config.outDir, lines, out, err, config.quiet);
    }

    private static List<String> strings(JsonNode e, String field) {
        List<String> out = new ArrayList<>();
        e.path(field).forEach(n -> out.add(n.asText()));
        return out;
    }
}
