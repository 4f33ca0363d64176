package dev.poolbench.bench.micro;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.results.RunResult;

/**
 * One JMH trial's figure: throughput of one benchmark for one pool, target and thread count, with
 * JMH's error (half-width of the 99.9 % confidence interval; NaN with a single iteration).
 */
record MicroRow(String benchmark, String pool, String target, int threads, double score, double error, String unit) {

    static List<MicroRow> of(Collection<RunResult> results) {
        List<MicroRow> rows = new ArrayList<>();
        for (RunResult result : results) {
            var params = result.getParams();
            String name = params.getBenchmark();
            rows.add(new MicroRow(name.substring(name.lastIndexOf('.') + 1), params.getParam("pool"),
                    params.getParam("target"), params.getThreads(), result.getPrimaryResult().getScore(),
                    result.getPrimaryResult().getScoreError(), result.getPrimaryResult().getScoreUnit()));
        }
        return rows;
    }

    boolean hasError() {
        return !Double.isNaN(error) && !Double.isInfinite(error);
    }
}
