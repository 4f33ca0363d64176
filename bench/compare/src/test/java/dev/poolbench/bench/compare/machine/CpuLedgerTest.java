package dev.poolbench.bench.compare.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The ledger's arithmetic on /proc snapshots written out by hand, each the figures the kernel
 * gives: a reaped child's whole total joins its parent's cutime+cstime, a live child's does not.
 * Each case names what the window's true CPU was; DisturbanceSentinelTest checks the same on
 * real processes.
 */
class CpuLedgerTest {

    private static ProcFs.ProcessCpu p(long pid, long ppid, long ticks, long childTicks) {
        return new ProcFs.ProcessCpu(pid, "p" + pid, ppid, ticks, childTicks);
    }

    private static Map<Long, ProcFs.ProcessCpu> snapshot(ProcFs.ProcessCpu... processes) {
        Map<Long, ProcFs.ProcessCpu> all = new HashMap<>();
        for (ProcFs.ProcessCpu p : processes) {
            all.put(p.pid(), p);
        }
        return all;
    }

    @Test
    void thePostmastersBackendsCountOnceWhetherSeenOrNot() {
        // Runner 1, postmaster 10, a backend 11 alive since before the window (40 ticks then),
        // another process 99.
        CpuLedger ledger = new CpuLedger(snapshot(p(1, 0, 1000, 0), p(10, 1, 100, 50), p(11, 10, 40, 0),
                p(99, 0, 500, 0)));
        // Backend 12 begins in the window and is seen once.
        ledger.sample(snapshot(p(1, 0, 1010, 0), p(10, 1, 105, 50), p(11, 10, 45, 0), p(12, 10, 3, 0),
                p(99, 0, 520, 0)));
        // 12 exited at 8 ticks, and two backends never seen used 6: the postmaster's cutime holds them.
        ledger.sample(snapshot(p(1, 0, 1020, 0), p(10, 1, 110, 50 + 8 + 6), p(11, 10, 48, 0), p(99, 0, 530, 0)));
        ledger.sample(Map.of());
        // 11 exited at 50 ticks in all, 10 of them in the window.
        ledger.sample(snapshot(p(1, 0, 1030, 0), p(10, 1, 112, 64 + 50), p(99, 0, 540, 0)));

        // Runner 30, postmaster 12, backend 12: 8, the unseen 6, backend 11: 10.
        assertEquals(30 + 12 + 8 + 6 + 10, ledger.ownTicks(Set.of(1L, 10L, 11L, 12L)));
        assertEquals(List.of(p(99, 0, 40, 0)), ledger.others(Set.of(1L, 10L, 11L, 12L)));
    }

    @Test
    void aChildNotYetWaitedForCountsByItsOwnStat() {
        CpuLedger ledger = new CpuLedger(snapshot(p(10, 1, 100, 0)));
        ledger.sample(snapshot(p(10, 1, 101, 0), p(12, 10, 4, 0)));
        // 12 has exited but is a zombie: still listed, its time not yet in the parent's cutime.
        ledger.sample(snapshot(p(10, 1, 102, 0), p(12, 10, 7, 0)));
        assertEquals(2 + 7, ledger.ownTicks(Set.of(10L, 12L)));
        // Not own: another's, though its parent is ours, until the parent waits for it.
        assertEquals(List.of(p(12, 10, 7, 0)), ledger.others(Set.of(10L)));
    }

    @Test
    void aChildReapedByAParentThatExitedTooCountsInTheGrandparent() {
        // timeout (2) runs a busy loop (3) for the shell (1): both gone between two samples.
        CpuLedger ledger = new CpuLedger(snapshot(p(1, 0, 5, 0)));
        ledger.sample(snapshot(p(1, 0, 5, 0), p(2, 1, 1, 0), p(3, 2, 30, 0)));
        ledger.sample(snapshot(p(1, 0, 6, 1 + 35)));
        assertEquals(1 + 36, ledger.ownTicks(Set.of(1L, 2L, 3L)));
        assertEquals(1 + 36, ledger.ownTicks(Set.of(1L)), "reaped into an own process: own, whoever it was");
        assertEquals(List.of(), ledger.others(Set.of(1L)));
    }

    @Test
    void anExitedChildWhoseTimeNoOwnProcessHoldsCountsByItsLastSample() {
        // The own parent 2 exits in the same interval as its child 3, and its parent 50 is not
        // ours: 2's last sample does not hold 3, so 3 counts its own last sample.
        CpuLedger ledger = new CpuLedger(snapshot(p(50, 0, 0, 0)));
        ledger.sample(snapshot(p(50, 0, 0, 0), p(2, 50, 1, 0), p(3, 2, 30, 0)));
        ledger.sample(snapshot(p(50, 0, 1, 40)));
        assertEquals(1 + 30, ledger.ownTicks(Set.of(2L, 3L)));
        // A child re-parented to init (1, not ours) before it exited: its own last sample.
        CpuLedger orphan = new CpuLedger(snapshot(p(1, 0, 0, 0)));
        orphan.sample(snapshot(p(1, 0, 0, 0), p(7, 1, 9, 0)));
        orphan.sample(snapshot(p(1, 0, 0, 9)));
        assertEquals(9, orphan.ownTicks(Set.of(7L)));
        assertEquals(List.of(p(7, 1, 9, 0)), orphan.others(Set.of(2L)));
    }
}
