package dev.poolbench.bench.compare.machine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The CPU each process used in a measured window, from a /proc snapshot at its start (sample 0)
 * and the samples after it: what the comparison's own processes used, and who else did.
 *
 * <p>A process that exits between two samples is never seen, yet its CPU is on the machine's
 * busy line: PostgreSQL forks a backend per connection, and nopool opens one per request. When
 * its parent waits for it, the kernel adds its time, and the time of the children it had waited
 * for, to the parent's cutime and cstime. So an own process counts its {@link
 * ProcFs.ProcessCpu#total() total}: its own time and that of its reaped children. No time counts
 * twice: a live child's time is in its own stat only (cutime holds children already waited for);
 * a child that was seen and then reaped by a counted parent seen after it (its whole life now in
 * the parent's cutime) counts only minus what it had used before the window, which the parent's
 * growth also holds. Only a child reaped while the last sample is being read may count twice or
 * not at all (the scan reads the two at different instants): one process, once a window at most.
 */
final class CpuLedger {

    /** A process as last seen, and the sample that saw it. */
    private record Seen(ProcFs.ProcessCpu cpu, int sample) {
    }

    private final Map<Long, ProcFs.ProcessCpu> first;
    private final Map<Long, Seen> last = new HashMap<>();
    private int samples;

    /** @param baseline every process at the window's start ({@link ProcFs#processes()}) */
    CpuLedger(Map<Long, ProcFs.ProcessCpu> baseline) {
        first = Map.copyOf(baseline);
        baseline.values().forEach(p -> last.put(p.pid(), new Seen(p, 0)));
    }

    /** A later sample; a process missing from it has exited (or could not be read) since. */
    void sample(Map<Long, ProcFs.ProcessCpu> processes) {
        if (processes.isEmpty()) {
            // /proc unreadable this time: not a sample in which everything has exited.
            return;
        }
        samples++;
        processes.values().forEach(p -> last.put(p.pid(), new Seen(p, samples)));
    }

    /** Clock ticks of the processes in {@code own}, with the children they reaped, in the window. */
    long ownTicks(Set<Long> own) {
        long ticks = 0;
        for (Seen s : last.values()) {
            ProcFs.ProcessCpu p = s.cpu();
            ProcFs.ProcessCpu start = first.get(p.pid());
            if (inCountedParent(s, own)) {
                // Its whole life is in the parent's growth; only the part before the window is not ours.
                ticks -= start == null ? 0 : start.total();
            } else if (own.contains(p.pid())) {
                ticks += p.total() - (start == null ? 0 : start.total());
            }
        }
        return ticks;
    }

    /**
     * Processes neither in {@code own} nor reaped by it, with their own ticks in the window (a
     * process that began in it: all of them), most first.
     */
    List<ProcFs.ProcessCpu> others(Set<Long> own) {
        List<ProcFs.ProcessCpu> others = new ArrayList<>();
        for (Seen s : last.values()) {
            ProcFs.ProcessCpu p = s.cpu();
            ProcFs.ProcessCpu start = first.get(p.pid());
            long used = p.ticks() - (start == null ? 0 : start.ticks());
            if (!own.contains(p.pid()) && used > 0 && !inCountedParent(s, own)) {
                others.add(new ProcFs.ProcessCpu(p.pid(), p.name(), p.ppid(), used, 0));
            }
        }
        others.sort(Comparator.comparingLong(ProcFs.ProcessCpu::ticks).reversed());
        return others;
    }

    /**
     * Whether the process has exited and its whole time is in the growth of a counted process.
     * Its parent (by the ppid last seen) holds it in its cutime when seen in a later sample (an
     * exited child stays in /proc, a zombie, until its parent waits), and then counts when it is
     * own or itself in a counted parent. A parent gone in the same interval is taken to have
     * waited for it before exiting, as timeout, a shell or the postmaster do; then its final
     * time, not the last seen, holds the child's, so only a parent in a counted parent counts.
     */
    private boolean inCountedParent(Seen child, Set<Long> own) {
        return inCountedParent(child, own, 0);
    }

    private boolean inCountedParent(Seen child, Set<Long> own, int depth) {
        Seen parent = child.sample() < samples ? last.get(child.cpu().ppid()) : null;
        // The depth bound only guards against a loop of reused pids.
        if (parent == null || parent.sample() < child.sample() || depth > 64) {
            return false;
        }
        if (parent.sample() > child.sample() && own.contains(parent.cpu().pid())) {
            return true;
        }
        return inCountedParent(parent, own, depth + 1);
    }
}
