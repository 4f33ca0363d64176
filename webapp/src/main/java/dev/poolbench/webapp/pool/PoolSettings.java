package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.InvalidSettingException;
import dev.poolbench.webapp.Settings;
import org.springframework.core.env.Environment;

/**
 * The requested pool settings, validated at start-up.
 *
 * @param profile           the one active pool profile
 * @param mode              equalized or defaults
 * @param size              requested size N (used in equalized mode): the pool's maximum
 * @param minIdle           requested minimum idle and initial size (equalized mode): N unless
 *                          POOLBENCH_POOL_MIN_IDLE makes the pool elastic (the fault scenario storm)
 * @param waitMillis        requested wait for a connection (used in equalized mode)
 * @param queryTimeoutSeconds statement timeout for every query (all modes, all pools)
 * @param set               POOLBENCH_POOL_SETTINGS: shipped, or {@link RecommendedSettings} on top of equalized mode
 * @param readOnlyCheck     with evict-read-only, the query that fails on a read-only server (the validation
 *                          query of the pools that validate by query); otherwise null
 */
record PoolSettings(String profile, PoolMode mode, int size, int minIdle, int waitMillis, int queryTimeoutSeconds,
        PoolSettingsSet set, String readOnlyCheck) {

    static final int DEFAULT_SIZE = 10;
    static final int DEFAULT_WAIT_MILLIS = 30_000;
    /** HikariCP silently raises anything lower to 250 ms; the floor keeps every pool equal. */
    static final int MIN_WAIT_MILLIS = 250;
    static final int DEFAULT_QUERY_TIMEOUT_SECONDS = 10;

    static PoolSettings from(Environment environment) {
        String profile = PoolProfiles.activePoolProfile(environment);
        PoolMode mode = PoolMode.parse(environment.getProperty("POOLBENCH_POOL_MODE"));
        int size = Settings.intSetting(environment, "POOLBENCH_POOL_SIZE", DEFAULT_SIZE, 1);
        int minIdle = Settings.intSetting(environment, "POOLBENCH_POOL_MIN_IDLE", size, 1);
        if (minIdle > size) {
            throw new InvalidSettingException("POOLBENCH_POOL_MIN_IDLE is " + minIdle + ", above POOLBENCH_POOL_SIZE "
                    + size + ".", "Set POOLBENCH_POOL_MIN_IDLE to at most the pool size, or leave it unset (the size).");
        }
        int waitMillis = Settings.intSetting(environment, "POOLBENCH_POOL_WAIT_MILLIS", DEFAULT_WAIT_MILLIS,
                MIN_WAIT_MILLIS);
        int queryTimeoutSeconds = Settings.intSetting(environment, "POOLBENCH_QUERY_TIMEOUT_SECONDS",
                DEFAULT_QUERY_TIMEOUT_SECONDS, 1);
        PoolSettingsSet set = RecommendedSettings.requested(environment);
        if (set.recommended() && mode != PoolMode.EQUALIZED) {
            throw new InvalidSettingException(RecommendedSettings.SETTING + "=" + set.label() + " applies on top of "
                    + "equalized mode, but POOLBENCH_POOL_MODE is " + mode.label() + ".",
                    "Leave POOLBENCH_POOL_MODE unset (equalized) or set " + RecommendedSettings.SETTING + "=shipped.");
        }
        String readOnlyCheck = set == PoolSettingsSet.EVICT_READ_ONLY ? RecommendedSettings.readOnlyCheck(environment) : null;
        return new PoolSettings(profile, mode, size, minIdle, waitMillis, queryTimeoutSeconds, set, readOnlyCheck);
    }

    /** Whether the recommended settings apply (under every set but shipped). */
    boolean recommended() {
        return set.recommended();
    }

    /** Whether the pool keeps its idle connections alive with a background test (the keepalive set). */
    boolean keepalive() {
        return set == PoolSettingsSet.KEEPALIVE;
    }
}
