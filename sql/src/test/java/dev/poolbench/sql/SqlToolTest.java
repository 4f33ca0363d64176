package dev.poolbench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.cli.Cli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
    void usageErrorsAreOneLineNamingTheOption() {
        assertError("poolbench-sql generate: --out is required", "generate");
        assertError("poolbench-sql reset: --repeat must be an integer, got 'many'", "reset", "--repeat", "many");
        assertError("poolbench-sql reset: --repeat must be between 1 and 1000, was 0", "reset", "--repeat", "0");
        assertError("poolbench-sql load: --schema must be 'tuned' or 'original', was 'fast'",
                "load", "--data", "x", "--schema", "fast");
        assertError("poolbench-sql embedded: --port must be between 0 and 65535, was 70000", "embedded", "--port", "70000");
        assertError("poolbench-sql reset: --jdbc-url must start with jdbc:mysql: or jdbc:postgresql:, was 'jdbc:pg:x'",
                "reset", "--jdbc-url", "jdbc:pg:x");
        assertError("poolbench-sql schema: unknown option --seed", "schema", "--schema", "tuned", "--seed", "1");
        assertError("poolbench-sql: unexpected argument 'frobnicate'", "frobnicate");
    }

    private static void assertError(String firstLine, String... args) {
        PrintStream before = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int status;
        try {
            status = SqlTool.run(List.of(args), Map.of());
        } finally {
            System.setErr(before);
        }
        List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, status, String.join("\n", lines));
        assertEquals(firstLine, lines.get(0));
        assertEquals(2, lines.size(), "the message and the pointer to --help: " + lines);
    }

    @Test
    void helpListsEveryOptionWithItsDefault() {
        assertEquals(List.of(), Cli.optionsWithoutDefault(SqlTool.commandLine(Map.of())));
        String help = Cli.usage(SqlTool.commandLine(Map.of()).getSubcommands().get("load"));
        assertTrue(help.contains("--schema=tuned|original") && help.contains("(default: tuned)"), help);
        String embedded = Cli.usage(SqlTool.commandLine(Map.of()).getSubcommands().get("embedded"));
        assertTrue(embedded.contains("(default: 13306)"), embedded);
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
