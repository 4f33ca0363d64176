package dev.poolbench.bench.load.score;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyHistogramTest {
    @Test
    void percentilesAreExactAtMillisecondResolutionBelowTwoSeconds() {
        LatencyHistogram h = new LatencyHistogram();
        for (int ms = 1; ms <= 1000; ms++) {
            h.record(ms);
        }
        h.record(-5); // clock skew: counted as 0
        assertEquals(1001, h.count());
        Map<String, Object> s = h.summary();
        assertEquals(500L, s.get("p50"));
        assertEquals(990L, s.get("p99"));
        assertEquals(1000L, s.get("max"));
        assertEquals(500.0, (double) s.get("mean"), 0.5);
    }

    @Test
    void encodedHistogramsOfTwoHostsMergeIntoTheExactPercentiles() {
        LatencyHistogram low = new LatencyHistogram();
        LatencyHistogram high = new LatencyHistogram();
        for (int ms = 1; ms <= 500; ms++) {
            low.record(ms);
            high.record(ms + 500);
        }
        Histogram merged = new Histogram(3);
        merged.add(LatencyHistogram.decode((String) low.summary().get("histogram")));
        merged.add(LatencyHistogram.decode((String) high.summary().get("histogram")));
        Map<String, Object> s = LatencyHistogram.summary(merged, 500.5);
        assertEquals(500L, s.get("p50"), "the worst host's p50 would be 750");
        assertEquals(990L, s.get("p99"));
        assertEquals(1000L, s.get("max"));
    }

    @Test
    void aBrokenEncodingIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> LatencyHistogram.decode("not base64 at all!"));
        assertThrows(IllegalArgumentException.class, () -> LatencyHistogram.decode("AAAA"));
    }
}
