package dev.poolbench.bench.compare.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcFsTest {

    @Test
    void parsesTheTotalCpuLine() {
        // user nice system idle iowait irq softirq steal guest guest_nice
        ProcFs.CpuTimes t = ProcFs.parseCpu("cpu  100 5 50 1000 20 3 2 40 7 0");
        assertEquals(100 + 5 + 50 + 3 + 2, t.busy());
        assertEquals(40, t.steal());
        assertEquals(160 + 1000 + 20 + 40, t.total());
        assertThrows(IllegalArgumentException.class, () -> ProcFs.parseCpu("cpu0 1 2 3 4 5"));
    }

    @Test
    void parsesAProcessNameWithSpacesAndParentheses() {
        // fields 14 and 15 (utime, stime) are 11 and 12 after the state
        String stat = "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 70 30 0 0 20 0 1 0 500 0 0";
        ProcFs.ProcessCpu p = ProcFs.parseProcessStat(stat);
        assertEquals(4242, p.pid());
        assertEquals("my (odd) name", p.name());
        assertEquals(100, p.ticks());
    }

    @Test
    void readsTheRealProcOfThisMachine() throws Exception {
        assumeTrue(Files.isRegularFile(Path.of("/proc/stat")), "Linux only");
        ProcFs.CpuTimes before = ProcFs.cpu();
        assertNotNull(before);
        assertTrue(before.total() > before.busy() && before.busy() > 0);

        long self = ProcessHandle.current().pid();
        ProcFs.ProcessCpu me = ProcFs.process(self);
        assertNotNull(me);
        assertEquals("java", me.name());
        // Burn half a second of CPU in this thread (CPU, not wall time: the machine may be busy);
        // the process's ticks (all its threads, 1/100 s) must grow by at least that, less rounding.
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long end = threads.getCurrentThreadCpuTime() + 500_000_000L;
        long sink = 0;
        while (threads.getCurrentThreadCpuTime() < end) {
            sink += Long.numberOfTrailingZeros(sink + System.nanoTime());
        }
        assertTrue(sink > 0);
        ProcFs.ProcessCpu later = ProcFs.process(self);
        assertTrue(later.ticks() - me.ticks() >= 45, "CPU ticks grew by " + (later.ticks() - me.ticks()));
        assertTrue(ProcFs.cpu().busy() > before.busy());

        Map<Long, ProcFs.ProcessCpu> all = ProcFs.processes();
        assertTrue(all.containsKey(self));
        assertTrue(all.containsKey(1L));
        assertTrue(ProcFs.loadAverage() >= 0);
        assertTrue(ProcFs.allowedCpus(self).matches("[0-9,-]+"));
        // Every thread of this JVM may run where the JVM may (nothing here pins one thread apart).
        assertEquals(java.util.Set.of(ProcFs.allowedCpus(self)), ProcFs.threadCpus(self));
        assertTrue(ProcFs.threadCpus(Long.MAX_VALUE).isEmpty(), "no such process: nothing");
        assertEquals(100, ProcFs.clockTicksPerSecond());
    }
}
