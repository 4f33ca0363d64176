package dev.poolbench.bench.compare.faults;

import java.util.ArrayList;
import java.util.List;

/**
 * What makes the exit status 1. Always: a run that failed. With {@code --check} (the CI form)
 * also every measurement must have been taken and be consistent; these hold for any pool that
 * works at all, so they test the measurement, not a pool's result.
 */
final class FaultChecks {

    private FaultChecks() {
    }

    static List<String> failures(List<FaultRun.Outcome> outcomes, FaultOptions options) {
        List<String> failures = new ArrayList<>();
        for (FaultRun.Outcome o : outcomes) {
            String run = o.scenario().cliName() + "/" + o.profile() + ": ";
            FaultFigures f = o.figures();
            if (f == null || !o.problems().isEmpty()) {
                failures.add(run + "run failed: " + String.join("; ", o.problems()));
                continue;
            }
            if (!options.check) {
                continue;
            }
            if (!f.faultSeen()) {
                failures.add(run + (o.scenario() == Scenario.HANG
                        ? "no request stalled for half the hang (longest " + f.longestRequestMillis() + " ms)"
                        : "no error counted during the fault"));
            }
            if (f.firstSuccessSeconds() == null || f.firstSuccessSeconds() < 0) {
                failures.add(run + "no decided login after the database came back");
            }
            if (!f.rowsConsistent()) {
                failures.add(run + "login_log rows " + f.rowsAdded() + " vs decided " + f.decided() + " + no response "
                        + f.noResponse() + ": " + f.rowsVerdict());
            }
            if (!Boolean.TRUE.equals(f.reportExact())) {
                failures.add(run + "/report check " + (f.reportExact() == null ? "not performed" : "not exact"));
            }
        }
        return failures;
    }
}
