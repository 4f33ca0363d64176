package dev.poolbench.bench.compare.poolmetrics;

import java.util.List;

/**
 * One scrape's figures of the app's Redis session store (docs/pool-metrics.md, "Redis session
 * store"): Lettuce's open connections, the commons-pool2 pool's gauges (pooled mode; NaN shared)
 * and the command completion timer summed over every command. Null when the app publishes none
 * of them (the memory store).
 *
 * @param commands       {@code lettuce_command_completion_seconds_count}, all commands, since the app started
 * @param commandSeconds {@code lettuce_command_completion_seconds_sum}, the same
 */
record RedisSample(double connections, double active, double idle, double waiters, double commands,
                   double commandSeconds) {

    static final List<String> PREFIXES = List.of("poolbench_redis_connections", "commons_pool2_num_",
            "lettuce_command_completion_seconds_");
    /** The JMX name prefix of the app's Lettuce pool (other commons-pool2 pools are not the session's). */
    private static final String POOL_NAME = "lettuce";

    static RedisSample of(List<PrometheusText.Sample> samples) {
        boolean any = false;
        double connections = Double.NaN;
        double active = Double.NaN;
        double idle = Double.NaN;
        double waiters = Double.NaN;
        double commands = Double.NaN;
        double seconds = Double.NaN;
        for (PrometheusText.Sample s : samples) {
            boolean lettucePool = s.name().startsWith("commons_pool2_") && lettucePool(s);
            switch (s.name()) {
                case "poolbench_redis_connections" -> connections = s.value();
                case "commons_pool2_num_active_objects" -> active = lettucePool ? s.value() : active;
                case "commons_pool2_num_idle_objects" -> idle = lettucePool ? s.value() : idle;
                case "commons_pool2_num_waiters_threads" -> waiters = lettucePool ? s.value() : waiters;
                case "lettuce_command_completion_seconds_count" -> commands = plus(commands, s.value());
                case "lettuce_command_completion_seconds_sum" -> seconds = plus(seconds, s.value());
                default -> {
                    continue;
                }
            }
            any |= !s.name().startsWith("commons_pool2_") || lettucePool;
        }
        return any ? new RedisSample(connections, active, idle, waiters, commands, seconds) : null;
    }

    private static boolean lettucePool(PrometheusText.Sample s) {
        String name = s.label("name");
        return name != null && name.startsWith(POOL_NAME);
    }

    private static double plus(double sum, double value) {
        return Double.isNaN(sum) ? value : sum + value;
    }
}
