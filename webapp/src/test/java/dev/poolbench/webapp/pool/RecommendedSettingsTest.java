package dev.poolbench.webapp.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.poolbench.webapp.InvalidSettingException;
import java.io.IOException;
import java.security.Security;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.ResourcePropertySource;

/**
 * POOLBENCH_POOL_SETTINGS=recommended, evict-read-only and keepalive, with the real property files and pools
 * (no database: the pools are configured, not opened): every key of pool-recommended.properties
 * binds to a setter of its pool and reads back, the JDBC URL carries the timeouts, a bad key or
 * value stops the app. EvictReadOnlySettingsTest has the rest of evict-read-only's; KeepaliveIT opens
 * keepalive's pools on a real server.
 */
class RecommendedSettingsTest {

    /** MariaDB's read-only check query: one row on a primary, two (an error) on a read-only server. */
    static final String MARIADB_READ_ONLY_CHECK =
            "SELECT (SELECT 1 UNION ALL SELECT 2 FROM DUAL WHERE @@global.read_only)";

    /** The pools with no way of keeping idle connections alive: keepalive adds nothing to recommended. */
    static final Set<String> NO_KEEPALIVE = Set.of("vibur", "ucp", "nopool");

    /** Per set beyond shipped, what each pool reads back under its own names (poolsettings.json "native"). */
    private static final Map<PoolSettingsSet, Map<String, Map<String, String>>> NATIVE = Map.of(
            PoolSettingsSet.RECOMMENDED, Map.of(
                    "hikari", Map.of("validationTimeout", "1000", "maxLifetime", "1800000"),
                    "tomcat", Map.of("validationQueryTimeout", "1", "maxAge", "1800000"),
                    "dbcp", Map.of("testOnBorrow", "true", "validationQueryTimeout", "1"),
                    "dbcp2", Map.of("testOnBorrow", "true", "validationQueryTimeout", "PT1S", "maxConnDuration", "PT30M"),
                    "c3p0", Map.of("testConnectionOnCheckout", "true", "connectionIsValidTimeout", "1",
                            "maxConnectionAge", "1800"),
                    "vibur", Map.of("validateTimeoutInSeconds", "1"),
                    "agroal", Map.of("maxLifetime", "PT30M"),
                    "ucp", Map.of("connectionValidationTimeout", "1", "maxConnectionReuseTime", "1800"),
                    "nopool", Map.of()),
            PoolSettingsSet.EVICT_READ_ONLY, Map.of(
                    "hikari", Map.of("exceptionOverrideClassName", HikariReadOnlyEviction.class.getName(),
                            "validationTimeout", "1000"),
                    "tomcat", Map.of("validationQuery", MARIADB_READ_ONLY_CHECK, "validationQueryTimeout", "1"),
                    "dbcp", Map.of("validationQuery", MARIADB_READ_ONLY_CHECK, "testOnBorrow", "true"),
                    "dbcp2", Map.of("validationQuery", MARIADB_READ_ONLY_CHECK, "testOnBorrow", "true"),
                    "c3p0", Map.of("preferredTestQuery", MARIADB_READ_ONLY_CHECK, "connectionIsValidTimeout", "0",
                            "connectionTesterClassName", "com.mchange.v2.c3p0.impl.DefaultConnectionTester",
                            "testConnectionOnCheckout", "false"),
                    "vibur", Map.of("testConnectionQuery", "isValid", "connectionIdleLimitInSeconds", "1"),
                    "agroal", Map.of("exceptionSorter", AgroalPool.ReadOnlyExceptionSorter.class.getName()
                            + " + io.agroal.api.exceptionsorter.MySQLExceptionSorter"),
                    "ucp", Map.of("maxConnectionReuseTime", "1800", "SQLForValidateConnection", "null"),
                    "nopool", Map.of()),
            PoolSettingsSet.KEEPALIVE, Map.of(
                    "hikari", Map.of("keepaliveTime", "30000", "validationTimeout", "1000"),
                    "tomcat", Map.of("testWhileIdle", "true", "timeBetweenEvictionRunsMillis", "30000",
                            "validationQueryTimeout", "1"),
                    // Equalized's idle test every 5 s, over the whole pool (size 2 here), unchanged.
                    "dbcp", Map.of("testWhileIdle", "true", "timeBetweenEvictionRunsMillis", "5000",
                            "numTestsPerEvictionRun", "2", "testOnBorrow", "true"),
                    "dbcp2", Map.of("testWhileIdle", "true", "durationBetweenEvictionRuns", "PT5S",
                            "numTestsPerEvictionRun", "2", "validationQueryTimeout", "PT1S"),
                    "c3p0", Map.of("idleConnectionTestPeriod", "5", "testConnectionOnCheckout", "true"),
                    "vibur", Map.of("validateTimeoutInSeconds", "1"),
                    "agroal", Map.of("validationTimeout", "PT30S", "maxLifetime", "PT30M"),
                    "ucp", Map.of("connectionValidationTimeout", "1"),
                    "nopool", Map.of()));
    private static final DatabaseSettings NOWHERE = DatabaseSettings.mysql("127.0.0.1", 1, "root", "", "isu4_qualifier");

