package dev.poolbench.bench.compare.faults;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.db.ConnectionLimit;
import dev.poolbench.bench.compare.faultplan.Fault;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.cli.Cli;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code faults-replicas}: max-connections' replicas and rolling update ({@link RollingUpdate}, as
 * in a local run) on an app host, for Ansible's {@code faults.yml}, which sets the server's
 * max_connections as root on the database host before starting this, and puts it back after. The
 * replicas are systemd units ({@link ReplicaUnit}); the server's counts are read as the app's
 * user, from the app's environment file; its files go to {@code --out}. Steered by files in {@code --dir}, each answered by a
 * JSON file whose {@code error} is null or says why the run cannot go on: at the start the old
 * replicas are started ({@value #STARTED}); {@code serving} (the run's app serves) → they are
 * awaited ({@value #SERVING}); {@code update} (holding the fault's epoch milliseconds) → the
 * rolling update at that moment ({@value #UPDATE}: begin, end, detail, error, as
 * {@code poolbench-fault} prints; {@code replicas.json}); {@code stop} → every replica stopped.
 */
@Command(name = "faults-replicas", sortOptions = false, description = "Run max-connections' replicas and rolling "
        + "update on an app host, steered by files in DIR (for ansible/faults.yml).")
public final class ReplicasCommand implements Callable<Integer> {

    static final String STARTED = "started.json";
    static final String SERVING = "serving.json";
    static final String UPDATE = "update.json";
    private static final long POLL_MILLIS = 50;

    @Option(names = "--dir", paramLabel = "DIR", required = true, description = "the control files and answers "
            + "(required, no default)")
    Path dir;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "the run's files: replicas.json, "
            + "replicas/<name>/ (required, no default)")
    Path out;

    @Option(names = "--replicas", paramLabel = "N", description = "app JVMs, the run's own app among them "
            + "(default: ${DEFAULT-VALUE})")
    int replicas = 3;

    @Option(names = "--pool-size", paramLabel = "N", required = true, description = "each replica's pool (required, "
            + "no default)")
    int poolSize;

    @Option(names = "--fault-seconds", paramLabel = "S", required = true, description = "the surge's and the "
            + "replacement's waits (required, no default)")
    int faultSeconds;

    @Option(names = "--pool-wait-ms", paramLabel = "MS", description = "the pool's wait: a health probe waits 2 s "
            + "longer (default: ${DEFAULT-VALUE})")
    int poolWaitMillis = 5_000;

    @Option(names = "--previous-max-connections", paramLabel = "N", required = true, description = "the server's "
            + "max_connections before the run's (required, no default)")
    long previousMaxConnections;

    @Option(names = "--management-url", paramLabel = "URL", description = "the run's app, under the load "
            + "(default: ${DEFAULT-VALUE})")
    URI managementUrl = URI.create("http://127.0.0.1:8081");

    @Option(names = "--env-file", paramLabel = "FILE", description = "the app's environment (its database and "
            + "pool), the replicas' too (default: ${DEFAULT-VALUE})")
    Path envFile = Path.of("/etc/poolbench/app.env");

    @Option(names = "--java", paramLabel = "PATH", description = "the app's java (default: ${DEFAULT-VALUE})")
    String java = "/usr/bin/java";

    @Option(names = "--webapp-jar", paramLabel = "JAR", description = "(default: ${DEFAULT-VALUE})")
    Path webappJar = Path.of("/opt/poolbench/app/poolbench-webapp.jar");

    @Option(names = "--jvm-options", paramLabel = "FILE", required = true, description = "webapp/jvm.options, the "
            + "template (required, no default)")
    Path jvmOptions;

    @Option(names = "--user", paramLabel = "NAME", description = "the app's user (default: ${DEFAULT-VALUE})")
    String user = "poolbench";

    @Option(names = "--work-dir", paramLabel = "DIR", description = "the app's directory (default: ${DEFAULT-VALUE})")
    Path workDir = Path.of("/opt/poolbench/app");

    @Option(names = "--label", paramLabel = "TEXT", description = "the run, in messages (default: ${DEFAULT-VALUE})")
    String label = "max-connections";

    @Option(names = "--max-seconds", paramLabel = "S", description = "stop every replica after this long whatever "
            + "happens (default: ${DEFAULT-VALUE})")
    int maxSeconds = 3_600;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (replicas < 2 || replicas > 16 || poolSize < 1 || faultSeconds < 1 || maxSeconds < 1 || maxSeconds > 86_400) {
            throw Cli.refuse(spec.commandLine(), "--replicas must be 2..16, --pool-size and --fault-seconds >= 1, "
                    + "--max-seconds 1..86400, got " + replicas + ", " + poolSize + ", " + faultSeconds + ", " + maxSeconds);
        }
        Map<String, String> env = readEnvironment(envFile);
        List<String> missing = List.of("ISU4_DB_HOST", "ISU4_DB_PORT", "ISU4_DB_NAME", "ISU4_DB_USER").stream()
                .filter(k -> !env.containsKey(k)).toList();
        if (!missing.isEmpty()) {
            throw Cli.refuse(spec.commandLine(), envFile + " sets no " + String.join(", ", missing)
                    + ": not the app's environment file");
        }
        String url = "jdbc:mysql://" + env.get("ISU4_DB_HOST") + ":" + env.get("ISU4_DB_PORT") + "/"
                + env.get("ISU4_DB_NAME");
        Files.createDirectories(dir);
        Files.createDirectories(out);
        for (String f : List.of("serving", "update", "stop", STARTED, SERVING, UPDATE)) {
            Files.deleteIfExists(dir.resolve(f));
        }
        ReplicaUnit.Host host = new ReplicaUnit.Host(java, webappJar, jvmOptions, envFile, user, workDir,
                poolWaitMillis);
        RollingUpdate update = new RollingUpdate(replicas, poolSize, (name, d) -> ReplicaUnit.start(host, name, d),
                replicaConnections -> ConnectionLimit.watch(url, env.get("ISU4_DB_USER"), env.get("ISU4_DB_PASSWORD"),
                        previousMaxConnections), System.out::println, label, out);
        long deadline = System.nanoTime() + maxSeconds * 1_000_000_000L;
        // The answer a failure goes to: the phase's (none once the update is answered).
        String phase = STARTED;
        ObjectNode fault = fault();
        Fault.ServerSetting replicasUp = Fault.ServerSetting.NONE;
        try {
            replicasUp = update.beforeApp();
            answer(STARTED, null);
            phase = SERVING;
            await("serving", deadline);
            update.appServing(managementUrl);
            answer(SERVING, null);
            phase = UPDATE;
            long at = Long.parseLong(await("update", deadline).strip());
            Thread.sleep(Math.max(0, at - System.currentTimeMillis()));
            fault.put("beginEpochMillis", System.currentTimeMillis());
            fault.put("detail", update.apply(faultSeconds * 1_000L));
            fault.put("endEpochMillis", System.currentTimeMillis());
            write(UPDATE, fault);
            phase = null;
            await("stop", deadline);
            return 0;
        } catch (Exception e) {
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            if (UPDATE.equals(phase)) {
                write(UPDATE, fault.put("error", "the fault max-connections failed: " + why));
            } else if (phase != null) {
                answer(phase, why);
            }
            System.err.println("faults-replicas: " + why);
            return 1;
        } finally {
            replicasUp.close();
        }
    }

    /** The record of poolbench-fault: scenario, begin, end, detail, error. */
    private static ObjectNode fault() {
        ObjectNode n = Json.object();
        n.put("scenario", "max-connections");
        n.putNull("beginEpochMillis");
        n.putNull("endEpochMillis");
        n.putNull("detail");
        n.putNull("error");
        return n;
    }

    private void answer(String name, String error) throws IOException {
        ObjectNode n = Json.object();
        n.put("error", error);
        write(name, n);
    }

    /** The control file's text once it exists; {@code stop} (a failed run) or the deadline ends the wait. */
    private String await(String name, long deadline) throws IOException, InterruptedException {
        Path file = dir.resolve(name);
        while (!Files.exists(file)) {
            if (!name.equals("stop") && Files.exists(dir.resolve("stop"))) {
                throw new IllegalStateException("stopped (" + dir.resolve("stop") + ") before " + name);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no " + file + " within --max-seconds " + maxSeconds);
            }
            Thread.sleep(POLL_MILLIS);
        }
        return Files.readString(file);
    }

    /** Whole or not at all: the playbook waits for these files. */
    private void write(String name, ObjectNode node) throws IOException {
        Path tmp = dir.resolve(name + ".tmp");
        Json.write(tmp, node);
        Files.move(tmp, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * A systemd environment file's variables (NAME=VALUE a line, # comments), with the shell's
     * quotes the app role writes ({@code 'it'"'"'s'}) taken off.
     */
    static Map<String, String> readEnvironment(Path file) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            int eq = line.indexOf('=');
            if (line.isBlank() || line.strip().startsWith("#") || eq < 1) {
                continue;
            }
            StringBuilder value = new StringBuilder();
            String raw = line.substring(eq + 1).strip();
            for (int i = 0; i < raw.length(); i++) {
                char c = raw.charAt(i);
                if (c == '\'' || c == '"') {
                    int end = raw.indexOf(c, i + 1);
                    end = end < 0 ? raw.length() : end;
                    value.append(raw, i + 1, end);
                    i = end;
                } else if (c == '\\' && i + 1 < raw.length()) {
                    value.append(raw.charAt(++i));
                } else {
                    value.append(c);
                }
            }
            env.put(line.substring(0, eq).strip(), value.toString());
        }
        return env;
    }
}
