package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunPlanTest {

    private static List<String> names(List<RunPlan.Planned> plan) {
        return plan.stream().map(RunPlan.Planned::dirName).toList();
    }

    @Test
    void interleavedRunsEveryProfileOncePerRound() {
        var plan = RunPlan.of(List.of("a", "b", "c"), List.of(10), 2, "interleaved");
        assertEquals(List.of("1-a", "1-b", "1-c", "2-a", "2-b", "2-c"), names(plan));
        assertEquals(List.of(1, 2, 3, 4, 5, 6), plan.stream().map(RunPlan.Planned::sequence).toList());
    }

    @Test
    void sequentialRunsThreeInARow() {
        var plan = RunPlan.of(List.of("a", "b"), List.of(10), 3, "sequential");
        assertEquals(List.of("1-a", "2-a", "3-a", "1-b", "2-b", "3-b"), names(plan));
    }

    @Test
    void sweepNamesCarryTheSize() {
        var plan = RunPlan.of(List.of("a", "b"), List.of(5, 20), 1, "interleaved");
        assertEquals(List.of("1-a-5", "1-b-5", "1-a-20", "1-b-20"), names(plan));
    }
}
