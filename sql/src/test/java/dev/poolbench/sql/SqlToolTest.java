package dev.poolbench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SqlToolTest {
    @Test
    void usageErrorsExitWithTwo() {
        assertEquals(2, SqlTool.run(List.of(), Map.of()));
        assertEquals(2, SqlTool.run(List.of("frobnicate"), Map.of()));
        assertEquals(2, SqlTool.run(List.of("generate"), Map.of()));
        assertEquals(2, SqlTool.run(List.of("reset", "--repeat", "many"), Map.of()));
        assertEquals(2, SqlTool.run(List.of("load", "--data", "x", "--schema", "fast"), Map.of()));
        assertEquals(2, SqlTool.run(List.of("embedded", "--port", "70000"), Map.of()));
    }

    @Test
    void helpExitsWithZero() {
        assertEquals(0, SqlTool.run(List.of("--help"), Map.of()));
        assertEquals(0, SqlTool.run(List.of("load", "--help"), Map.of()));
    }

    @Test
    void resetAndSchemaRunAgainstTheEmbeddedDatabase() {
        String url = SharedDatabase.jdbcUrl();
        assertEquals(0, SqlTool.run(List.of("reset", "--jdbc-url", url, "--user", "root", "--password", "", "--repeat", "2"), Map.of()));
        assertEquals(0, SqlTool.run(List.of("schema", "--jdbc-url", url, "--schema", "tuned"), Map.of()));
    }
}
