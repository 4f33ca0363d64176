package dev.poolbench.bench.compare.launch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.plan.RunPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The head start of the next run and the background stops, on real processes (long sleeps in
 * place of the app and load JVMs): what is started ahead is handed to its own run only, and
 * nothing outlives {@link RunPipeline#close()}.
 */
class RunPipelineTest {

    @TempDir
    Path tmp;
    private final List<Process> started = new ArrayList<>();
    private final List<String> log = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        started.forEach(Process::destroyForcibly);
    }

    private Process sleeper() throws IOException {
        Process p = new ProcessBuilder("sleep", "600").start();
        started.add(p);
        return p;
    }

    private RunPipeline.Prepared prepare(RunPlan.Planned planned, String dirName) throws IOException {
        AppLaunch app = AppLaunch.start((dir, appPort, managementPort) -> sleeper(), tmp);
        return new RunPipeline.Prepared(dirName, app, new LoadProcess.Started(sleeper(), System.nanoTime()));
    }

    private static RunPlan.Planned planned(int sequence, String profile) {
        return new RunPlan.Planned(sequence, sequence, profile, 10, false);
    }

    @Test
    void theRunStartedAheadIsHandedToThatRunOnly() throws Exception {
        try (RunPipeline pipeline = new RunPipeline(log::add)) {
            RunPlan.Planned next = planned(2, "dbcp2");
            pipeline.prepareAhead(List.of(next), this::prepare);
            // The plan went elsewhere: a window of other runs begins.
            pipeline.discardAllBut(List.of(planned(2, "hikari")));
            assertNull(pipeline.take("2-hikari"), "another run's JVMs are not handed out");
            assertTrue(started.get(0).waitFor(20, TimeUnit.SECONDS), "the app started for it is stopped");
            assertTrue(started.get(1).waitFor(20, TimeUnit.SECONDS), "the load JVM started for it is stopped");
            pipeline.prepareAhead(List.of(next), this::prepare);
            RunPipeline.Prepared taken = pipeline.take(next.dirName());
            assertSame(started.get(2), taken.app().process());
            assertSame(started.get(3), taken.load().process());
            assertNull(pipeline.take(next.dirName()), "handed out once");
            taken.discard();
        }
    }

    @Test
    void closingStopsWhatWasStartedAheadAndWaitsForTheRetiredApps() throws Exception {
        RunPipeline pipeline = new RunPipeline(log::add);
        Process retired = sleeper();
        pipeline.retire(retired);
        pipeline.prepareAhead(List.of(planned(2, "hikari")), this::prepare);
        pipeline.close();
        for (Process p : started) {
            assertFalse(p.isAlive(), "still running after close: " + p.pid());
        }
        // Too late: a head start asked for after the end is not kept.
        pipeline.prepareAhead(List.of(planned(3, "hikari")), this::prepare);
        assertNull(pipeline.take("1-hikari"));
        for (Process p : started) {
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "started after close and left running: " + p.pid());
        }
    }

    @Test
    void aFailedHeadStartOnlyCostsTheHeadStart() {
        try (RunPipeline pipeline = new RunPipeline(log::add)) {
            pipeline.prepareAhead(List.of(planned(2, "hikari")), (planned, name) -> {
                throw new IOException("no such java");
            });
            assertNull(pipeline.take("2-hikari"));
            assertTrue(log.get(0).contains("could not start run 2-hikari ahead (no such java)"), log.toString());
        }
    }
}
