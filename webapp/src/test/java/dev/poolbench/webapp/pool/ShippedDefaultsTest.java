package dev.poolbench.webapp.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Defaults mode reads every pool as shipped from a fresh, unconfigured instance: that must work
 * for every registered profile without a database (no pool may connect or fail here) and give
 * all the common keys, the same as equalized mode (the integration suites cover equalized).
 */
class ShippedDefaultsTest {

    static final List<String> PROFILES = PoolProfiles.ALL;
    private static final List<String> KEYS = List.of(PoolDescriptor.MAX_SIZE, PoolDescriptor.MIN_IDLE,
            PoolDescriptor.INITIAL_SIZE, PoolDescriptor.MAX_IDLE, PoolDescriptor.WAIT_MILLIS,
            PoolDescriptor.VALIDATION, PoolDescriptor.VALIDATION_ON_BORROW, PoolDescriptor.VALIDATION_WINDOW_MILLIS,
            PoolDescriptor.VALIDATION_WHILE_IDLE, PoolDescriptor.EVICTION_PERIOD_MILLIS,
            PoolDescriptor.VALIDATION_QUERY, PoolDescriptor.AUTO_COMMIT, PoolDescriptor.ISOLATION,
            PoolDescriptor.POOL_STATEMENT_CACHING, PoolDescriptor.RESET_ON_RETURN, PoolDescriptor.FAIRNESS,
            PoolDescriptor.MAX_LIFETIME_MILLIS);

    @ParameterizedTest
    @FieldSource("PROFILES")
    void everyPoolReadsBackItsShippedDefaultsUnderTheCommonKeys(String profile) {
        DatabaseSettings nowhere = DatabaseSettings.mysql("127.0.0.1", 1, "root", "", "isu4_qualifier");
        Map<String, Object> defaults = PoolProfiles.descriptor(profile).shippedDefaults(nowhere);
        assertThat(defaults.keySet()).as(profile).containsExactlyElementsOf(KEYS);
        assertThat(defaults.get(PoolDescriptor.VALIDATION)).as(profile).isNotNull();
        // null: the pool leaves it to the driver (Tomcat, DBCP2), whose default is on.
        assertThat(defaults.get(PoolDescriptor.AUTO_COMMIT)).as(profile).isIn(true, null);
    }
}
