package dev.poolbench.bench.redis;

import dev.poolbench.bench.redis.client.ClientKind;
import dev.poolbench.bench.redis.client.Clients;
import dev.poolbench.bench.redis.server.RedisServerProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A whole run: its own redis-server (files under the output directory's {@code server/}), every
 * cell one after the other (thread mode, then threads, then client), then {@code cells.json},
 * {@code redis.txt}, {@code redis.md} and one chart per thread mode.
 */
final class LoopRun {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final RedisOptions.Settings settings;
    private final PrintStream out;

    LoopRun(RedisOptions.Settings settings, PrintStream out) {
        this.settings = settings;
        this.out = out;
    }

    int run() throws IOException, InterruptedException {
        Path dir = settings.out() != null ? settings.out()
                : settings.results().resolve(LocalDateTime.now().format(STAMP)).resolve("redis");
        Files.createDirectories(dir);
        RedisServerProcess.binary(); // the one-line "not found" before anything else
        List<CellResult> cells = new ArrayList<>();
        Map<String, Object> environment;
        try (RedisServerProcess server = RedisServerProcess.startIn(dir.resolve("server"));
                Clients clients = new Clients(server.host(), server.port(), settings.connectTimeout(),
                        settings.commandTimeout())) {
            environment = environment(server);
            out.printf(Locale.ROOT, "redis: %d cells against %s (%s), output in %s%n", settings.cells(), server,
                    environment.get("redisVersion"), dir);
            CellRunner runner = new CellRunner(server, clients, settings.connectTimeout(), settings.commandTimeout(),
                    settings.cellTimeout());
            warmUp(runner);
            for (ThreadMode mode : settings.modes()) {
                for (int threads : settings.threads()) {
                    for (ClientKind kind : settings.clients()) {
                        CellResult cell = runner.run(kind, mode, threads, settings.setsPerThread());
                        cells.add(cell);
                        out.println(LoopTable.progressLine(cell));
                    }
                }
            }
        }
        LoopOutput.write(dir, cells, environment, out);
        return 0;
    }

    /** Each client once on 10 platform threads, not recorded (a failure here shows in the cells). */
    private void warmUp(CellRunner runner) throws IOException, InterruptedException {
        if (settings.warmupSets() == 0) {
            return;
        }
        for (ClientKind kind : settings.clients()) {
            runner.run(kind, ThreadMode.PLATFORM, 10, settings.warmupSets());
        }
        out.printf(Locale.ROOT, "warm-up: %d SETs on 10 threads per client done%n", settings.warmupSets());
    }

    private Map<String, Object> environment(RedisServerProcess server) {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("redisVersion", server.version());
        env.put("redisServer", RedisServerProcess.binary().toString());
        env.put("java", Runtime.version().toString());
        env.put("javaVendor", System.getProperty("java.vendor"));
        env.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        env.put("lettuce", Clients.lettuceVersion());
        env.put("jedis", Clients.jedisVersion());
        env.put("commonsPool2", Clients.commonsPoolVersion());
        env.put("setsPerThread", settings.setsPerThread());
        env.put("warmupSets", settings.warmupSets());
        env.put("connectTimeoutSeconds", settings.connectTimeout().toSeconds());
        env.put("commandTimeoutSeconds", settings.commandTimeout().toSeconds());
        env.put("cellTimeoutSeconds", settings.cellTimeout().toSeconds());
        return env;
    }
}
