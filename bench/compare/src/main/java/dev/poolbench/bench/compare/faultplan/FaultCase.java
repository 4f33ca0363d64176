package dev.poolbench.bench.compare.faultplan;

import dev.poolbench.bench.compare.plan.Profiles;
import dev.poolbench.bench.compare.variant.SessionStore;
import java.util.ArrayList;
import java.util.List;

/**
 * One run of the fault plan: a scenario on a pool profile, with the app's HTTP sessions in one
 * store and the pool and driver with one set of settings ({@link PoolSettingsSet}). The plan is
 * their product ({@link #plan}); every step of a run reads the store and the settings from here.
 * Names carry the store only when the plan has more than memory, and the settings only when it
 * has more than shipped, so a plan of neither keeps the directory names Ansible's faults.yml
 * writes ({@code unreachable-hikari}).
 *
 * @param showSession  whether names and labels carry the store
 * @param showSettings whether names and labels carry the settings
 */
public record FaultCase(Scenario scenario, String profile, SessionStore session, PoolSettingsSet settings,
                 boolean showSession, boolean showSettings) {

    /** A run with the sessions in memory and the shipped settings, named by scenario and profile alone. */
    public static FaultCase memory(Scenario scenario, String profile) {
        return new FaultCase(scenario, profile, SessionStore.MEMORY, PoolSettingsSet.SHIPPED, false, false);
    }

    /**
     * Scenario outer, then profile, store, settings (a pool's shipped and recommended runs side by
     * side). A scenario that takes the session store away runs only with a Redis store (with
     * memory there is nothing to take away); max-connections not on nopool (it holds no connections).
     */
    static List<FaultCase> plan(List<Scenario> scenarios, List<String> profiles, List<SessionStore> sessions,
                                List<PoolSettingsSet> settings) {
        boolean showSession = !sessions.equals(List.of(SessionStore.MEMORY));
        boolean showSettings = !settings.equals(List.of(PoolSettingsSet.SHIPPED));
        List<FaultCase> runs = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            for (String profile : profiles) {
                for (SessionStore store : sessions) {
                    if (scenario.sessionStoreAway() && !store.redis() || scenario.replicas()
                            && profile.equals(Profiles.NO_POOL)) {
                        continue;
                    }
                    for (PoolSettingsSet set : settings) {
                        runs.add(new FaultCase(scenario, profile, store, set, showSession, showSettings));
                    }
                }
            }
        }
        return List.copyOf(runs);
    }

    /** The run's directory: {@code unreachable-hikari}, {@code hang-hikari-recommended}, {@code redis-restart-hikari-redis-pooled}. */
    public String name() {
        return scenario.cliName() + "-" + profile + (showSession ? "-" + session.label() : "")
                + (showSettings ? "-" + settings.label() : "");
    }

    /** In progress lines and problems: {@code unreachable/hikari}, {@code hang/hikari/recommended}. */
    public String label() {
        return scenario.cliName() + "/" + who();
    }

    /** The profile, with its store and settings when the plan names them: a line of a picture, a cell of the table. */
    public String who() {
        return profile + (showSession ? "/" + session.label() : "") + (showSettings ? "/" + settings.label() : "");
    }

    /** The Prometheus variant label: the scenario, with the store and settings when the plan names them. */
    public String variant() {
        return scenario.cliName() + (showSession ? " " + session.label() : "") + (showSettings ? " " + settings.label() : "");
    }
}
