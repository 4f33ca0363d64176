package dev.poolbench.bench.compare.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GcLogTest {

    private static final Instant FROM = Instant.parse("2026-11-23T14:00:00Z");
    private static final Instant TO = Instant.parse("2026-11-23T14:01:00Z");

    @Test
    void countsEachPauseOnceAndOnlyInsideTheWindow() {
        List<String> lines = List.of(
                "[2026-11-23T13:59:59.000+0000][1.000s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 50M->5M(1024M) 9.000ms",
                "[2026-11-23T14:00:01.000+0000][2.000s][info][gc,start    ] GC(1) Pause Young (Normal) (G1 Evacuation Pause)",
                "[2026-11-23T14:00:01.002+0000][2.002s][info][gc,phases   ] GC(1)   Evacuate Collection Set: 1.5ms",
                "[2026-11-23T14:00:01.003+0000][2.003s][info][gc          ] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 60M->6M(1024M) 2.500ms",
                "[2026-11-23T14:00:01.003+0000][2.003s][info][safepoint   ] Safepoint \"G1CollectForAllocation\", Time since last: 1 ns, Total: 2600000 ns",
                "[2026-11-23T14:00:30.000+0000][31.000s][info][gc] GC(2) Pause Remark 70M->70M(1024M) 1.250ms",
                "[2026-11-23T14:01:00.500+0000][61.500s][info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 60M->6M(1024M) 4.000ms");
        assertEquals(3.75, GcLog.pauseMillis(lines, FROM, TO), 1e-9);
    }

    @Test
    void missingLogIsUnknownNotZero(@TempDir Path dir) {
        assertTrue(Double.isNaN(GcLog.pauseMillis(dir.resolve("gc.log"), FROM, TO)));
    }

    /** A real JVM with the GC log option of webapp/jvm.options: its pauses are found. */
    @Test
    void readsTheLogOfARealJvm(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("gc.log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-XX:+UseG1GC",
                "-Xlog:gc*,safepoint:file=" + log + ":time,uptime,level,tags:filecount=5,filesize=20m",
                "-cp", System.getProperty("java.class.path"), Allocate.class.getName()));
        Instant start = Instant.now().minusSeconds(1);
        Process p = new ProcessBuilder(command).inheritIO().start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        double inside = GcLog.pauseMillis(log, start, Instant.now().plusSeconds(1));
        assertTrue(inside > 0, "pauses found: " + inside);
        assertEquals(0, GcLog.pauseMillis(log, start.minusSeconds(3600), start.minusSeconds(1800)));
    }

    /** Allocates garbage and asks for two full collections. */
    public static final class Allocate {
        public static void main(String[] args) {
            long sum = 0;
            for (int i = 0; i < 200; i++) {
                byte[] garbage = new byte[1 << 20];
                sum += garbage.length;
            }
            System.gc();
            System.gc();
            System.out.println(sum);
        }
    }
}
