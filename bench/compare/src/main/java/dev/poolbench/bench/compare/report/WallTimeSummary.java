package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.stats.Stats;
import dev.poolbench.bench.compare.util.Durations;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a comparison cost beyond its measured seconds: the fixed cost per run (each phase of
 * {@code timings} in the run records) and the total wall time against the measured time.
 */
final class WallTimeSummary {

    // appStartMillis is the app's own start-up; appStartWaitMillis the part of it a run waited
    // for (the rest ran during the previous run's report check); stopMillis: older records.
    private static final String[][] PHASES = {{"resetMillis", "reset"}, {"appStartMillis", "app start"},
        {"appStartWaitMillis", "of which waited"}, {"previousAppStopWaitMillis", "previous app's stop waited"},
        {"warmupResetMillis", "reset after warm-up"}, {"measureOverheadMillis", "load JVM + report check"},
        {"loadStartMillis", "of which load JVM start"}, {"reportCheckMillis", "report check + exit"},
        {"stopMillis", "stop"}};

    private WallTimeSummary() {
    }

    static String fixedCostLine(List<RunRecord> runs) {
        List<Double> costs = runs.stream().map(RunRecord::fixedCostSeconds)
                .filter(v -> !Double.isNaN(v)).toList();
        if (costs.isEmpty()) {
            return "Fixed cost per measured run: not recorded.";
        }
        Stats.Sample s = Stats.describe(costs);
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "Fixed cost per measured run (what a run took beyond its warm-up and measured time: "
                        + "reset, app start, load JVM, report check): mean %.1f s, min %.1f s, max %.1f s",
                s.mean(), s.min(), s.max()));
        List<String> parts = new ArrayList<>();
        for (String[] phase : PHASES) {
            double mean = runs.stream().mapToDouble(r -> Json.number(r.json(), "timings." + phase[0]))
                    .filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
            if (!Double.isNaN(mean)) {
                parts.add(String.format(Locale.ROOT, "%s %.1f s", phase[1], mean / 1000));
            }
        }
        if (!parts.isEmpty()) {
            line.append("\n  mean per phase: ").append(String.join(", ", parts));
        }
        String brief = briefLine(runs);
        return brief == null ? line.toString() : line + "\n  " + brief;
    }

    /**
     * "fixed cost per run: app start 15.5 s (9.5 s of it waited), load start 0.4 s, report and
     * exit 8.1 s": the three phases a run waits through beyond its warm-up and measured time (issue
     * 37); null when the records have none of them.
     */
    static String briefLine(List<RunRecord> runs) {
        double appStart = mean(runs, "appStartMillis");
        double waited = mean(runs, "appStartWaitMillis");
        double loadStart = mean(runs, "loadStartMillis");
        double report = mean(runs, "reportCheckMillis");
        if (Double.isNaN(appStart) && Double.isNaN(loadStart) && Double.isNaN(report)) {
            return null;
        }
        return String.format(Locale.ROOT, "fixed cost per run: app start %s%s, load start %s, report and exit %s",
                seconds(appStart), Double.isNaN(waited) ? "" : " (" + seconds(waited) + " of it waited)",
                seconds(loadStart), seconds(report));
    }

    /**
     * The phases of {@link #briefLine} as seconds for summary.json's {@code fixedCostPerRun}
     * (appStart, appStartWaited, loadStart, reportAndExit); a phase no run recorded is left out.
     */
    static java.util.Map<String, Double> briefPhases(List<RunRecord> runs) {
        java.util.Map<String, Double> phases = new java.util.LinkedHashMap<>();
        String[][] names = {{"appStartMillis", "appStart"}, {"appStartWaitMillis", "appStartWaited"},
            {"loadStartMillis", "loadStart"}, {"reportCheckMillis", "reportAndExit"}};
        for (String[] n : names) {
            double millis = mean(runs, n[0]);
            if (!Double.isNaN(millis)) {
                phases.put(n[1], Math.round(millis / 100) / 10.0);
            }
        }
        return phases;
    }

    private static double mean(List<RunRecord> runs, String timing) {
        return runs.stream().mapToDouble(r -> Json.number(r.json(), "timings." + timing))
                .filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }

    private static String seconds(double millis) {
        return Double.isNaN(millis) ? "not recorded" : String.format(Locale.ROOT, "%.1f s", millis / 1000);
    }

    /**
     * "Total wall time (time to this verdict): 25m 39s for 15m 00s measured (1.71x)": the whole
     * comparison (the runner's {@code wallMillis}, database start and class-data training
     * included) against the sum of the measured seconds of its runs; null when the environment
     * has no wall time. What a user waits for is a decided verdict, so that is what the time is
     * set against (the next line says how many pairs it decided), not a ratio target.
     */
    static String wallTimeLine(List<RunRecord> runs, JsonNode environment) {
        double wallMillis = Json.number(environment, "wallMillis");
        if (Double.isNaN(wallMillis)) {
            return null;
        }
        String line = "Total wall time (time to this verdict): " + Durations.format((long) wallMillis);
        double measured = runs.stream().mapToDouble(r -> Json.number(r.json(), "durationSeconds"))
                .filter(v -> !Double.isNaN(v)).sum();
        if (measured > 0) {
            line += String.format(Locale.ROOT, " for %s measured (%.2fx)",
                    Durations.format((long) (measured * 1000)), wallMillis / (measured * 1000));
        }
        double buildMillis = Json.number(environment, "buildMillis");
        if (buildMillis > 0) {
            // What the user of ./poolbench compare waited in all: its build of the jars came first.
            line += "; with the build of the jars before it, " + Durations.format((long) (wallMillis + buildMillis));
        }
        return line;
    }

    /**
     * "Verdicts decided: 3 of 4 ...; undecided: tomcat vs hikari (about 6 rounds in all)": how far
     * the comparison got in its wall time; null when nothing was paired.
     */
    static String decidedLine(List<PairedVerdict.Entry> entries) {
        if (entries.isEmpty()) {
            return null;
        }
        long decided = entries.stream().filter(e -> e.result().word() != PairedTest.Word.UNDECIDED).count();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "Verdicts decided (faster, slower or equivalent): %d of %d", decided, entries.size()));
        List<String> open = new java.util.ArrayList<>();
        for (PairedVerdict.Entry e : entries) {
            if (e.result().word() == PairedTest.Word.UNDECIDED) {
                int needed = e.result().roundsNeeded();
                open.add(e.profile() + " vs " + e.reference() + (needed > 0 ? " (about " + needed + " "
                        + (e.duets() ? "duets" : "rounds") + " in all)" : ""));
            }
        }
        if (!open.isEmpty()) {
            line.append("; undecided: ").append(String.join(", ", open));
        }
        return line.append('.').toString();
    }
}
