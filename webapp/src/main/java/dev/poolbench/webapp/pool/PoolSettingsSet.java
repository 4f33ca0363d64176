package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.InvalidSettingException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code POOLBENCH_POOL_SETTINGS}: what a pool gets on top of its profile's equalized values: recommended,
 * or recommended plus one remedy (the runner's {@code faults --settings} names the same values).
 */
enum PoolSettingsSet {
    /** The profile's equalized values and the app's JDBC URL: what poolbench ships. */
    SHIPPED,
    /** Plus what a careful user sets so a pool fails fast and recovers ({@link RecommendedSettings}). */
    RECOMMENDED,
    /**
     * Recommended, plus each pool's way of dropping its connections to a server that went read-only
     * (an old primary left up after a failover): pool-recommended.properties' {@code poolbench.evict-read-only.*}.
     */
    EVICT_READ_ONLY,
    /**
     * Recommended, plus each pool's way of keeping its idle connections alive, so a network that forgets
     * idle flows (a firewall's, NAT's or load balancer's idle timeout) never forgets them:
     * pool-recommended.properties' {@code poolbench.keepalive.*}.
     */
    KEEPALIVE;

    /** {@code shipped}, {@code recommended}, {@code evict-read-only}, {@code keepalive}. */
    String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether the recommended settings apply (they do under every set but shipped). */
    boolean recommended() {
        return this != SHIPPED;
    }

    /** The set named {@code raw} (blank: shipped); anything else stops the app. */
    static PoolSettingsSet parse(String raw) {
        String label = raw == null || raw.isBlank() ? SHIPPED.label() : raw.trim();
        for (PoolSettingsSet set : values()) {
            if (set.label().equals(label)) {
                return set;
            }
        }
        String labels = Arrays.stream(values()).map(PoolSettingsSet::label).collect(Collectors.joining(", "));
        throw new InvalidSettingException(RecommendedSettings.SETTING + " must be one of " + labels + ", but is '"
                + label + "'.", "Set " + RecommendedSettings.SETTING + " to one of " + labels + " (default shipped).");
    }
}