    static Stream<Arguments> setsAndProfiles() {
        return NATIVE.keySet().stream().sorted()
                .flatMap(set -> PoolProfiles.ALL.stream().map(profile -> Arguments.of(set, profile)));
    }

    /**
     * Every key of the set binds to a setter of its pool (evict-read-only's on top of recommended's)
     * and reads back; recommended validates on borrow where the pool keeps connections, keepalive tests idle
     * ones where the pool can, evict-read-only's and keepalive's settings read back as the app expects of them.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("setsAndProfiles")
    void everyKeyOfTheSetBindsAndReadsBack(PoolSettingsSet set, String profile) throws Exception {
        StandardEnvironment environment = environment(profile, Map.of(RecommendedSettings.SETTING, set.label(),
                DatabaseSettings.DATABASE_SETTING, "mysql"));
        PoolSettings settings = PoolSettings.from(environment);
        assertThat(settings.set()).isEqualTo(set);
        assertThat(settings.recommended()).isTrue();
        PoolDescriptor<?> descriptor = PoolProfiles.descriptor(profile);
        PoolBinding binding = new PoolBinding(environment, set, profile);
        DataSource pool = descriptor.createEqualized(NOWHERE, binding);
        try {
            binding.requireAllBound(pool.getClass().getName());
            Map<String, Object> nativeSettings = descriptor.nativeSettingsOf(pool);
            NATIVE.get(set).get(profile).forEach((key, value) ->
                    assertThat(String.valueOf(nativeSettings.get(key))).as(profile + " " + key).isEqualTo(value));
            if (set == PoolSettingsSet.RECOMMENDED && descriptor.keepsConnections()) {
                assertThat(descriptor.effectiveOf(pool).get(PoolDescriptor.VALIDATION_ON_BORROW)).as(profile).isEqualTo(true);
            }
            if (set == PoolSettingsSet.KEEPALIVE && descriptor.keepsConnections()) {
                assertThat(descriptor.effectiveOf(pool).get(PoolDescriptor.VALIDATION_WHILE_IDLE)).as(profile)
                        .isEqualTo(!NO_KEEPALIVE.contains(profile));
            }
            if (set != PoolSettingsSet.RECOMMENDED) {
                assertThat(PoolSettingsReport.mismatches(PoolSettingsReport.expectedEqualized(descriptor, settings),
                        descriptor.effectiveOf(pool))).as(profile).isEmpty();
            }
        } finally {
            descriptor.closeQuietly(pool);
        }
    }

    @Test
    void shippedLeavesTheUrlAndTheEqualizedValidationAlone() throws IOException {
        StandardEnvironment environment = environment("dbcp2", Map.of());
        assertThat(PoolSettings.from(environment).recommended()).isFalse();
        assertThat(DatabaseSettings.from(environment).jdbcUrl()).contains("connectTimeout=10000")
                .doesNotContain("socketTimeout");
        PoolDescriptor<?> descriptor = PoolProfiles.descriptor("dbcp2");
        DataSource pool = descriptor.createEqualized(NOWHERE,
                new PoolBinding(environment, PoolSettingsSet.SHIPPED, "dbcp2"));
        try {
            assertThat(descriptor.effectiveOf(pool).get(PoolDescriptor.VALIDATION_ON_BORROW)).isEqualTo(false);
        } finally {
            descriptor.closeQuietly(pool);
        }
    }

    @Test
    void theTimeoutsReplaceTheUrlsOwnOnBothDrivers() throws IOException {
        String mysql = DatabaseSettings.from(environment("hikari",
                Map.of(RecommendedSettings.SETTING, "recommended"))).jdbcUrl();
        assertThat(mysql).contains("connectTimeout=2000&socketTimeout=3000").doesNotContain("connectTimeout=10000")
                .contains("useLocalSessionState=true");
        String postgres = DatabaseSettings.from(environment("hikari",
                Map.of(RecommendedSettings.SETTING, "recommended", DatabaseSettings.DATABASE_SETTING, "postgres"))).jdbcUrl();
        assertThat(postgres).startsWith("jdbc:postgresql:").contains("connectTimeout=2&").endsWith("socketTimeout=3")
                .doesNotContain("connectTimeout=10");
    }

    @Test
    void theJvmsDnsCacheTimeIsASecurityPropertyReadBackWithTheRest() throws IOException {
        StandardEnvironment environment = environment("hikari", Map.of(RecommendedSettings.SETTING, "recommended"));
        String before = Security.getProperty(RecommendedSettings.DNS_TTL_PROPERTY);
        try {
            RecommendedSettings.applyJvm(environment);
            assertThat(Security.getProperty(RecommendedSettings.DNS_TTL_PROPERTY)).isEqualTo("5");
            Map<String, Object> applied = RecommendedSettings.applied(environment, PoolSettingsSet.RECOMMENDED,
                    "hikari", false);
            assertThat(applied).containsEntry(RecommendedSettings.DNS_TTL_PROPERTY, "5")
                    .containsEntry("jdbcUrlSettings", "connectTimeout=2000&socketTimeout=3000")
                    .containsEntry("validation-timeout", "1000").containsEntry("max-lifetime", "1800000");
            assertThat(applied.keySet()).noneMatch(key -> key.contains("dbcp"));
        } finally {
            // Unset before (the JDK's default): left at 5 s, harmless to this test JVM's lookups.
            if (before != null) {
                Security.setProperty(RecommendedSettings.DNS_TTL_PROPERTY, before);
            }
        }
    }

    @Test
    void aKeyNoSetterTakesStopsTheApp() throws IOException {
        StandardEnvironment environment = environment("hikari", Map.of(RecommendedSettings.SETTING, "recommended",
                RecommendedSettings.POOL_PREFIX + ".hikari.max-lifespan", "60000"));
        PoolDescriptor<?> descriptor = PoolProfiles.descriptor("hikari");
        PoolBinding binding = new PoolBinding(environment, PoolSettingsSet.RECOMMENDED, "hikari");
        DataSource pool = descriptor.createEqualized(NOWHERE, binding);
        try {
            assertThatThrownBy(() -> binding.requireAllBound("HikariDataSource"))
                    .isInstanceOf(InvalidSettingException.class).hasMessageContaining("max-lifespan");
        } finally {
            descriptor.closeQuietly(pool);
        }
    }

    @Test
    void aBadValueOrDefaultsModeIsRefused() throws IOException {
        assertThatThrownBy(() -> PoolSettings.from(environment("hikari", Map.of(RecommendedSettings.SETTING, "tuned"))))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("'tuned'");
        assertThatThrownBy(() -> PoolSettings.from(environment("hikari", Map.of(RecommendedSettings.SETTING,
                "recommended", "POOLBENCH_POOL_MODE", "defaults"))))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("equalized");
    }

    /** The app's own property files for {@code profile}, as StandalonePool reads them, plus {@code extra}. */
    static StandardEnvironment environment(String profile, Map<String, String> extra) throws IOException {
        StandardEnvironment environment = new StandardEnvironment();
        MutablePropertySources sources = environment.getPropertySources();
        sources.remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
        sources.remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
        Map<String, Object> values = new HashMap<>(Map.of("POOLBENCH_POOL_SIZE", "2", "POOLBENCH_POOL_WAIT_MILLIS", "1000"));
        values.putAll(extra);
        sources.addLast(new MapPropertySource("test", values));
        sources.addLast(new ResourcePropertySource("classpath:application-" + profile + ".properties"));
        sources.addLast(new ResourcePropertySource("classpath:pool-recommended.properties"));
        sources.addLast(new ResourcePropertySource("classpath:application.properties"));
        environment.setActiveProfiles(profile);
        return environment;
    }
}
