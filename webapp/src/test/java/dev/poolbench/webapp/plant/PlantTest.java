package dev.poolbench.webapp.plant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.poolbench.webapp.InvalidSettingException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The plant's own properties, independent of the machine's speed and load: a cpu plant burns the
 * CPU it says (thread CPU time, not wall time), a wait plant does not, and every execution is
 * counted with at least its planted time.
 */
class PlantTest {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int SAMPLES = 21;

    @Test
    void parsesTheSyntaxAndRefusesAnythingElse() {
        assertThat(Plant.parse(null).label()).isEqualTo("none");
        assertThat(Plant.parse(" none ").planted()).isFalse();
        assertThat(Plant.parse("cpu:200us").label()).isEqualTo("cpu:200us");
        assertThat(Plant.parse("WAIT:1000000us").kind()).isEqualTo(Plant.Kind.WAIT);
        for (String bad : new String[] {"cpu", "cpu:200", "cpu:200ms", "cpu:0us", "wait:-5us", "wait:1000001us",
            "spin:5us", "cpu:2.5us"}) {
            assertThatThrownBy(() -> Plant.parse(bad)).as(bad).isInstanceOf(InvalidSettingException.class)
                    .hasMessage("POOLBENCH_PLANT must be none, cpu:<N>us or wait:<N>us with 1 <= N <= 1000000, "
                            + "but is '" + bad + "'.");
        }
    }

    @Test
    void cpuPlantBurnsItsTimeOnTheCpu() {
        Plant plant = Plant.parse("cpu:5000us");
        long[] cpu = cpuPerRun(plant);
        // Every run, even when preempted: the spin counts this thread's CPU time, not the wall clock's.
        assertThat(cpu[0]).as("thread CPU ns of the least 5 ms spin").isGreaterThanOrEqualTo(4_500_000);
        assertThat(plant.count()).isEqualTo(SAMPLES);
        assertThat(plant.plantedNanos()).isGreaterThanOrEqualTo(SAMPLES * 5_000_000L);
    }

    @Test
    void waitPlantHoldsWithoutBurningCpu() {
        Plant plant = Plant.parse("wait:5000us");
        long[] cpu = cpuPerRun(plant);
        assertThat(cpu[SAMPLES / 2]).as("thread CPU ns of the median 5 ms wait").isLessThan(1_000_000);
        assertThat(plant.count()).isEqualTo(SAMPLES);
        assertThat(plant.plantedNanos()).isGreaterThanOrEqualTo(SAMPLES * 5_000_000L);
    }

    @Test
    void noneDoesNothingAndCountsNothing() {
        Plant plant = Plant.parse("none");
        plant.run();
        assertThat(plant.count()).isZero();
        assertThat(plant.plantedNanos()).isZero();
        assertThat(plant.report()).containsEntry("spec", "none").containsEntry("count", 0L);
    }

    @Test
    void publishesItsCounters() {
        Plant plant = Plant.parse("cpu:10us");
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        plant.bindTo(registry);
        plant.run();
        plant.run();
        assertThat(registry.get("poolbench.plant.count").tag("spec", "cpu:10us").functionCounter().count())
                .isEqualTo(2);
        assertThat(registry.get("poolbench.plant.planted.nanos").functionCounter().count()).isGreaterThanOrEqualTo(20_000);
    }

    /** Thread CPU nanoseconds of each of {@value #SAMPLES} executions, sorted. */
    private static long[] cpuPerRun(Plant plant) {
        long[] cpu = new long[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            long before = THREADS.getCurrentThreadCpuTime();
            plant.run();
            cpu[i] = THREADS.getCurrentThreadCpuTime() - before;
        }
        Arrays.sort(cpu);
        return cpu;
    }
}
