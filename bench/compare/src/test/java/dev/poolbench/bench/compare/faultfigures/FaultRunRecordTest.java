package dev.poolbench.bench.compare.faultfigures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.faultlogs.ProgressLog;
import dev.poolbench.bench.compare.faultplan.PoolSettingsSet;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.variant.SessionStore;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's own files read back as written: fault-run.json (with idle-timeout's count of the sessions the
 * server closed, and without it as recorded before) and progress.tsv (what faults-summarize reads).
 */
class FaultRunRecordTest {

    @Test
    void theRecordAndTheProgressLinesReadBackAsWritten(@TempDir Path dir) throws Exception {
        FaultRunRecord record = new FaultRunRecord(Scenario.REDIS_RESTART, "dbcp2", SessionStore.REDIS_SHARED,
                PoolSettingsSet.RECOMMENDED, 1_000L, 12_000L, "stop 0.4s, start 0.9s", null,
                null, 1, 5, 7, 9, ZoneId.of("Europe/Berlin"),
                Map.of(LocalDateTime.of(2026, 11, 25, 1, 2, 3), 4L), List.of("late"));
        record.write(dir);
        FaultRunRecord back = FaultRunRecord.read(dir);
        assertEquals(record, back);
        assertNull(back.poolSamplerStartEpochMillis());
        assertNull(back.serverClosedSessions());

        // idle-timeout's count of the sessions the server closed; a record from before it names none.
        FaultRunRecord idle = new FaultRunRecord(Scenario.IDLE_TIMEOUT, "hikari", SessionStore.MEMORY,
                PoolSettingsSet.SHIPPED, 1_000L, 11_000L, "idle timeout 4 s: the server closed 3 of the 10 sessions",
                3, 900L, 0, 5, 7, 9, ZoneId.of("UTC"), Map.of(), List.of());
        idle.write(dir);
        assertEquals(idle, FaultRunRecord.read(dir));
        assertEquals(3, FaultRunRecord.read(dir).serverClosedSessions());
        ObjectNode before = idle.json();
        before.remove("serverClosedSessions");
        assertNull(FaultRunRecord.of(before, "a record from before the count").serverClosedSessions());

        ProgressLog log = new ProgressLog();
        log.add(1, 40, 0);
        log.add(2, 90, 3);
        ProgressLog.write(dir.resolve(ProgressLog.FILE), log.lines());
        List<ProgressLog.Line> lines = ProgressLog.read(dir.resolve(ProgressLog.FILE));
        assertEquals(2, lines.size());
        assertEquals(log.lines().get(1).epochMillis(), lines.get(1).epochMillis());
        assertEquals(2, lines.get(1).elapsed());
        assertEquals(90, lines.get(1).success());
        assertEquals(3, lines.get(1).fail());
        assertTrue(ProgressLog.read(dir.resolve("missing.tsv")).isEmpty());
    }
}
