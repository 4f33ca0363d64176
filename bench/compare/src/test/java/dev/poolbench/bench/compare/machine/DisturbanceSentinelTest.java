package dev.poolbench.bench.compare.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The sentinel on real processes, as PostgreSQL's postmaster and backends are to it: an own
 * shell whose children (timeout and its busy loop) do all the work, one seen alive by the
 * sampler and then reaped, the others too short-lived to be seen. Their time is the
 * comparison's own, and counts once: the sentinel's own CPU is exactly the shell's total.
 */
class DisturbanceSentinelTest {

    @Test
    void childrenOfOwnProcessesCountAsOwnOnceWhetherSeenAliveOrNot() throws Exception {
        assumeTrue(Files.isRegularFile(Path.of("/proc/stat")), "Linux only");
        AtomicReference<ProcessHandle> shell = new AtomicReference<>();
        // The shell and its descendants, as LaneHosts registers the database server's tree.
        OwnProcesses own = new OwnProcesses().add(() -> {
            Set<Long> pids = new HashSet<>();
            ProcessHandle s = shell.get();
            if (s != null) {
                pids.add(s.pid());
                s.descendants().forEach(d -> pids.add(d.pid()));
            }
            return pids;
        });
        DisturbanceSentinel sentinel = DisturbanceSentinel.start(own);
        // 1.5 s of a busy loop (sampled alive at least once), then ten short ones (~0.05 s of CPU
        // each, mostly never seen).
        Process child = new ProcessBuilder("bash", "-c", "timeout 1.5 bash -c 'while :; do :; done'; "
                + "for n in 1 2 3 4 5 6 7 8 9 10; do bash -c 'i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done'; "
                + "done; echo done; read line").start();
        shell.set(child.toHandle());
        JsonNode figures;
        ProcFs.ProcessCpu end;
        try {
            String line = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertEquals("done", line);
            // The shell now waits on its input: its figures stay as they are until the sentinel stops.
            end = ProcFs.process(child.pid());
            figures = sentinel.stop(null, null, DisturbanceThresholds.DEFAULTS);
        } finally {
            child.getOutputStream().close();
            child.waitFor();
        }
        long hz = ProcFs.clockTicksPerSecond();
        assertTrue(end.childTicks() >= 20 && end.ticks() < end.childTicks(), "the children did the work: " + end);
        // Started after the window began, so its whole total is the window's; a child counted
        // both alive and in the shell's cutime would exceed it, one not counted fall short.
        assertEquals(end.total(), Math.round(figures.path("ownCpuSeconds").asDouble() * hz),
                "own CPU of the window against the shell's total " + end + ": " + figures);
    }
}
