package dev.poolbench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ServerConfigFileTest {
    @Test
    void turnsServerGroupLinesIntoOptionsAndSkipsOtherGroups() {
        String cnf = """
                # comment
                [client]
                port = 1
                [mysqld]
                max_connections = 2000
                skip-name-resolve
                ; other comment
                [mysqldump]
                quick
                """;
        assertEquals(List.of("--max_connections=2000", "--skip-name-resolve"), ServerConfigFile.toOptions(cnf, "test.cnf"));
    }

    @Test
    void refusesIncludesBecauseTheCnfMustStayTheSingleSource() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ServerConfigFile.toOptions("[mysqld]\n!includedir /etc/mysql\n", "test.cnf"));
        assertTrue(error.getMessage().contains("test.cnf:2"), error.getMessage());
    }

    @Test
    void packagedCnfHasTheTunedSettings() {
        List<String> options = ServerConfigFile.serverOptions();
        assertTrue(options.contains("--max_connections=2000"), options.toString());
        assertTrue(options.contains("--innodb_flush_log_at_trx_commit=2"), options.toString());
    }
}
