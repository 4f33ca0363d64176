package dev.poolbench.webapp.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.SQLExceptionOverride;
import dev.poolbench.webapp.InvalidSettingException;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.springframework.core.env.StandardEnvironment;

/**
 * POOLBENCH_POOL_SETTINGS=evict-read-only with the real property files and pools (configured, not
 * opened; ReadOnlyEvictionIT opens them on a server that goes read-only): every key binds to its
 * pool's setter on top of the recommended ones and reads back, the settings read back match what the
 * app expects of them, the check query is the database's, and the error the hooks evict on is exactly
 * a read-only server's refusal.
 */
class EvictReadOnlySettingsTest {

    static final List<String> PROFILES = PoolProfiles.ALL;
    private static final String CHECK = "SELECT (SELECT 1 UNION ALL SELECT 2 FROM DUAL WHERE @@global.read_only)";
    private static final Map<String, Map<String, String>> NATIVE = Map.of(
            "hikari", Map.of("exceptionOverrideClassName", HikariReadOnlyEviction.class.getName(),
                    "validationTimeout", "1000"),
            "tomcat", Map.of("validationQuery", CHECK, "validationQueryTimeout", "1"),
            "dbcp", Map.of("validationQuery", CHECK, "testOnBorrow", "true"),
            "dbcp2", Map.of("validationQuery", CHECK, "testOnBorrow", "true"),
            "c3p0", Map.of("preferredTestQuery", CHECK, "connectionIsValidTimeout", "0",
                    "connectionTesterClassName", "com.mchange.v2.c3p0.impl.DefaultConnectionTester",
                    "testConnectionOnCheckout", "false"),
            "vibur", Map.of("testConnectionQuery", "isValid", "connectionIdleLimitInSeconds", "1"),
            "agroal", Map.of("exceptionSorter", AgroalPool.ReadOnlyExceptionSorter.class.getName()
                    + " + io.agroal.api.exceptionsorter.MySQLExceptionSorter"),
            "ucp", Map.of("maxConnectionReuseTime", "1800", "SQLForValidateConnection", "null"),
            "nopool", Map.of());
    private static final DatabaseSettings NOWHERE = DatabaseSettings.mysql("127.0.0.1", 1, "root", "", "isu4_qualifier");

    @ParameterizedTest
    @FieldSource("PROFILES")
    void everyKeyBindsOnTopOfRecommendedAndReadsBackAsExpected(String profile) throws Exception {
        StandardEnvironment environment = environment(profile, "mysql");
        PoolSettings settings = PoolSettings.from(environment);
        assertThat(settings.set()).isEqualTo(PoolSettingsSet.EVICT_READ_ONLY);
        assertThat(settings.recommended()).isTrue();
        PoolDescriptor<?> descriptor = PoolProfiles.descriptor(profile);
        PoolBinding binding = new PoolBinding(environment, settings.set(), profile);
        DataSource pool = descriptor.createEqualized(NOWHERE, binding);
        try {
            binding.requireAllBound(pool.getClass().getName());
            Map<String, Object> nativeSettings = descriptor.nativeSettingsOf(pool);
            NATIVE.get(profile).forEach((key, value) ->
                    assertThat(String.valueOf(nativeSettings.get(key))).as(profile + " " + key).isEqualTo(value));
            assertThat(PoolSettingsReport.mismatches(PoolSettingsReport.expectedEqualized(descriptor, settings),
                    descriptor.effectiveOf(pool))).as(profile).isEmpty();
        } finally {
            descriptor.closeQuietly(pool);
        }
    }

    @Test
    void theCheckQueryIsTheDatabases() throws Exception {
        assertThat(PoolSettings.from(environment("tomcat", "mariadb")).readOnlyCheck()).isEqualTo(CHECK);
        assertThat(PoolSettings.from(environment("tomcat", "postgres")).readOnlyCheck())
                .isEqualTo("SELECT (SELECT 1 UNION ALL SELECT 2 WHERE current_setting('transaction_read_only') = 'on')");
        assertThat(PoolSettings.from(RecommendedSettingsTest.environment("tomcat",
                Map.of(RecommendedSettings.SETTING, "recommended"))).readOnlyCheck()).isNull();
        Map<String, Object> applied = RecommendedSettings.applied(environment("c3p0", "mysql"),
                PoolSettingsSet.EVICT_READ_ONLY, "c3p0", false);
        // Recommended's keys, evict-read-only's replacing one of them.
        assertThat(applied).containsEntry("max-connection-age", "1800").containsEntry("connection-is-valid-timeout", "0")
                .containsEntry("preferred-test-query", CHECK);
    }

    @Test
    void anUnknownSetIsRefusedNamingTheKnownOnes() {
        assertThatThrownBy(() -> PoolSettingsSet.parse("evict"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("'evict'").hasMessageContaining("shipped, recommended, evict-read-only");
        assertThat(PoolSettingsSet.parse(" ")).isEqualTo(PoolSettingsSet.SHIPPED);
    }

    @Test
    void theHooksEvictOnAReadOnlyServersRefusalOnly() {
        SQLException mariaDb = new SQLException("The MariaDB server is running with the --read-only option", "HY000", 1290);
        SQLException postgres = new SQLException("cannot execute INSERT in a read-only transaction", "25006");
        SQLException lockWait = new SQLException("Lock wait timeout exceeded", "HY000", 1205);
        SQLException duplicate = new SQLException("Duplicate entry", "23000", 1062);
        SQLException chained = new SQLException("batch failed", "HY000", 0);
        chained.setNextException(mariaDb);
        assertThat(List.of(mariaDb, postgres, chained)).allMatch(ReadOnlyServer::refused);
        assertThat(List.of(lockWait, duplicate)).noneMatch(ReadOnlyServer::refused);

        HikariReadOnlyEviction hikari = new HikariReadOnlyEviction();
        assertThat(hikari.adjudicate(mariaDb)).isEqualTo(SQLExceptionOverride.Override.MUST_EVICT);
        assertThat(hikari.adjudicate(lockWait)).isEqualTo(SQLExceptionOverride.Override.CONTINUE_EVICT);
        AgroalPool.ReadOnlyExceptionSorter agroal = new AgroalPool.ReadOnlyExceptionSorter(
                new io.agroal.api.exceptionsorter.MySQLExceptionSorter());
        assertThat(agroal.isFatal(postgres)).isTrue();
        assertThat(agroal.isFatal(new SQLException("Communications link failure", "08S01"))).isTrue();
        assertThat(agroal.isFatal(duplicate)).isFalse();
    }

    private static StandardEnvironment environment(String profile, String database) throws Exception {
        return RecommendedSettingsTest.environment(profile, Map.of(RecommendedSettings.SETTING, "evict-read-only",
                DatabaseSettings.DATABASE_SETTING, database));
    }
}
