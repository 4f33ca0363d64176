package dev.poolbench.bench.compare.faults;

import dev.poolbench.bench.compare.variant.SessionStore;
import java.util.ArrayList;
import java.util.List;

/**
 * One run of the fault plan: a scenario on a pool profile, with the app's HTTP sessions in one
 * store. The plan is their product ({@link #plan}); every step of a run reads the store from
 * here. Names carry the store only when the plan has more than memory, so a memory-only plan
 * keeps the directory names Ansible's faults.yml writes ({@code unreachable-hikari}).
 *
 * @param showSession whether names and labels carry the store
 */
record FaultCase(Scenario scenario, String profile, SessionStore session, boolean showSession) {

    /** A run with the sessions in memory, named without the store. */
    static FaultCase memory(Scenario scenario, String profile) {
        return new FaultCase(scenario, profile, SessionStore.MEMORY, false);
    }

    /**
     * Scenario outer, profile, store inner. A scenario that takes the session store away runs
     * only with a Redis store (with memory there is nothing to take away).
     */
    static List<FaultCase> plan(List<Scenario> scenarios, List<String> profiles, List<SessionStore> sessions) {
        boolean show = !sessions.equals(List.of(SessionStore.MEMORY));
        List<FaultCase> runs = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            for (String profile : profiles) {
                for (SessionStore store : sessions) {
                    if (!scenario.sessionStoreAway() || store.redis()) {
                        runs.add(new FaultCase(scenario, profile, store, show));
                    }
                }
            }
        }
        return List.copyOf(runs);
    }

    /** The run's directory: {@code unreachable-hikari}, {@code redis-restart-hikari-redis-pooled}. */
    String name() {
        return scenario.cliName() + "-" + profile + (showSession ? "-" + session.label() : "");
    }

    /** In progress lines and problems: {@code unreachable/hikari}, {@code redis-restart/hikari/redis-pooled}. */
    String label() {
        return scenario.cliName() + "/" + who();
    }

    /** The profile, with its store when the plan names stores: a line of a picture, a cell of the table. */
    String who() {
        return profile + (showSession ? "/" + session.label() : "");
    }

    /** The Prometheus variant label: the scenario, with the store when the plan names stores. */
    String variant() {
        return scenario.cliName() + (showSession ? " " + session.label() : "");
    }
}
