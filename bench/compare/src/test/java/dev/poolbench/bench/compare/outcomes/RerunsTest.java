package dev.poolbench.bench.compare.outcomes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.plan.RunPlan;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.report.Summarizer;
import dev.poolbench.bench.compare.report.Summary;
import dev.poolbench.bench.compare.run.RecordedRuns;
import dev.poolbench.bench.compare.util.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RerunsTest {

    private static ObjectNode disturbed(ObjectNode record, String reason) {
        ObjectNode d = record.putObject("disturbance");
        d.put("disturbed", true);
        d.putArray("reasons").add(reason);
        record.put("disturbed", true);
        return record;
    }

    @Test
    void reRunsDisturbedRunsInOrderWithinTheBudgetAndAgainWhenStillDisturbed() throws Exception {
        List<RunPlan.Planned> plan = RunPlan.of(List.of("hikari", "dbcp2"), List.of(10), 2, "interleaved");
        Reruns reruns = new Reruns(3);
        for (RunPlan.Planned p : plan) {
            ObjectNode r = Fixtures.record(p.profile(), p.round(), 1000, true, true);
            reruns.offer(p, p.dirName(), p.round() == 1 ? disturbed(r, "x") : r);
        }
        assertEquals(2, reruns.pending());
        List<String> ran = new ArrayList<>();
        int done = reruns.runAll((planned, dirName, rerunOf) -> {
            ran.add(dirName + " of " + rerunOf);
            ObjectNode r = Fixtures.record(planned.profile(), planned.round(), 1000, true, true);
            // the first re-run of hikari is disturbed again, so it comes back once more
            return dirName.equals("1-hikari-rerun1") ? disturbed(r, "again") : r;
        }, () -> false);
        assertEquals(3, done);
        assertEquals(List.of("1-hikari-rerun1 of 1-hikari", "1-dbcp2-rerun1 of 1-dbcp2",
                "1-hikari-rerun2 of 1-hikari-rerun1"), ran);
    }

    @Test
    void noBudgetNoReRun() throws Exception {
        Reruns reruns = new Reruns(0);
        RunPlan.Planned p = RunPlan.of(List.of("hikari"), List.of(10), 1, "interleaved").get(0);
        reruns.offer(p, p.dirName(), disturbed(Fixtures.record("hikari", 1, 1, true, true), "x"));
        assertEquals(0, reruns.runAll((a, b, c) -> { throw new AssertionError("must not run"); }, () -> false));
    }

    /** Through summarize: the re-run is counted in place of the run it replaces. */
    @Test
    void summaryCountsTheReRunInsteadOfTheDisturbedRun(@TempDir Path dir) throws Exception {
        ObjectNode first = disturbed(Fixtures.record("hikari", 1, 500, true, true),
                "other processes used 40.0 % of the CPUs > 10 % (sh[42] 20.0 s)");
        ObjectNode second = Fixtures.record("hikari", 2, 1000, true, true);
        second.putObject("disturbance").put("disturbed", false);
        ObjectNode rerun = Fixtures.record("hikari", 1, 1020, true, true);
        rerun.put("runDir", "1-hikari-rerun1");
        rerun.put("rerunOf", "1-hikari");
        rerun.putObject("disturbance").put("disturbed", false);
        Files.writeString(dir.resolve("runs.jsonl"), Json.line(first) + "\n" + Json.line(second) + "\n"
                + Json.line(rerun) + "\n", StandardCharsets.UTF_8);

        var out = new java.io.ByteArrayOutputStream();
        int status = Summarizer.summarize(dir, new java.io.PrintStream(out, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, text);
        assertTrue(text.contains("Disturbance: 1 of 3 runs disturbed, 1 replaced by a re-run"), text);
        assertTrue(text.contains("  ~ 1-hikari: other processes used 40.0 % of the CPUs > 10 % (sh[42] 20.0 s)"
                + " -> replaced by 1-hikari-rerun1"), text);
        List<RunRecord> runs = RecordedRuns.readRuns(dir);
        Reruns.markSuperseded(runs);
        assertFalse(runs.get(0).counted());
        assertTrue(runs.get(1).counted() && runs.get(2).counted());
        Summary s = Summary.of(runs, Json.object());
        assertEquals(1010, s.blocks().get(0).rows().get(0).sample().mean(), 1e-9);
        assertTrue(Json.read(dir.resolve("summary.json")).path("disturbedRuns").get(0).path("supersededBy")
                .asText().equals("1-hikari-rerun1"));
    }

    /** The fleet turns the limit on other processes off (bench.yml, one kernel): the summary says so. */
    @Test
    void aSummaryNamesTheLimitThatWasOff() {
        ObjectNode watched = Fixtures.record("hikari", 1, 1000, true, true);
        watched.putObject("disturbance").put("disturbed", false).set("thresholds",
                dev.poolbench.bench.compare.machine.DisturbanceThresholds.DEFAULTS.json());
        ObjectNode fleet = Fixtures.record("hikari", 2, 1000, true, true);
        fleet.putObject("disturbance").put("disturbed", false).putObject("thresholds").put("stealPercent", 5.0)
                .putNull("otherPercent");
        String local = Summary.of(List.of(RunRecord.of(watched)), Json.object()).text();
        assertTrue(local.contains("Disturbance: no run disturbed (1 watched).\n"), local);
        String both = Summary.of(List.of(RunRecord.of(watched), RunRecord.of(fleet)), Json.object()).text();
        assertTrue(both.contains("Disturbance: no run disturbed (2 watched; other processes not watched: "
                + "--disturbance-thresholds other=off).\n"), both);
    }
}
