package dev.poolbench.bench.compare.machine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Facts about the machine and the runner JVM for environment.json. */
public final class HostFacts {

    private HostFacts() {
    }

    public static ObjectNode collect() {
        ObjectNode host = Json.object();
        host.put("hostname", command("hostname"));
        host.put("cores", Runtime.getRuntime().availableProcessors());
        host.put("cpuModel", cpuModel());
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            host.put("memoryBytes", os.getTotalMemorySize());
            host.put("freeMemoryBytesAtStart", os.getFreeMemorySize());
        }
        host.put("loadAverageAtStart", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        host.put("os", System.getProperty("os.name"));
        host.put("osVersion", command("uname", "-sr"));
        host.put("arch", System.getProperty("os.arch"));
        return host;
    }

    public static ObjectNode runnerJvm() {
        ObjectNode jvm = Json.object();
        jvm.put("version", System.getProperty("java.version"));
        jvm.put("vendor", System.getProperty("java.vendor"));
        jvm.put("vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        jvm.put("home", System.getProperty("java.home"));
        return jvm;
    }

    public static String gitCommit() {
        String commit = command("git", "rev-parse", "HEAD");
        if (commit == null) {
            return null;
        }
        String dirty = command("git", "status", "--porcelain", "--untracked-files=no");
        return dirty != null && !dirty.isBlank() ? commit + " (with local changes)" : commit;
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return null;
    }

    /** Output of a short command, or null when it fails. */
    static String command(String... command) {
        try {
            Process p = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return null;
            }
            return out;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
