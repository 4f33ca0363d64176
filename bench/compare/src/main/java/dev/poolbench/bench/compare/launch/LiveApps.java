package dev.poolbench.bench.compare.launch;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The app JVMs running for the comparison right now (a measured run's, a training's): what
 * Ctrl-C stops, and what the disturbance sentinel counts as the comparison's own processes.
 */
public final class LiveApps {

    private final Set<Process> apps = ConcurrentHashMap.newKeySet();

    public void add(Process app) {
        if (app != null) {
            apps.add(app);
        }
    }

    /** Takes an app out of the set: its stop is the caller's (the pipeline stops it in the background). */
    public Process remove(Process app) {
        if (app != null) {
            apps.remove(app);
        }
        return app;
    }

    public Set<Long> pids() {
        return apps.stream().filter(Process::isAlive).map(Process::pid).collect(Collectors.toSet());
    }

    /** Stops every app now (SIGTERM, killed after the grace). */
    public void stopAll() {
        for (Process app : List.copyOf(apps)) {
            apps.remove(app);
            AppProcess.stop(app);
        }
    }
}
