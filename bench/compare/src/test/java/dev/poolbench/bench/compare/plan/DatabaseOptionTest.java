package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.util.UsageException;
import org.junit.jupiter.api.Test;

/** --database: the local server the runner starts (remote mode: the one the app there uses), recorded in options.json. */
class DatabaseOptionTest {

    @Test
    void mariadbByDefaultAndRecorded() throws Exception {
        CompareOptions o = CompareOptions.parse();
        assertEquals("mariadb", o.database);
        assertEquals("mariadb", o.toJson().path("database").asText());
    }

    @Test
    void postgresWhenItsBinariesAreThere() throws Exception {
        // The project's machines have the postgresql package (sql/README.md), checked in local mode.
        CompareOptions o = CompareOptions.parse("--database", "POSTGRES");
        assertEquals("postgres", o.database);
        assertEquals("postgres", o.toJson().path("database").asText());
    }

    @Test
    void remoteModeRecordsTheServerTheAppThereUses() throws Exception {
        CompareOptions o = CompareOptions.parse("--app-url", "http://10.0.0.2:8080", "--reset-command", "true",
                "--database", "postgres");
        assertEquals("postgres", o.toJson().path("database").asText());
        assertEquals("mariadb", CompareOptions.parse("--app-url", "http://10.0.0.2:8080", "--reset-command", "true")
                .toJson().path("database").asText());
    }

    @Test
    void anUnknownDatabaseOrOneTheModeCannotUseIsOneLine() {
        String unknown = assertThrows(UsageException.class, () -> CompareOptions.parse("--database", "oracle"))
                .getMessage();
        assertEquals("--database must be one of mariadb, postgres, got 'oracle'", unknown);
        assertEquals("--prometheus watches MariaDB only (mysqld_exporter): it cannot be used with --database "
                + "postgres", assertThrows(UsageException.class, () -> CompareOptions.parse("--database", "postgres",
                "--prometheus")).getMessage());
    }
}
