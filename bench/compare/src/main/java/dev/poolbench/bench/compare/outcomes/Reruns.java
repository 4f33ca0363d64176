package dev.poolbench.bench.compare.outcomes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --rerun-disturbed N}: after the planned runs, repeats up to N runs the sentinel
 * flagged as disturbed, in the order they ran, each with the same round, profile and pool
 * size in a directory {@code <run>-rerun<k>}. The re-run's record names the run it replaces
 * ({@code rerunOf}); the summary then counts the re-run instead of it ({@link #markSuperseded}).
 * A re-run that is disturbed again goes back in the queue while the budget lasts.
 * Runs after the main loop, so whatever decides the planned runs stays untouched.
 */
public final class Reruns {

    /** Runs one planned run into the given run directory name and returns its record. */
    public interface Runner {
        ObjectNode run(RunPlan.Planned planned, String dirName, String rerunOf) throws IOException, InterruptedException;
    }

    private record Pending(RunPlan.Planned planned, String dirName) {
    }

    private final int budget;
    private final Deque<Pending> disturbed = new ArrayDeque<>();
    private final Map<String, Integer> count = new HashMap<>();

    public Reruns(int budget) {
        this.budget = budget;
    }

    /** Called with every finished run's record. */
    public void offer(RunPlan.Planned planned, String dirName, ObjectNode record) {
        if (record.path("disturbed").asBoolean(false)) {
            disturbed.add(new Pending(planned, dirName));
        }
    }

    public int pending() {
        return Math.min(budget, disturbed.size());
    }

    /** @return how many re-runs were made */
    public int runAll(Runner runner, java.util.function.BooleanSupplier interrupted) throws IOException, InterruptedException {
        int done = 0;
        while (done < budget && !disturbed.isEmpty() && !interrupted.getAsBoolean()) {
            Pending p = disturbed.poll();
            String base = p.planned().dirName();
            int k = count.merge(base, 1, Integer::sum);
            String dirName = base + "-rerun" + k;
            ObjectNode record = runner.run(p.planned(), dirName, p.dirName());
            done++;
            offer(p.planned(), dirName, record);
        }
        return done;
    }

    /** Marks every run that a later re-run replaces ({@code supersededBy}); such runs are not counted. */
    public static void markSuperseded(List<RunRecord> runs) {
        Map<String, String> replacedBy = new HashMap<>();
        for (RunRecord r : runs) {
            String of = Json.text(r.json(), "rerunOf");
            if (of != null) {
                replacedBy.put(of, Json.text(r.json(), "runDir"));
            }
        }
        for (RunRecord r : runs) {
            String by = replacedBy.get(Json.text(r.json(), "runDir"));
            if (by != null) {
                r.json().put("supersededBy", by);
            }
        }
    }
}
