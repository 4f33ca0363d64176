package dev.poolbench.bench.compare.size;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSampler;
import dev.poolbench.bench.compare.poolmetrics.PoolMetricsSummary;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The pool size a single run predicts (Little's law), from the timing wrapper's figures of a run
 * at a size that is surely not starved (the reference size): the mean number of connections in
 * use {@code L = λ × W}, with λ the borrow rate (borrows returned during the run / its measured
 * seconds) and W the mean hold time (the run's hold histogram); and the p95/p99 of the per-second
 * in-use gauge ({@code active} of poolmetrics.csv; without it, derived per second as that
 * second's borrows × W).
 *
 * <p>Beside them the candidate sizing rules ({@link SizingRules}): the time-weighted in-use
 * count's p95, p99, p99.9 and max, from every borrow and return of the run (the once-a-second
 * gauge's samples for a run recorded before that), Erlang C at a 1 % waiting probability (the
 * smallest pool of c connections, M/M/c, at which a borrow waits with probability under 1 % for
 * an offered load of L) and L + k·√L for k = 1, 1.5, 2, 3. The predicted size is the one rule named by
 * {@link SizingRules#CHOSEN_RULE}; the others are kept in size.json so the kept searches show
 * which rule is at or above the knee and at most one step over. The gauge's p95, predicted until
 * issue 53, undersized hikari (4 against a knee of 6): a once-a-second gauge misses the peaks.
 * Without any in-use count (a pool that publishes no gauge, an app before the occupancy) the
 * prediction is Erlang C's. Every rule is capped at the number of load workers: no more
 * connections can ever be in use at once.
 */
public record SizePrediction(String runDir, int poolSize, double borrowsPerSecond, double holdMillis,
                             double inUseMean, double inUseP95, double inUseP99, boolean gaugeRecorded,
                             int erlangC, Integer workers, int predicted, String predictedFrom,
                             SizingRules.Candidates candidates, int scrapeErrors) {

    /** The rule the prediction falls back on without an in-use count. */
    static final String FALLBACK_RULE = "erlangC1Percent";

    /** The waiting probability the predicted size keeps borrows under. */
    static final double WAIT_PROBABILITY = 0.01;

    /** The prediction of one run, from its run.json and poolmetrics.csv; null when the run has no hold figures. */
    public static SizePrediction of(Path runDir) throws IOException {
        JsonNode record = Json.read(runDir.resolve("run.json"));
        double[] holds = PoolMetricsSummary.holds(record);
        double seconds = Json.number(record, "durationSeconds");
        if (Double.isNaN(holds[0]) || !(seconds > 0)) {
            return null;
        }
        double lambda = holds[0] / seconds;
        double w = holds[1];
        double l = lambda * w / 1000;
        double[] perSecond = gauge(runDir.resolve(PoolMetricsSampler.CSV), "active");
        boolean recorded = perSecond.length > 0;
        if (!recorded) {
            perSecond = Arrays.stream(gauge(runDir.resolve(PoolMetricsSampler.CSV), "acquires"))
                    .map(borrows -> borrows * w / 1000).toArray();
        }
        JsonNode workload = record.get("workload");
        Integer workers = workload != null && workload.canConvertToInt() ? workload.asInt() : null;
        SizingRules.Candidates candidates = SizingRules.of(PoolMetricsSummary.inUseSeconds(record),
                recorded ? perSecond : new double[0], l, workers);
        String from = candidates.sizes().containsKey(SizingRules.CHOSEN_RULE) ? SizingRules.CHOSEN_RULE : FALLBACK_RULE;
        return new SizePrediction(Json.text(record, "runDir"), record.path("poolSize").asInt(), lambda, w, l,
                percentile(perSecond, 95), percentile(perSecond, 99), recorded, erlangCSize(l, WAIT_PROBABILITY),
                workers, candidates.sizes().get(from), from, candidates,
                record.path("poolMetrics").path("scrapeErrors").asInt(0));
    }

    /**
     * Erlang C: the smallest number of servers c > a at which an arrival waits with probability
     * below {@code target}, for an offered load of {@code a} erlangs (here: connections in use on
     * average). Through Erlang B's recurrence, B(0) = 1, B(k) = a B(k-1) / (k + a B(k-1)), then
     * C(c) = c B(c) / (c - a (1 - B(c))): no factorials, stable for any size.
     */
    static int erlangCSize(double a, double target) {
        if (!(a > 0)) {
            return 1;
        }
        double b = 1;
        for (int c = 1; c < 100_000; c++) {
            b = a * b / (c + a * b);
            if (c > a && c * b / (c - a * (1 - b)) < target) {
                return c;
            }
        }
        throw new IllegalArgumentException("offered load " + a + " needs more than 100000 connections");
    }

    /** The probability that a borrow waits with c connections at an offered load of a (Erlang C); 1 when c <= a. */
    static double erlangC(int c, double a) {
        if (c <= a) {
            return 1;
        }
        double b = 1;
        for (int k = 1; k <= c; k++) {
            b = a * b / (k + a * b);
        }
        return c * b / (c - a * (1 - b));
    }

    /** {@code prediction from the reference run ...: L = ..., p95 5, p99 6; predicted size 5 (...); candidates ...}. */
    public String line() {
        return String.format(Locale.ROOT, "prediction from the reference run %s (size %d): L = %.1f connections in "
                        + "use on average (λ = %,.0f borrows/s × W = %.2f ms), p95 %s, p99 %s of the in-use gauge "
                        + "over the run's seconds%s; predicted size %d (rule %s%s; Erlang C: a borrow waits with "
                        + "probability < %.0f %% from %d connections); candidates from %s: %s",
                runDir, poolSize, inUseMean, borrowsPerSecond, holdMillis, whole(inUseP95), whole(inUseP99),
                (gaugeRecorded ? "" : " (derived: each second's borrows × W, no gauge recorded)")
                        + (scrapeErrors == 0 ? "" : " (" + scrapeErrors + " scrape(s) of the pool metrics failed: "
                        + "a starved run, take the figures with care)"), predicted, predictedFrom,
                workers != null && predicted == workers ? ", at most the " + workers + " load workers" : "",
                WAIT_PROBABILITY * 100, erlangC, candidates.from(), candidates.brief());
    }

    /** How the measured knee stands to the prediction, with the likely reason when they differ. */
    public String check(Integer knee, boolean smallest) {
        return check(predicted, predictedFrom, knee, smallest);
    }

    /** As above for a kept prediction (size.json's predictedSize and predictedFrom: a rule's name). */
    static String check(int predicted, String predictedFrom, Integer knee, boolean smallest) {
        if (knee == null) {
            return "predicted " + predicted + ", no measured knee (the search is not decided)";
        }
        String measured = smallest ? "the smallest size tried is within the margin (knee at or below " + knee + ")"
                : "measured knee " + knee;
        if (knee == predicted || smallest && predicted <= knee) {
            return "predicted " + predicted + ", " + measured + ": agrees";
        }
        if (predicted > knee) {
            return "predicted " + predicted + ", " + measured + (predictedFrom.startsWith("inUse") ? ": the in-use "
                    + "count's " + predictedFrom.substring("inUse".length()).toLowerCase(Locale.ROOT) + " is what the "
                    + "pool held when it was not short; it can hold fewer and lose less than the margin"
                    : ": the rule leaves few borrows waiting, and a pool may let more wait before its throughput "
                    + "falls by the margin");
        }
        return "predicted " + predicted + ", " + measured + ": waiting costs more than the queueing model says "
                + "(in-use bursts beyond Poisson, or hold times that grow once the pool is short: each waiting "
                + "request still holds its web thread)";
    }

    ObjectNode json() {
        ObjectNode n = Json.object();
        if (Double.isNaN(inUseP99)) {
            n.putNull("inUseP95");
            n.putNull("inUseP99");
        }
        n.put("run", runDir);
        n.put("poolSize", poolSize);
        n.put("borrowsPerSecond", borrowsPerSecond);
        n.put("meanHoldMillis", holdMillis);
        n.put("inUseMean", inUseMean);
        if (!Double.isNaN(inUseP99)) {
            n.put("inUseP95", inUseP95);
            n.put("inUseP99", inUseP99);
        }
        n.put("inUseFrom", gaugeRecorded ? "poolmetrics.csv active (per-second gauge)"
                : "derived: per-second borrows x mean hold time");
        n.put("erlangCSize", erlangC);
        n.put("waitProbability", WAIT_PROBABILITY);
        if (workers != null) {
            n.put("loadWorkers", workers);
        }
        n.put("predictedSize", predicted);
        n.put("predictedFrom", predictedFrom);
        ObjectNode rules = n.putObject("candidates");
        candidates.sizes().forEach(rules::put);
        n.put("candidatesFrom", candidates.from());
        n.put("scrapeErrors", scrapeErrors);
        return n;
    }

    /** The numbers of one column of poolmetrics.csv (empty cells skipped); empty without the file or column. */
    static double[] gauge(Path csv, String column) throws IOException {
        if (!Files.isRegularFile(csv)) {
            return new double[0];
        }
        List<String> lines = Files.readAllLines(csv);
        if (lines.isEmpty()) {
            return new double[0];
        }
        int index = Arrays.asList(lines.get(0).split(",", -1)).indexOf(column);
        List<Double> values = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            if (index >= 0 && index < cells.length && !cells[index].isBlank()) {
                values.add(Double.parseDouble(cells[index]));
            }
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Nearest-rank percentile; NaN for no values. */
    static double percentile(double[] values, double p) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    private static String whole(double v) {
        return Double.isNaN(v) ? "n/a" : v == Math.rint(v) ? String.valueOf((long) v)
                : String.format(Locale.ROOT, "%.1f", v);
    }
}
