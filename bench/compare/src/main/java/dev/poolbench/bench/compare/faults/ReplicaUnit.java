package dev.poolbench.bench.compare.faults;

import dev.poolbench.bench.compare.faultplan.ReplicaPlan;
import dev.poolbench.bench.compare.jvm.JvmOptionsTemplate;
import dev.poolbench.bench.compare.util.FreePort;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A max-connections replica on an app host ({@link ReplicasCommand}): a transient systemd service,
 * {@value #PREFIX}NAME, started as the app's unit starts the app (its user, directory, environment
 * file, java and jar), on free ports of its own, with the JVM options of the local replicas
 * (webapp/jvm.options: {@value ReplicaPlan#REPLICA_HEAP}, G1, its logs in its directory). Not
 * restarted when it exits; systemd stops it (SIGTERM, killed after 15 s).
 */
final class ReplicaUnit implements Replica.Jvm {

    static final String PREFIX = "poolbench-replica-";

    /** How the app host runs its app: ansible/roles/poolbench_app. */
    record Host(String java, Path webappJar, Path jvmOptionsTemplate, Path envFile, String user, Path workDir,
                int poolWaitMillis) {
    }

    private final String unit;
    private final long pid;

    private ReplicaUnit(String unit, long pid) {
        this.unit = unit;
        this.pid = pid;
    }

    static Replica start(Host h, String name, Path dir) throws IOException {
        String unit = PREFIX + name + ".service";
        int appPort = FreePort.next();
        int managementPort = FreePort.next();
        Files.createDirectories(dir);
        ownedBy(dir, h.user());
        Path ports = dir.resolve("ports.env");
        Files.writeString(ports, "SERVER_PORT=" + appPort + "\nPOOLBENCH_MANAGEMENT_PORT=" + managementPort + "\n");
        List<String> command = new ArrayList<>(List.of("systemd-run", "--quiet", "--unit=" + unit,
                "--property=User=" + h.user(), "--property=Group=" + h.user(),
                "--property=WorkingDirectory=" + h.workDir(), "--property=EnvironmentFile=" + h.envFile(),
                "--property=EnvironmentFile=" + ports.toAbsolutePath(),
                "--property=StandardOutput=truncate:" + dir.resolve("app.log").toAbsolutePath(),
                "--property=StandardError=inherit", "--property=SuccessExitStatus=143",
                "--property=TimeoutStopSec=15", "--", h.java()));
        command.addAll(JvmOptionsTemplate.render(h.jvmOptionsTemplate(), Map.of("heap", ReplicaPlan.REPLICA_HEAP,
                "gc", "G1", "log_dir", dir.toAbsolutePath().toString())));
        command.add("-jar");
        command.add(h.webappJar().toString());
        Files.writeString(dir.resolve("app-command.txt"), String.join(" ", command) + "\n"
                + Files.readString(ports));
        // A unit that failed in an earlier run stays loaded under its name.
        run(false, List.of("systemctl", "reset-failed", unit));
        run(true, command);
        String mainPid = run(true, List.of("systemctl", "show", "--property=MainPID", "--value", unit)).strip();
        return new Replica(name, new ReplicaUnit(unit, Long.parseLong(mainPid)),
                URI.create("http://127.0.0.1:" + managementPort), dir.resolve("app.log"),
                Replica.probeTimeout(h.poolWaitMillis()));
    }

    @Override
    public boolean isAlive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Once systemd has seen it go: an exit code, or 128 + the signal that killed it (as a child's). */
    @Override
    public int exitValue() {
        try {
            for (int i = 0; i < 50 && List.of("active", "deactivating").contains(show("ActiveState")); i++) {
                Thread.sleep(100);
            }
            int status = Integer.parseInt(show("ExecMainStatus"));
            // ExecMainCode: 1 exited, 2 killed, 3 dumped core (waitid's CLD_*).
            return "1".equals(show("ExecMainCode")) ? status : 128 + status;
        } catch (IOException | NumberFormatException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    @Override
    public void destroy() {
        quietly(List.of("systemctl", "stop", "--no-block", unit));
    }

    @Override
    public void stop() {
        quietly(List.of("systemctl", "stop", unit));
    }

    private String show(String property) throws IOException {
        return run(true, List.of("systemctl", "show", "--property=" + property, "--value", unit)).strip();
    }

    private static void quietly(List<String> command) {
        try {
            run(false, command);
        } catch (IOException e) {
            // systemd's journal says why; the playbook stops every replica after the run.
        }
    }

    /** Its output; a non-zero exit is an error when {@code checked}. */
    private static String run(boolean checked, List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not end within 60 s");
            }
            if (checked && p.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " exited " + p.exitValue() + ": " + out.strip());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", command), e);
        }
    }

    /** The replica's directory its user's: its JVM writes its GC log and any heap dump there. */
    private static void ownedBy(Path dir, String user) throws IOException {
        UserPrincipalLookupService lookup = dir.getFileSystem().getUserPrincipalLookupService();
        PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class);
        view.setOwner(lookup.lookupPrincipalByName(user));
        view.setGroup(lookup.lookupPrincipalByGroupName(user));
    }
}
