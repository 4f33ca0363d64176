package dev.poolbench.bench.load.score;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The jump's window on the run's clock, and its latency windows (second 1 left out of "before"). */
class JumpTest {

    private static final long S = 1_000_000_000L;

    @Test
    void theJumpIsOnFromItsSecondForItsSeconds() {
        Jump jump = new Jump(3, 2, 5);
        long start = 1_000 * S;
        jump.start(start);
        assertEquals(3 * S, jump.untilStartNanos(start));
        assertEquals(0, jump.untilStartNanos(start + 4 * S));
        assertFalse(jump.on(start + 3 * S - 1));
        assertTrue(jump.on(start + 3 * S));
        assertTrue(jump.on(start + 5 * S - 1));
        assertFalse(jump.on(start + 5 * S));
    }

    @Test
    void requestsCountInTheWindowTheyEndIn() throws InterruptedException {
        Jump jump = new Jump(1, 1, 2);
        jump.start(System.nanoTime() - S / 2);
        jump.page(7);
        jump.start(System.nanoTime() - S - S / 2);
        jump.page(40);
        jump.joined();
        jump.flowDone();
        Map<String, Object> json = jump.toJson();
        assertEquals(1, json.get("workersJoined"));
        assertEquals(1L, json.get("flows"));
        assertEquals(0L, ((Map<?, ?>) json.get("pageLatencyBeforeMillis")).get("count"), "second 1 is the ramp: " + json);
        assertEquals(1L, ((Map<?, ?>) json.get("pageLatencyDuringMillis")).get("count"), json.toString());
        assertEquals(40L, ((Map<?, ?>) json.get("pageLatencyDuringMillis")).get("p99"), json.toString());
    }
}
