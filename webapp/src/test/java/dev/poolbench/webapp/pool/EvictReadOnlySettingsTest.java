package dev.poolbench.webapp.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.SQLExceptionOverride;
import dev.poolbench.webapp.InvalidSettingException;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.StandardEnvironment;

/**
 * POOLBENCH_POOL_SETTINGS=evict-read-only (its keys' binding and read-back are RecommendedSettingsTest's,
 * one parameterized test over the sets; ReadOnlyEvictionIT opens the pools on a server that goes
 * read-only): the check query is the database's, and the error the hooks evict on is exactly a
 * read-only server's refusal.
 */
class EvictReadOnlySettingsTest {

    private static final String CHECK = RecommendedSettingsTest.MARIADB_READ_ONLY_CHECK;

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
