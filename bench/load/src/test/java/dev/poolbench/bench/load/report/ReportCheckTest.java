package dev.poolbench.bench.load.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReportCheckTest {
    private final Expectations e = new Expectations(List.of("127.1.0.1", "127.1.0.2"), List.of("alice"),
            List.of("127.1.0.2", "127.1.0.9"), List.of("bob"));

    @Test
    void exactMatchIsOk() {
        assertTrue(ReportCheck.compare(e, List.of("127.1.0.2", "127.1.0.1"), List.of("alice")).ok());
    }

    @Test
    void lengthsMustMatchExactly() {
        assertFalse(ReportCheck.compare(e, List.of("127.1.0.1"), List.of("alice")).ok());
        assertFalse(ReportCheck.compare(e, List.of("127.1.0.1", "127.1.0.2", "127.1.0.9"), List.of("alice")).ok());
    }

    @Test
    void incompleteEntriesMayDifferInMembership() {
        assertTrue(ReportCheck.compare(e, List.of("127.1.0.1", "127.1.0.9"), List.of("alice")).ok(),
                "127.1.0.2 and 127.1.0.9 are incomplete: either may be listed");
        assertFalse(ReportCheck.compare(e, List.of("127.1.0.1", "127.1.0.2"), List.of("bob")).ok(),
                "alice is not incomplete, so she must be listed");
        assertFalse(ReportCheck.compare(e, List.of("127.1.0.1", "127.1.0.3"), List.of("alice")).ok());
    }
}
