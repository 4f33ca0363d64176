package dev.poolbench.bench.compare.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.launch.Progress;
import dev.poolbench.bench.compare.launch.RunTarget;
import dev.poolbench.bench.compare.outcomes.RunOutcome;
import dev.poolbench.bench.compare.plan.RunPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Where the measured apps live: started here by the runner on the embedded database
 * ({@link LocalSite}) or running elsewhere ({@link RemoteSite}). A measured run takes the same
 * steps on both ({@link MeasuredRun}); what differs is how the app is had, how the database is
 * reset, and what can be checked only of an app the runner started itself.
 */
interface RunSite extends AutoCloseable {

    /** The profiles the plan runs: the options' here, the one read back from the app there. */
    List<String> profiles();

    /** The pool sizes the plan runs (null: the pools' own defaults). */
    List<Integer> sizes();

    /** The pool mode recorded per run. */
    String poolMode();

    /** Before the first run: class-data sharing of the app builds and the load JVM (trained where missing), when asked. */
    void prepare(List<String> profiles, ComparisonEnvironment environment) throws IOException, InterruptedException;

    /** A measured window begins with these runs (its lanes): whatever was started ahead for others goes. */
    void beginWindow(RunPlan.Window window);

    /**
     * The app and the load JVM of a run, the database reset meanwhile; returns once the app
     * serves, the load JVM waiting for its first line. On a failure nothing of the run is left running.
     */
    RunTarget open(RunPlan.Planned planned, Path runDir, RunOutcome outcome, Progress progress)
            throws IOException, InterruptedException;

    /** The run's database (its lane's copy) back to its initial state. */
    void reset(RunPlan.Planned planned, Path runDir);

    /** The measured load of every lane is over; {@code next} is the window after this one when known, else null. */
    void measuredLoadDone(RunPlan.Window next);

    /** The window's warm-up load is running (its first progress line): work that must miss the JVMs' start goes now. */
    default void warmupRunning() {
    }

    /** Before a measured window: no app of an earlier run may still run. Returns the milliseconds waited. */
    long awaitPreviousApps() throws InterruptedException;

    /** The run is over (or failed): its app stops. */
    void release(RunTarget target);

    /** What only an app started here can be checked for (its thread mode as planned). */
    List<String> settingsProblems(JsonNode settings, RunPlan.Planned planned);

    /** Figures from the stopped app's own files (JFR), added to the run record. */
    void addAppFindings(ObjectNode record, RunPlan.Planned planned, Path runDir, RunOutcome outcome)
            throws InterruptedException;

    /** The app's GC log for the disturbance sentinel, or null when the app runs elsewhere. */
    Path gcLog(Path runDir);

    /** CPU seconds the distance proxy has used so far, NaN without one. */
    double proxyCpuSeconds();

    /** The database server's version as the runner knows it, or null (then the app's read-back counts). */
    String databaseVersion();

    /**
     * Where a lane's processes were allowed to run while its window measured, read back (the
     * run record's {@code lanePlacement}); null when the site cannot tell (the app runs elsewhere).
     */
    default JsonNode observePlacement(RunPlan.Planned planned, RunTarget target) {
        return null;
    }

    /** Stops what the site started; safe to call twice and from the shutdown hook. */
    @Override
    void close();
}
