package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.util.UsageException;
import org.junit.jupiter.api.Test;

/** --database: the local server the runner starts, recorded in options.json. */
class DatabaseOptionTest {

    @Test
    void mariadbByDefaultAndRecorded() throws Exception {
        CompareOptions o = CompareOptions.parse();
        assertEquals("mariadb", o.database);
        assertEquals("mariadb", o.toJson().path("database").asText());
    }

    @Test
    void postgresWhenItsBinariesAreThere() throws Exception {
        // The project's machines have the postgresql package (sql/README.md); the check is the converter's.
        CompareOptions o = CompareOptions.parse("--database", "POSTGRES");
        assertEquals("postgres", o.database);
        assertEquals("postgres", o.toJson().path("database").asText());
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
