package dev.poolbench.bench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.poolbench.bench.load.model.FlowType;
import dev.poolbench.bench.load.report.Expectations;
import dev.poolbench.bench.load.sim.RunContext;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code result.json} record of docs/architecture.md, and the files written at the end. */
final class ResultRecord {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultRecord() {
    }

    static Map<String, Object> ofRun(Config c, RunContext ctx, List<String> invalidReasons,
                                     Map<String, Object> reportCheck, Expectations expectations) {
        var s = ctx.scorer;
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("schema", 1);
        r.put("valid", invalidReasons.isEmpty());
        r.put("invalidReasons", invalidReasons);
        r.put("score", s.score());
        r.put("success", s.success());
        r.put("fail", s.fail());
        r.put("workload", c.workload);
        r.put("durationSeconds", c.durationSeconds);
        r.put("partition", c.partition.toString());
        r.put("startedAt", Instant.ofEpochMilli(ctx.startEpochMillis()).truncatedTo(ChronoUnit.SECONDS).toString());
        // To the millisecond: how far apart two load generators started (a duet's lanes).
        r.put("startedAtEpochMillis", ctx.startEpochMillis());
        r.put("elapsedMillis", ctx.elapsedMillis());
        if (!c.label.isEmpty()) {
            r.put("label", c.label);
        }
        Map<String, Object> flows = new LinkedHashMap<>();
        flows.put("success", s.flows(FlowType.SUCCESS));
        flows.put("fail", s.flows(FlowType.FAIL));
        flows.put("blocked", s.flows(FlowType.BLOCKED));
        r.put("flows", flows);
        Map<String, Object> requests = new LinkedHashMap<>();
        requests.put("count", s.requests());
        requests.put("ko", s.requestsKo());
        requests.put("latencyMillis", s.latency().summary());
        requests.put("overMillis", s.overMillis());
        r.put("requests", requests);
        r.put("logins", s.logins());
        r.put("failReasons", s.failReasons());
        r.put("reportCheck", reportCheck);
        r.put("expectations", expectations == null ? emptyExpectations() : toJson(expectations));
        long cpu = ctx.cpuNanos();
        r.put("loadGenerator", loadGenerator(cpu < 0 ? 0.0 : cpu / 1e9, s.passedPages()));
        if (s.jump() != null) {
            r.put("jump", s.jump().toJson());
        }
        if (c.pauseSeconds > 0) {
            // Load time, as perSecond: the runner takes the fault window of a pause from here.
            r.put("pause", Map.of("atSeconds", c.pauseAtSeconds, "seconds", c.pauseSeconds));
        }
        r.put("perSecond", s.perSecond().toJson(ctx.elapsedMillis()));
        return r;
    }

    static Map<String, Object> loadGenerator(double cpuSeconds, long passedPages) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cpuSeconds", Math.round(cpuSeconds * 1000) / 1000.0);
        m.put("passedPages", passedPages);
        m.put("cpuMillisPerPassedPage", passedPages == 0 ? 0.0 : Math.round(cpuSeconds * 1e6 / passedPages) / 1000.0);
        return m;
    }

    static Map<String, Object> toJson(Expectations e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bannedIps", new ArrayList<>(e.bannedIps));
        m.put("lockedUsers", new ArrayList<>(e.lockedUsers));
        m.put("incompleteIps", new ArrayList<>(e.incompleteIps));
        m.put("incompleteUsers", new ArrayList<>(e.incompleteUsers));
        return m;
    }

    static Map<String, Object> emptyExpectations() {
        return toJson(new Expectations());
    }

    static String scoreLine(Map<String, Object> r) {
        return "type:score\tsuccess:" + r.get("success") + "\tfail:" + r.get("fail") + "\tscore:" + r.get("score");
    }

    /** Writes result.json and isucon.txt, prints the score line; returns the exit status. */
    @SuppressWarnings("unchecked")
    static int finish(Map<String, Object> record, Path outDir, List<String> isuconLines, PrintStream out,
                      PrintStream err, boolean quiet) throws UsageException {
        String score = scoreLine(record);
        boolean valid = Boolean.TRUE.equals(record.get("valid"));
        List<String> lines = new ArrayList<>(isuconLines);
        for (String reason : (List<String>) record.get("invalidReasons")) {
            lines.add("type:invalid\treason:" + reason);
        }
        lines.add(score);
        try {
            Files.createDirectories(outDir);
            JSON.writeValue(outDir.resolve("result.json").toFile(), record);
            Files.write(outDir.resolve("isucon.txt"), lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException("cannot write results to " + outDir + ": " + e.getMessage());
        }
        for (String reason : (List<String>) record.get("invalidReasons")) {
            out.println("type:invalid\treason:" + reason);
        }
        out.println(score);
        if (!quiet) {
            err.println((valid ? "valid" : "INVALID") + " run, results in " + outDir.toAbsolutePath());
        }
        return valid ? LoadMain.EXIT_VALID : LoadMain.EXIT_INVALID;
    }
}
