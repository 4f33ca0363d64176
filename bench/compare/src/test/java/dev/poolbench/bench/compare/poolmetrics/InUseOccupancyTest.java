package dev.poolbench.bench.compare.poolmetrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.poolbench.bench.compare.util.Json;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run's seconds at each in-use count from the app's cumulative reads. */
class InUseOccupancyTest {

    private static InUseOccupancy read(long... nanos) {
        return new InUseOccupancy(nanos);
    }

    @Test
    void theWindowIsTheDifferenceOfTwoReads() {
        assertArrayEquals(new double[] {1, 0.5, 0.25}, InUseOccupancy.secondsBetween(read(5_000_000_000L, 1),
                read(6_000_000_000L, 500_000_001, 250_000_000)), 1e-9);
        assertNull(InUseOccupancy.secondsBetween(read(5), read(4)), "the app restarted in between");
        assertNull(InUseOccupancy.secondsBetween(null, read(4)));
    }

    @Test
    void theIdleAfterTheLoadIsNotCounted() {
        List<InUseOccupancy> reads = List.of(read(0, 0), read(500_000_000, 500_000_000),
                read(1_000_000_000, 1_000_000_000), read(2_000_000_000L, 1_000_000_000), read(3_000_000_000L,
                        1_000_000_000));
        assertArrayEquals(new double[] {1, 1}, InUseOccupancy.secondsUnderLoad(reads), 1e-9);
        // A stray borrow after the load's end (the runner's own checks) does not bring the idle back in.
        List<InUseOccupancy> stray = List.of(read(0, 0), read(0, 1_000_000_000), read(1_000_000_000, 1_000_000_000),
                read(1_900_000_000, 1_100_000_000), read(2_900_000_000L, 1_100_000_000));
        assertArrayEquals(new double[] {0, 1}, InUseOccupancy.secondsUnderLoad(stray), 1e-9);
        List<InUseOccupancy> idle = List.of(read(0), read(1_000_000_000), read(2_000_000_000L));
        assertArrayEquals(new double[] {2}, InUseOccupancy.secondsUnderLoad(idle), 1e-9, "all idle: the whole span");
        assertNull(InUseOccupancy.secondsUnderLoad(Arrays.asList(read(0), null)));
    }

    @Test
    void readsTheEndpointsArray() throws Exception {
        InUseOccupancy o = InUseOccupancy.of(Json.parse("{\"inUseNanos\": [3, 2, 1], \"inUseNow\": 1}"));
        assertArrayEquals(new long[] {3, 2, 1}, o.nanosAtLevel());
        assertNull(InUseOccupancy.of(Json.parse("{\"wrapper\": \"off\"}")));
    }
}
