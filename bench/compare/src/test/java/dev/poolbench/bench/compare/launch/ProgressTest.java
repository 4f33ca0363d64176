package dev.poolbench.bench.compare.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.plan.RunPlan;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void parsesTheLoadGeneratorsProgressLine() {
        List<long[]> seen = new ArrayList<>();
        LoadProcess.parseProgress("progress\telapsed:12\tleft:48\tsuccess:1234\tfail:3",
                (left, success, fail) -> seen.add(new long[] {left, success, fail}));
        LoadProcess.parseProgress("progress\tgarbage", (left, success, fail) -> seen.add(null));
        assertEquals(1, seen.size());
        assertEquals(48, seen.get(0)[0]);
        assertEquals(1234, seen.get(0)[1]);
        assertEquals(3, seen.get(0)[2]);
    }

    @Test
    void plainLinesShowRunPhaseLiveCountsAndEta() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), false, 10, 75_000)) {
            RunPlan.Planned planned = new RunPlan.Planned(3, 1, "hikari", 10, false);
            p.runStarted(3, Progress.label(planned, 3));
            p.phase("measure", 60);
            p.live(48, 1234, 0);
            p.live(0, 2000, 1);
        }
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("[3/10] hikari size 10 round 1/3 | measure (load starting)"), out);
        assertTrue(out.contains("measure 4"), out);
        assertTrue(out.contains("success 1234 fail 0"), out);
        assertTrue(out.contains("report-check | success 2000 fail 1 | ETA "), out);
        assertTrue(!out.contains("\r"), "no carriage returns without a terminal");
    }
}
