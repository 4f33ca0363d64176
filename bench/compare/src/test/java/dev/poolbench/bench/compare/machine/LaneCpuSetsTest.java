package dev.poolbench.bench.compare.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.poolbench.bench.compare.util.UsageException;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The lanes' halves of the CPUs, and the one line when there are not two. */
class LaneCpuSetsTest {

    @Test
    void theCpusAreCutInTwoHalves() {
        assertEquals(List.of("0", "1"), LaneCpuSets.halves(new TreeSet<>(List.of(0, 1))));
        assertEquals(List.of("0,1", "2,3"), LaneCpuSets.halves(new TreeSet<>(List.of(0, 1, 2, 3))));
        assertEquals(List.of("2", "5,7"), LaneCpuSets.halves(new TreeSet<>(List.of(2, 5, 7))));
    }

    @Test
    void oneCpuIsNotEnough() {
        assertEquals("--lanes isolated needs 2 CPUs, this process may use 1 (cpu 3): run with --lanes shared",
                assertThrows(UsageException.class, () -> LaneCpuSets.plan("3")).getMessage());
    }

    @Test
    void aStartedCommandJoinsItsLanesCpus() throws Exception {
        LaneCpuSets sets = LaneCpuSets.plan("0-1");
        List<String> wrapped = sets.wrap(1, List.of("java", "-version"));
        assertEquals(List.of("java", "-version"), wrapped.subList(wrapped.size() - 2, wrapped.size()));
        if (sets.mechanism() == LaneCpuSets.Mechanism.TASKSET) {
            assertEquals(List.of("taskset", "-c", "1"), wrapped.subList(0, 3));
        } else {
            assertEquals("sh", wrapped.get(0));
        }
    }
}
