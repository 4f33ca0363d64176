package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.Settings;
import org.springframework.core.env.Environment;

/**
 * The requested pool settings, validated at start-up.
 *
 * @param profile           the one active pool profile
 * @param mode              equalized or defaults
 * @param size              requested fixed size N (used in equalized mode)
 * @param waitMillis        requested wait for a connection (used in equalized mode)
 * @param queryTimeoutSeconds statement timeout for every query (all modes, all pools)
 */
record PoolSettings(String profile, PoolMode mode, int size, int waitMillis, int queryTimeoutSeconds) {

    static final int DEFAULT_SIZE = 10;
    static final int DEFAULT_WAIT_MILLIS = 30_000;
    /** HikariCP silently raises anything lower to 250 ms; the floor keeps every pool equal. */
    static final int MIN_WAIT_MILLIS = 250;
    static final int DEFAULT_QUERY_TIMEOUT_SECONDS = 10;

    static PoolSettings from(Environment environment) {
        String profile = PoolProfiles.activePoolProfile(environment);
        PoolMode mode = PoolMode.parse(environment.getProperty("POOLBENCH_POOL_MODE"));
        int size = Settings.intSetting(environment, "POOLBENCH_POOL_SIZE", DEFAULT_SIZE, 1);
        int waitMillis = Settings.intSetting(environment, "POOLBENCH_POOL_WAIT_MILLIS", DEFAULT_WAIT_MILLIS,
                MIN_WAIT_MILLIS);
        int queryTimeoutSeconds = Settings.intSetting(environment, "POOLBENCH_QUERY_TIMEOUT_SECONDS",
                DEFAULT_QUERY_TIMEOUT_SECONDS, 1);
        return new PoolSettings(profile, mode, size, waitMillis, queryTimeoutSeconds);
    }
}
