package dev.poolbench.bench.compare.faultfigures;

import dev.poolbench.bench.compare.faultplan.FaultCase;
import dev.poolbench.bench.compare.faultplan.Scenario;
import java.util.List;

/** The outcome of one fault run: figures (null when the run failed) and what went wrong. */
public record FaultOutcome(FaultCase run, FaultFigures figures, Double faultBegin, Double faultEnd,
                           List<String> problems) {

    public String profile() {
        return run.profile();
    }

    public Scenario scenario() {
        return run.scenario();
    }
}
