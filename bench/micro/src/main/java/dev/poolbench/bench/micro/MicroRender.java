package dev.poolbench.bench.micro;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code ./poolbench micro --render DIR}: the table and the charts again from the
 * {@code jmh-result.json} of an earlier run, without running a benchmark (a 40-minute measurement
 * need not be repeated to fix a chart). Pools, targets, thread counts and benchmarks are taken from
 * the file in the order they ran; so are the JMH settings printed in the header.
 */
final class MicroRender {

    private MicroRender() {
    }

    /** Thrown for a directory without a readable {@code jmh-result.json} of poolbench micro. */
    static final class NotAResult extends Exception {
        NotAResult(String message) {
            super(message);
        }
    }

    static void render(Path dir, PrintStream log) throws IOException, NotAResult {
        Path json = dir.resolve("jmh-result.json");
        JsonNode trials;
        try {
            trials = JsonMapper.builder().build().readTree(Files.readString(json));
        } catch (NoSuchFileException e) {
            throw new NotAResult("--render: no " + json + " (give the micro/ directory of an earlier run)");
        } catch (JacksonException e) {
            throw new NotAResult("--render: " + json + " is not JSON: " + e.getOriginalMessage());
        }
        List<MicroRow> rows;
        try {
            rows = MicroRow.ofJmhJson(trials);
        } catch (IllegalArgumentException e) {
            throw new NotAResult("--render: " + json + ": " + e.getMessage());
        }
        if (rows.isEmpty()) {
            throw new NotAResult("--render: " + json + " holds no trial");
        }
        JsonNode first = trials.get(0);
        Set<String> pools = new LinkedHashSet<>();
        Set<Target> targets = new LinkedHashSet<>();
        Set<Integer> threads = new LinkedHashSet<>();
        Set<String> benchmarks = new LinkedHashSet<>();
        for (MicroRow row : rows) {
            pools.add(row.pool());
            try {
                targets.add(Target.parse(row.target()));
            } catch (IllegalArgumentException e) {
                throw new NotAResult("--render: " + json + ": " + e.getMessage());
            }
            threads.add(row.threads());
            benchmarks.add(row.benchmark());
        }
        MicroOptions.Settings settings = new MicroOptions.Settings(new ArrayList<>(pools), new ArrayList<>(targets),
                new ArrayList<>(threads), new ArrayList<>(benchmarks),
                first.path("params").path("poolSize").asInt(), first.path("forks").asInt(),
                first.path("warmupIterations").asInt(), first.path("measurementIterations").asInt(),
                millis(first.path("measurementTime").asString()), 0, null, null, dir);
        String machine = "java " + first.path("jdkVersion").asString() + " (rendered again from jmh-result.json)";
        MicroRun.writeReport(rows, settings, machine, dir, log);
    }

    /** JMH writes iteration times as "1000 ms" (or "1 s"). */
    private static int millis(String time) {
        String[] parts = time.trim().split("\\s+");
        if (parts.length == 2) {
            double value = Double.parseDouble(parts[0]);
            switch (parts[1]) {
                case "ms":
                    return (int) value;
                case "s":
                    return (int) (value * 1000);
                default:
                    break;
            }
        }
        return 0;
    }
}
