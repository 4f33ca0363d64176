package dev.poolbench.bench.compare.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
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
        // fields 4 (ppid), 14 and 15 (utime, stime), 16 and 17 (cutime, cstime) are 1, 11 to 14 after the state
        String stat = "4242 (my (odd) name) S 17 4242 4242 0 -1 4194560 100 0 0 0 70 30 12 8 20 0 1 0 500 0 0";
        ProcFs.ProcessCpu p = ProcFs.parseProcessStat(stat);
        assertEquals(4242, p.pid());
        assertEquals("my (odd) name", p.name());
        assertEquals(17, p.ppid());
        assertEquals(100, p.ticks());
        assertEquals(20, p.childTicks());
        assertEquals(120, p.total());
    }

    @Test
    void aChildsTimeIsInItsParentsCutimeOnlyOnceWaitedFor() throws Exception {
        assumeTrue(Files.isRegularFile(Path.of("/proc/stat")), "Linux only");
        long self = ProcessHandle.current().pid();
        // The child's own child burns ~0.25 s of CPU (a count, not a time: the machine may be busy);
        // the child prints its own stat, then stays (not yet waited for) until told to end.
        Process child = new ProcessBuilder("bash", "-c", "bash -c 'i=0; while [ $i -lt 100000 ]; do i=$((i+1)); "
                + "done'; cat /proc/$$/stat; read line || true").start();
        String stat = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        ProcFs.ProcessCpu alive = ProcFs.parseProcessStat(stat);
        assertEquals(child.pid(), alive.pid());
        assertEquals(self, alive.ppid());
        // Its own child, waited for, is in its cutime.
        assertTrue(alive.childTicks() >= 10, "the busy loop's time: " + alive);
        long beforeWait = ProcFs.process(self).childTicks();
        child.getOutputStream().close();
        assertEquals(0, child.waitFor());
        // Waited for now (the JVM's reaper): its total joined this JVM's cutime, and was not there before.
        long afterWait = ProcFs.process(self).childTicks();
        assertTrue(afterWait - beforeWait >= alive.total(), "cutime grew by " + (afterWait - beforeWait)
                + " ticks, the child's total was " + alive.total());
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
