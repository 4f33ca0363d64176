package dev.poolbench.bench.compare.faultreport;

import dev.poolbench.bench.compare.faultfigures.FaultFigures;
import dev.poolbench.bench.compare.faultfigures.FaultOutcome;
import dev.poolbench.bench.compare.faultfigures.StormFigures;
import dev.poolbench.bench.compare.faultfigures.SurgeFigures;
import dev.poolbench.bench.compare.faultplan.FaultOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * What makes the exit status 1. Always: a run that failed. With {@code --check} (the CI form)
 * also every measurement must have been taken and be consistent: the fault showed, a decided
 * login came after it, login_log rows match the decisions (no login decided without its row),
 * /report was checked; for max-connections every replica's connections were read. These hold for
 * any pool that works at all, so they test the measurement, not a pool's result.
 */
final class FaultChecks {

    private FaultChecks() {
    }

    static List<String> failures(List<FaultOutcome> outcomes, FaultOptions options) {
        List<String> failures = new ArrayList<>();
        for (FaultOutcome o : outcomes) {
            String run = o.run().label() + ": ";
            String away = o.scenario().target();
            FaultFigures f = o.figures();
            if (f == null || !o.problems().isEmpty()) {
                failures.add(run + "run failed: " + String.join("; ", o.problems()));
                continue;
            }
            if (!options.check) {
                continue;
            }
            if (!f.faultSeen() && o.scenario().storm()) {
                StormFigures.Jump jump = f.storm() == null ? null : f.storm().jump();
                failures.add(run + (jump == null ? "the load reported no jump (result.json has no jump)"
                        : "the load's jump did not run: " + jump.workersJoined() + " of " + jump.workload()
                        + " extra workers joined, " + jump.flows() + " flows"));
            } else if (!f.faultSeen() && o.scenario().replicas()) {
                failures.add(run + "the server refused no connection during the rolling update: a new replica found "
                        + "room (" + SurgeFigures.FILE + ")");
            } else if (!f.faultSeen()) {
                failures.add(run + (f.decidedInsideFault() > 0
                        ? f.decidedInsideFault() + " logins decided while " + away + " was away"
                        : o.scenario().mayStall()
                        ? "no error and no request stalled during the " + o.scenario().cliName() + " (longest "
                        + f.longestRequestMillis() + " ms)"
                        : "no error counted during the fault"));
            }
            if (f.surge() != null) {
                f.surge().missing().forEach(m -> failures.add(run + m));
            }
            if (f.firstSuccessSeconds() == null || f.firstSuccessSeconds() < 0) {
                failures.add(run + "no decided login after " + o.scenario().end());
            }
            if (!f.rowsConsistent()) {
                failures.add(run + "login_log rows " + f.rowsAdded() + " vs decided " + f.decided() + " + no response "
                        + f.noResponse() + " + error status: " + f.rowsVerdict());
            }
            // Whether /report stays exact is an outcome (a 5xx on POST /login leaves the load's
            // model unsure what the app logged); only that it was checked is required here.
            if (f.reportExact() == null) {
                failures.add(run + "/report check not performed");
            }
        }
        return failures;
    }
}
