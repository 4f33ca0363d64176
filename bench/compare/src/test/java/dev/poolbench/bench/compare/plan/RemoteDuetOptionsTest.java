package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.UsageException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Remote duets (Ansible's bench.yml, its default design): with --app-command the runner restarts
 * the apps there, so remote mode takes --profiles and --duet, and adds rounds until decided as
 * locally; lane 1 has its own ports and its own copy of the database.
 */
class RemoteDuetOptionsTest {

    private static final String[] REMOTE = {"--app-url", "http://10.0.0.2:8080",
        "--reset-jdbc-url", "jdbc:mysql://10.0.0.3:3306/isu4_qualifier?useSSL=false", "--db-user", "reset"};

    private static CompareOptions remote(String... more) throws UsageException {
        List<String> args = new ArrayList<>(Arrays.asList(REMOTE));
        args.addAll(Arrays.asList(more));
        return CompareOptions.parse(args.toArray(String[]::new));
    }

    private static String usage(String... args) {
        return assertThrows(UsageException.class, () -> CompareOptions.parse(args)).getMessage();
    }

    @Test
    void withAnAppCommandRemoteModeRunsDuetsOfTheProfilesGiven() throws Exception {
        CompareOptions o = remote("--app-command", "ssh app poolbench-lane", "--profiles", "hikari,dbcp2", "--duet");
        assertTrue(o.duet);
        assertFalse(o.remoteAsIs());
        assertEquals(List.of("hikari", "dbcp2"), o.profiles);
        ObjectNode json = o.toJson();
        assertEquals("remote", json.path("mode").asText());
        assertEquals("hikari", json.path("reference").asText(), "a remote duet has a reference to pair with");
        assertEquals("ssh app poolbench-lane", json.path("appCommand").asText());
        assertEquals("http://10.0.0.2:8082", json.path("secondAppUrl").asText());
    }

    @Test
    void theSecondLaneIsOnTheNextFreePortsAndTheSecondCopyOfTheDatabase() throws Exception {
        CompareOptions o = remote("--app-command", "x", "--profiles", "hikari,dbcp2");
        assertEquals("http://10.0.0.2:8081", o.managementUrl.toString());
        assertEquals("http://10.0.0.2:8082", o.secondAppUrl.toString());
        assertEquals("http://10.0.0.2:8083", o.secondManagementUrl.toString());
        assertEquals("jdbc:mysql://10.0.0.3:3306/isu4_qualifier_2?useSSL=false",
                RemoteLaneOptions.secondDatabase(o.resetJdbcUrl));
        assertEquals("jdbc:mariadb://db/x_2", RemoteLaneOptions.secondDatabase("jdbc:mariadb://db/x"));

        CompareOptions given = remote("--app-command", "x", "--management-url", "http://10.0.0.2:9001",
                "--second-app-url", "http://10.0.0.2:9100", "--second-management-url", "http://10.0.0.2:9101");
        assertEquals("http://10.0.0.2:9100", given.secondAppUrl.toString());
        assertEquals("http://10.0.0.2:9101", given.secondManagementUrl.toString());
    }

    @Test
    void duetsAreTheDefaultThereToo() throws Exception {
        CompareOptions five = remote("--app-command", "x");
        assertTrue(five.duet, "the five pools, apps restarted by the runner: duets");
        assertTrue(five.untilDecided, "adaptive rounds, as locally");
        assertEquals(CompareOptions.DEFAULT_MAX_RUNS_DECIDED, five.maxRuns);
        assertFalse(remote("--app-command", "x", "--runs", "3").untilDecided, "--runs N: exactly N rounds");
        assertFalse(remote("--app-command", "x", "--quick").untilDecided);
        assertFalse(remote("--app-command", "x", "--solo").duet);
        assertFalse(remote("--app-command", "x", "--profiles", "hikari").duet, "one profile: solo");
        CompareOptions aa = remote("--app-command", "x", "--profiles", "hikari,hikari");
        assertEquals(List.of("hikari", "hikari_2"), aa.profiles);
        assertTrue(aa.duet, "A/A on the VMs: the pool against its copy in the other lane");
    }

    @Test
    void withoutAnAppCommandRemoteModeIsAsBefore() throws Exception {
        CompareOptions o = remote();
        assertTrue(o.remoteAsIs());
        assertFalse(o.duet);
        assertNull(o.secondAppUrl);
        ObjectNode json = o.toJson();
        assertFalse(json.has("appCommand"), "the keys of environment.json as before");
        assertFalse(json.has("reference"));
        assertTrue(usage(concat(REMOTE, "--profiles", "hikari")).contains("--app-command"));
        assertEquals("--duet in remote mode needs --app-command: the runner restarts each lane's app there with "
                + "its profile (lane 1 on --second-app-url, its database <name>_2)", usage(concat(REMOTE, "--duet")));
    }

    @Test
    void whatARemoteDuetCannotTakeIsAClearUsageError() {
        assertEquals("--app-command needs --app-url (remote mode)", usage("--app-command", "x"));
        assertTrue(usage(concat(REMOTE, "--second-app-url", "http://10.0.0.2:9000")).contains("needs --app-command"));
        assertTrue(usage(concat(REMOTE, "--app-command", " ")).contains("empty"));
        assertTrue(usage(concat(REMOTE, "--app-command", "x", "--second-app-url", "http://10.0.0.2:8081"))
                .contains("four different ports"));
        assertTrue(usage("--app-url", "http://10.0.0.2:8080", "--reset-jdbc-url", "jdbc:mysql://db:3306",
                "--app-command", "x").contains("names no database"));
        assertTrue(usage(concat(REMOTE, "--app-command", "x", "--pool-size", "5,10")).contains("./poolbench size"));
    }

    private static String[] concat(String[] first, String... more) {
        List<String> all = new ArrayList<>(Arrays.asList(first));
        all.addAll(Arrays.asList(more));
        return all.toArray(String[]::new);
    }
}
