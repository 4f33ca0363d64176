package dev.poolbench.bench.redis;

import dev.poolbench.bench.redis.server.RedisServerProcess;
import dev.poolbench.cli.Cli;
import picocli.CommandLine;

/**
 * {@code ./poolbench redis}: runs the Redis client loop and writes the table and the charts.
 * Exit status 0 done (cells that timed out or failed to connect are results, not failures),
 * 2 usage or setup error (a bad option, no redis-server).
 */
public final class RedisMain {

    private RedisMain() {
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(run(args));
    }

    static int run(String... args) {
        CommandLine commandLine = Cli.commandLine(new RedisOptions());
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
            // One line for what the user can fix: no server binary, a server that would not start.
            String message = e instanceof RedisServerProcess.RedisServerNotFound ? e.getMessage()
                    : e.getClass().getSimpleName() + ": " + e.getMessage();
            System.err.println("poolbench redis: " + message);
            return Cli.EXIT_USAGE;
        });
        return Cli.execute(commandLine, System.out, System.err, args);
    }
}
