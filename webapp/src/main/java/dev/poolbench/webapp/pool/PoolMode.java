package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.InvalidSettingException;

/** How the pool is configured: the same semantics everywhere, or each library as shipped. */
enum PoolMode {
    /** Fixed size N, the same wait, comparable validation and clean-up (see README). */
    EQUALIZED,
    /** The library's own defaults (not Spring Boot's adjustments), only url/user/password set. */
    DEFAULTS;

    static PoolMode parse(String raw) {
        if (raw == null || raw.isBlank()) {
            return EQUALIZED;
        }
        return switch (raw.trim()) {
            case "equalized" -> EQUALIZED;
            case "defaults" -> DEFAULTS;
            default -> throw new InvalidSettingException(
                    "POOLBENCH_POOL_MODE must be 'equalized' or 'defaults', but is '" + raw + "'.",
                    "Set POOLBENCH_POOL_MODE to equalized (default) or defaults.");
        };
    }

    String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
