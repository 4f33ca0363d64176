package dev.poolbench.bench.compare.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.util.UsageException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CpuPlacementTest {

    private static String error(String spec, String allowed) {
        return assertThrows(UsageException.class, () -> CpuPlacement.parse(spec, allowed)).getMessage();
    }

    @Test
    void parsesRolesAndListsWithCommasInside() throws Exception {
        CpuPlacement c = CpuPlacement.parse("app=0,2,db=1,load=3-4", "0-7");
        assertEquals("0,2", c.of("app"));
        assertEquals("1", c.of("db"));
        assertEquals("3-4", c.of("load"));
        assertEquals(List.of("taskset", "-c", "0,2", "java", "-jar", "x"), c.wrap("app", List.of("java", "-jar", "x")));
        CpuPlacement onlyLoad = CpuPlacement.parse("load=0", "0-1");
        assertNull(onlyLoad.of("app"));
        assertEquals(List.of("java"), onlyLoad.wrap("app", List.of("java")));
    }

    @Test
    void refusesUnknownRolesAndCpusThatAreNotThere() {
        assertTrue(error("web=1", "0-1").contains("unknown role 'web'"));
        assertTrue(error("1,app=0", "0-1").contains("must be ROLE=CPULIST"));
        assertTrue(error("app=2", "0-1").contains("CPU 2 of app=2 is not available here (this process may use CPUs 0-1)"));
        assertTrue(error("app=one", "0-1").contains("is not a CPU list"));
        assertTrue(error("app=1-0", "0-1").contains("runs backwards"));
        assertTrue(error("app=0,app=1", "0-1").contains("given twice"));
    }

    @Test
    void compareOptionsCheckAgainstThisMachineAndRefuseRemoteMode() {
        String allowed = ProcFs.allowedCpus(ProcessHandle.current().pid());
        assumeTrue(allowed != null, "Linux only");
        int past = CpuPlacement.expandQuietly(allowed).last() + 1;
        UsageException e = assertThrows(UsageException.class, () -> CompareOptions.parse("--cpus", "app=" + past));
        assertTrue(e.getMessage().contains("CPU " + past + " of app=" + past + " is not available here"), e.getMessage());
        e = assertThrows(UsageException.class, () -> CompareOptions.parse("--cpus", "app=0", "--app-url",
                "http://127.0.0.1:8080", "--reset-command", "true"));
        assertTrue(e.getMessage().contains("cannot be used with --app-url"), e.getMessage());
    }

    /** A real process pinned by taskset reads back the CPU list. */
    @Test
    void pinsARealProcess() throws Exception {
        assumeTrue(HostFacts.command("taskset", "--version") != null, "taskset installed");
        CpuPlacement c = CpuPlacement.parse("app=0,db=0", ProcFs.allowedCpus(ProcessHandle.current().pid()));
        Process started = new ProcessBuilder(c.wrap("app", List.of("sleep", "30"))).start();
        Process other = new ProcessBuilder("sleep", "30").start();
        try {
            Thread.sleep(300);
            assertEquals("0", ProcFs.allowedCpus(started.pid()));
            c.pin("db", other.pid());
            assertEquals("0", ProcFs.allowedCpus(other.pid()));
        } finally {
            started.destroy();
            other.destroy();
            started.waitFor(5, TimeUnit.SECONDS);
            other.waitFor(5, TimeUnit.SECONDS);
        }
    }
}
