package dev.poolbench.bench.compare.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.ThreadMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app JVM's recording read back: a real JVM of release 21+ (found as {@code --java} finds one)
 * runs a program that pins a virtual thread (it blocks in a class initializer, which pins even
 * after JEP 491) with the settings the runner gives the app, and the figures must show it.
 */
class AppJfrTest {

    private static final String PROGRAM = """
            public class Pin {
                static class Slow {
                    static { try { Thread.sleep(60); } catch (InterruptedException e) { } }
                    static void touch() { }
                }
                public static void main(String[] args) throws Exception {
                    Thread.ofVirtual().start(Slow::touch).join();
                    var all = new java.util.ArrayList<Thread>();
                    for (int i = 0; i < 20; i++) {
                        all.add(Thread.ofVirtual().start(() -> {
                            try { Thread.sleep(10); } catch (InterruptedException e) { }
                        }));
                    }
                    for (Thread t : all) { t.join(); }
                }
            }
            """;

    private static JdkHome virtualCapableJdk() {
        for (int feature : new int[] {25, 21, Runtime.version().feature()}) {
            try {
                JdkHome jdk = JdkHome.find(feature, System.getenv("JAVA_HOME"), JdkHome.DEFAULT_SEARCH_DIR);
                if (jdk.feature() >= ThreadMode.VIRTUAL_SINCE) {
                    return jdk;
                }
            } catch (UsageException e) {
                // try the next release
            }
        }
        return null;
    }

    @Test
    void pinningAndCarrierThreadsOfARealRecording(@TempDir Path dir) throws Exception {
        JdkHome jdk = virtualCapableJdk();
        assumeTrue(jdk != null, "no JDK 21+ installed (the project's machines have Temurin 25)");
        Path source = Files.writeString(dir.resolve("Pin.java"), PROGRAM);
        List<String> command = new ArrayList<>(List.of(jdk.java()));
        command.addAll(AppJfr.flags(AppJfr.writeSettings(dir), dir));
        command.add(source.toString());
        Instant before = Instant.now();
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.log").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the JVM did not exit");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("out.log")));
        Instant after = Instant.now();

        ObjectNode figures = AppJfr.read(dir, before, after);
        assertEquals(1, figures.get("pinnedEvents").asInt(), figures.toString());
        assertTrue(figures.get("pinnedMillis").asDouble() >= 50, figures.toString());
        assertTrue(figures.get("carrierThreads").asInt() >= 1, figures.toString());
        assertEquals(0, figures.get("thresholdMillis").asInt());
        if (jdk.feature() >= 24) {
            assertTrue(figures.get("pinnedReasons").toString().contains("Pin$Slow.<clinit>"), figures.toString());
        }
        // Outside the window nothing counts.
        ObjectNode later = AppJfr.read(dir, after.plusSeconds(60), after.plusSeconds(70));
        assertEquals(0, later.get("pinnedEvents").asInt());
        assertEquals(0, later.get("carrierThreadsInWindow").asInt());
    }

    @Test
    void noRecordingIsSaid(@TempDir Path dir) {
        ObjectNode figures = AppJfr.read(dir, Instant.EPOCH, Instant.now());
        assertTrue(figures.get("pinnedEvents").isNull());
        assertTrue(figures.get("error").asText().contains("no app.jfr"));
    }
}
