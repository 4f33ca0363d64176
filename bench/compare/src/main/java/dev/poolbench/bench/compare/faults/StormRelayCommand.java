package dev.poolbench.bench.compare.faults;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.proxy.SlowConnectRelay;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.cli.Cli;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code faults-relay}: the storm's relay ({@link SlowConnectRelay}) as a process of its own, for
 * Ansible's {@code faults.yml}, which starts it on the app host before a storm run's app and
 * points the app at it. Steered by files in {@code --dir}: {@value #SLOW} holds the delay in
 * milliseconds (written by {@code poolbench-fault storm} at the fault's start, 0 at its end);
 * {@code stop} ends it. Writes {@value #FILE} when it listens, and after each slow period
 * {@value #STORM}: how many new connections it held and the shortest hold.
 */
@Command(name = "faults-relay", sortOptions = false, description = "Relay the app's database connections, holding "
        + "new ones while DIR/slow says so (the storm fault's relay, for ansible/faults.yml on the app host).")
public final class StormRelayCommand implements Callable<Integer> {

    static final String FILE = "relay.json";
    static final String SLOW = "slow";
    static final String STORM = "storm.json";
    private static final long POLL_MILLIS = 20;

    @Option(names = "--listen", paramLabel = "PORT", required = true, description = "port on 127.0.0.1 the app "
            + "connects to (required, no default)")
    int listen;

    @Option(names = "--upstream", paramLabel = "HOST:PORT", required = true, description = "the database "
            + "(required, no default)")
    String upstream;

    @Option(names = "--dir", paramLabel = "DIR", required = true, description = "the control files " + SLOW
            + " and stop, and " + FILE + " and " + STORM + " (required, no default)")
    Path dir;

    @Option(names = "--max-seconds", paramLabel = "S", description = "stop after this long whatever happens "
            + "(default: ${DEFAULT-VALUE})")
    int maxSeconds = 3_600;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        int colon = upstream.lastIndexOf(':');
        if (colon < 1 || !upstream.substring(colon + 1).matches("[0-9]{1,5}")) {
            throw Cli.refuse(spec.commandLine(), "--upstream must be HOST:PORT, got '" + upstream + "'");
        }
        if (listen < 1 || listen > 65_535 || maxSeconds < 1 || maxSeconds > 86_400) {
            throw Cli.refuse(spec.commandLine(), "--listen must be a port and --max-seconds 1..86400, got " + listen
                    + " and " + maxSeconds);
        }
        Files.createDirectories(dir);
        for (String f : new String[] {"stop", SLOW, STORM}) {
            Files.deleteIfExists(dir.resolve(f));
        }
        InetSocketAddress to = new InetSocketAddress(upstream.substring(0, colon),
                Integer.parseInt(upstream.substring(colon + 1)));
        try (SlowConnectRelay relay = SlowConnectRelay.start(listen, to)) {
            ObjectNode state = Json.object();
            state.put("port", relay.port());
            state.put("upstream", upstream);
            state.put("startEpochMillis", System.currentTimeMillis());
            writeAtomically(FILE, state);
            long deadline = System.nanoTime() + maxSeconds * 1_000_000_000L;
            long delay = 0;
            while (!Files.exists(dir.resolve("stop")) && System.nanoTime() < deadline) {
                long wanted = delayMillis();
                if (wanted != delay) {
                    if (delay == 0) {
                        relay.resetCounts();
                    }
                    relay.slow(wanted);
                    if (wanted == 0) {
                        writeStorm(relay, delay);
                    }
                    delay = wanted;
                }
                Thread.sleep(POLL_MILLIS);
            }
        }
        return 0;
    }

    /** The delay DIR/slow asks for; 0 when it is missing, empty or not a number (being written). */
    private long delayMillis() {
        try {
            String text = Files.readString(dir.resolve(SLOW)).strip();
            return text.matches("[0-9]{1,6}") ? Long.parseLong(text) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private void writeStorm(SlowConnectRelay relay, long delay) throws IOException {
        ObjectNode storm = Json.object();
        storm.put("connectMillis", delay);
        storm.put("slowConnections", relay.slowConnections());
        storm.put("shortestMillis", relay.shortestSlowMillis());
        storm.put("endEpochMillis", System.currentTimeMillis());
        writeAtomically(STORM, storm);
    }

    /** Whole or not at all: the playbook and the fault script wait for these files. */
    private void writeAtomically(String name, ObjectNode node) throws IOException {
        Path tmp = dir.resolve(name + ".tmp");
        Json.write(tmp, node);
        Files.move(tmp, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
