package dev.poolbench.bench.compare.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.jvm.JdkHome;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.run.RunRecords;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.variant.ThreadMode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The runner's check of the thread mode and JDK the app reads back. */
class ThreadsCheckTest {

    static ObjectNode settings(String active, Boolean requestVirtual, String javaVersion) {
        ObjectNode s = Json.object();
        ObjectNode threads = s.putObject("threads");
        threads.put("active", active);
        if (requestVirtual != null) {
            threads.putObject("requestThread").put("virtual", requestVirtual);
        }
        s.putObject("jvm").put("version", javaVersion);
        return s;
    }

    private static RunVariant variant(ThreadMode mode) {
        return new RunVariant(mode, null, false, false);
    }

    @Test
    void agreesWhenTheAppRunsWhatWasAsked() {
        String own = System.getProperty("java.version");
        assertEquals(List.of(), ThreadsCheck.problems(settings("platform", false, own), variant(ThreadMode.PLATFORM)));
        assertEquals(List.of(), ThreadsCheck.problems(null, variant(ThreadMode.PLATFORM)));
    }

    @Test
    void eachDifferenceIsAProblem() {
        String own = System.getProperty("java.version");
        assertEquals(List.of("app serves requests on platform threads, expected virtual",
                "the app's last request ran on a platform thread, expected virtual"),
                ThreadsCheck.problems(settings("platform", false, own), variant(ThreadMode.VIRTUAL)));
        assertEquals(List.of("app runs on JDK 8, expected JDK " + Runtime.version().feature()),
                ThreadsCheck.problems(settings("platform", null, "1.8.0_402"), variant(ThreadMode.PLATFORM)));
        assertTrue(ThreadsCheck.problems(Json.object(), variant(ThreadMode.PLATFORM)).get(0)
                .contains("does not report its thread mode"));
    }

    @Test
    void aMismatchMakesTheRunInvalid() {
        List<String> problems = ThreadsCheck.problems(settings("platform", false, "25.0.3"),
                new RunVariant(ThreadMode.VIRTUAL, new JdkHome(java.nio.file.Path.of("/j25"), 25, "25.0.3"), true, true));
        ObjectNode record = RunRecords.build(1, "hikari", 10, "equalized", Fixtures.result(1000, true),
                Fixtures.settings(true), problems, "1-hikari-virtual-jdk25");
        RunRecord run = RunRecord.of(record);
        assertTrue(!run.valid() && !run.counted());
        assertEquals(25, ThreadsCheck.feature("25"));
        assertEquals(17, ThreadsCheck.feature("17.0.15"));
    }
}
