package dev.poolbench.bench.compare.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code faults-replicas} reads the app's environment file as systemd does (the app role writes
 * the password with the shell's quotes), and refuses a file that names no database in one line,
 * before any replica starts.
 */
class ReplicasCommandTest {

    @Test
    void theAppsEnvironmentFileIsReadWithItsQuotesTakenOff(@TempDir Path dir) throws Exception {
        Path env = dir.resolve("app.env");
        Files.writeString(env, """
                # Environment of the poolbench web app
                ISU4_DB_HOST=10.0.0.10
                ISU4_DB_PORT=3306
                ISU4_DB_PASSWORD='it'"'"'s a secret'
                EMPTY=
                SERVER_TOMCAT_MBEANREGISTRY_ENABLED=true
                """);
        Map<String, String> read = ReplicasCommand.readEnvironment(env);
        assertEquals("10.0.0.10", read.get("ISU4_DB_HOST"));
        assertEquals("3306", read.get("ISU4_DB_PORT"));
        assertEquals("it's a secret", read.get("ISU4_DB_PASSWORD"));
        assertEquals("", read.get("EMPTY"));
        assertFalse(read.containsKey("# Environment of the poolbench web app"));
    }

    @Test
    void anEnvironmentFileWithoutTheDatabaseIsRefusedBeforeAnyReplica(@TempDir Path dir) throws Exception {
        Path env = dir.resolve("app.env");
        Files.writeString(env, "ISU4_DB_HOST=db\n");
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new ReplicasCommand()).setErr(new PrintWriter(err));
        int status = cl.execute("--dir", dir.resolve("control").toString(), "--out", dir.resolve("run").toString(),
                "--pool-size", "10", "--fault-seconds", "3", "--previous-max-connections", "151",
                "--jvm-options", "webapp/jvm.options", "--env-file", env.toString());
        assertEquals(2, status, err.toString());
        assertTrue(err.toString().contains(env + " sets no ISU4_DB_PORT, ISU4_DB_NAME, ISU4_DB_USER"), err.toString());
        assertFalse(Files.exists(dir.resolve("run")), "nothing was made");
    }
}
