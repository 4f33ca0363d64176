package dev.poolbench.bench.compare.faults;

import dev.poolbench.bench.compare.db.LocalDatabase;
import dev.poolbench.bench.compare.faultplan.FaultCase;
import dev.poolbench.bench.compare.faultplan.FaultOptions;
import dev.poolbench.bench.compare.faultplan.PoolSettingsSet;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.jvm.JvmOptionsTemplate;
import dev.poolbench.bench.compare.monitoring.ComparisonMonitoring;
import dev.poolbench.bench.compare.run.RunJvms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An app JVM of a fault run on the run's pool profile, session store and settings: the run's own
 * app, and max-connections' other replicas ({@link RollingUpdate}), which differ only in ports,
 * heap and directory. Its command and environment go to {@code app-command.txt}, its output to
 * {@code app.log}, in {@code dir}.
 */
final class FaultApp {

    private FaultApp() {
    }

    static Process start(FaultRun.Setup s, FaultCase planned, int appPort, int managementPort, String heap, Path dir)
            throws IOException {
        FaultOptions o = s.options();
        Scenario scenario = planned.scenario();
        List<String> command = new ArrayList<>();
        command.add(s.java());
        command.addAll(JvmOptionsTemplate.render(Path.of("webapp", "jvm.options"),
                Map.of("heap", heap, "gc", "G1", "log_dir", dir.toAbsolutePath().toString())));
        command.add("-jar");
        command.add(s.webappJar().toString());
        command.add("--spring.profiles.active=" + planned.profile());
        Map<String, String> env = new LinkedHashMap<>();
        env.put("ISU4_DB_HOST", "127.0.0.1");
        // Through the proxy for the proxy faults; straight to the server for a restart, so
        // refused connections come from the real server's port.
        env.put("ISU4_DB_PORT", String.valueOf(scenario.throughProxy() ? s.proxyPort()
                : scenario.storm() ? s.relayPort() : s.database().port()));
        env.put("ISU4_DB_USER", s.database().user());
        env.put("ISU4_DB_PASSWORD", s.database().password());
        env.put("ISU4_DB_NAME", LocalDatabase.DATABASE);
        env.put("POOLBENCH_DATABASE", o.database);
        env.put("POOLBENCH_POOL_MODE", "equalized");
        // A storm's pool may grow (the same minimum and maximum for every pool); the others are
        // fixed: minimum idle = size, so each max-connections replica holds --pool-size.
        env.put("POOLBENCH_POOL_SIZE", String.valueOf(scenario.storm() ? o.stormPoolSize : o.poolSize));
        if (scenario.storm()) {
            env.put("POOLBENCH_POOL_MIN_IDLE", String.valueOf(o.stormMinIdle));
        }
        env.put("POOLBENCH_POOL_WAIT_MILLIS", String.valueOf(o.poolWaitMillis));
        env.put(PoolSettingsSet.ENVIRONMENT, planned.settings().label());
        env.putAll(RunJvms.sessionEnvironment(planned.session(), o.redisPoolSize, s.redis()));
        env.put("SERVER_PORT", String.valueOf(appPort));
        env.put("POOLBENCH_MANAGEMENT_PORT", String.valueOf(managementPort));
        if (s.monitoring() != null) {
            env.putAll(ComparisonMonitoring.APP_ENVIRONMENT);
        }
        StringBuilder record = new StringBuilder(String.join(" ", command)).append('\n');
        env.forEach((k, v) -> record.append(k).append('=').append(v).append('\n'));
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("app-command.txt"), record);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("app.log").toFile());
        builder.environment().putAll(env);
        return builder.start();
    }
}
