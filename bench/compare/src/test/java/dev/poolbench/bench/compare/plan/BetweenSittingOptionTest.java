package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** {@code --between-sitting-sd}: parsed, recorded in environment.json only when given. */
class BetweenSittingOptionTest {

    @Test
    void givenItIsRecordedLeftOutItIsNot() throws Exception {
        CompareOptions none = CompareOptions.parse();
        assertNull(none.betweenSittingSdPercent);
        assertFalse(CompareOptionsJson.of(none).has("betweenSittingSdPercent"));
        CompareOptions off = CompareOptions.parse("--between-sitting-sd", "0");
        assertEquals(0.0, off.betweenSittingSdPercent);
        assertEquals(0.0, CompareOptionsJson.of(off).path("betweenSittingSdPercent").asDouble(-1));
        assertEquals(1.5, CompareOptions.parse("--between-sitting-sd", "1.5%").betweenSittingSdPercent);
    }
}
