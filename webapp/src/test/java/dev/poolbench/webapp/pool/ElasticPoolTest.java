package dev.poolbench.webapp.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.poolbench.webapp.InvalidSettingException;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * POOLBENCH_POOL_MIN_IDLE (the fault scenario storm): every pool, through its own property file,
 * keeps that many connections at least and starts with them, and may grow to the size; unset,
 * the pool stays fixed at the size. Real pools, configured, not opened.
 */
class ElasticPoolTest {

    static final List<String> POOLS = PoolProfiles.ALL.stream()
            .filter(p -> PoolProfiles.descriptor(p).keepsConnections()).toList();
    private static final DatabaseSettings NOWHERE = DatabaseSettings.mysql("127.0.0.1", 1, "root", "", "isu4_qualifier");

    @ParameterizedTest
    @FieldSource("POOLS")
    void minIdleBelowTheSizeReadsBackAsRequested(String profile) throws Exception {
        Map<String, Object> effective = effective(profile, Map.of("POOLBENCH_POOL_SIZE", "6",
                "POOLBENCH_POOL_MIN_IDLE", "2"));
        assertThat(effective.get(PoolDescriptor.MAX_SIZE)).as(profile).hasToString("6");
        assertThat(effective.get(PoolDescriptor.MIN_IDLE)).as(profile).hasToString("2");
        assertThat(effective.get(PoolDescriptor.INITIAL_SIZE)).as(profile).hasToString("2");
        assertThat(effective.get(PoolDescriptor.MAX_IDLE)).as(profile).hasToString("6");
    }

    @Test
    void unsetItIsTheSizeAndAboveTheSizeItIsRefused() throws Exception {
        PoolSettings fixed = PoolSettings.from(RecommendedSettingsTest.environment("hikari", Map.of()));
        assertThat(fixed.minIdle()).isEqualTo(fixed.size());
        assertThat(effective("dbcp2", Map.of()).get(PoolDescriptor.MIN_IDLE)).hasToString(String.valueOf(fixed.size()));
        assertThatThrownBy(() -> PoolSettings.from(RecommendedSettingsTest.environment("hikari",
                Map.of("POOLBENCH_POOL_MIN_IDLE", "3"))))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("POOLBENCH_POOL_MIN_IDLE is 3");
    }

    /** The settings in effect on a configured pool; they must match what equalized mode expects. */
    private static Map<String, Object> effective(String profile, Map<String, String> extra) throws Exception {
        var environment = RecommendedSettingsTest.environment(profile, extra);
        PoolSettings settings = PoolSettings.from(environment);
        PoolDescriptor<?> descriptor = PoolProfiles.descriptor(profile);
        DataSource pool = descriptor.createEqualized(NOWHERE, new PoolBinding(environment, PoolSettingsSet.SHIPPED, profile));
        try {
            Map<String, Object> effective = descriptor.effectiveOf(pool);
            Map<String, Object> expected = descriptor.equalized(settings);
            for (String key : List.of(PoolDescriptor.MAX_SIZE, PoolDescriptor.MIN_IDLE, PoolDescriptor.INITIAL_SIZE)) {
                assertThat(String.valueOf(effective.get(key))).as(profile + " " + key)
                        .isEqualTo(String.valueOf(expected.get(key)));
            }
            return effective;
        } finally {
            descriptor.closeQuietly(pool);
        }
    }
}
