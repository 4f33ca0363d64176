package dev.poolbench.bench.compare.poolmetrics;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One scrape of {@code /actuator/prometheus} and {@code /actuator/poolhistograms}, reduced to
 * what the pool figures need. Missing series are NaN (for example every {@code poolbench_pool_*}
 * series when the app runs with {@code POOLBENCH_POOL_METRICS=off}); missing histograms null.
 *
 * @param seconds time since the sampler started
 * @param acquire acquire times since the app started (ns), null when the app published none
 * @param hold    hold times since the app started (ns), null when the app published none
 * @param redis   the Redis session store's series, null when the app published none (memory store)
 * @param occupancy the time at each in-use count since the app started, null when the app published none
 */
record Scrape(double seconds, String pool, String wrapper, String source,
              double active, double idle, double pending, double max,
              double createdTotal, double timeoutsTotal,
              Histogram acquire, Histogram hold,
              double liveThreads, double processCpu, RedisSample redis, InUseOccupancy occupancy) {

    static final String PREFIX = "poolbench_pool_";
    static final List<String> PREFIXES = java.util.stream.Stream.concat(
            java.util.stream.Stream.of(PREFIX, "jvm_threads_live_threads", "process_cpu_usage"),
            RedisSample.PREFIXES.stream()).toList();

    /** @param histograms the body of {@code /actuator/poolhistograms}, null when not read */
    static Scrape of(double seconds, String text, JsonNode histograms) {
        List<PrometheusText.Sample> samples = PrometheusText.parse(text, PREFIXES);
        String pool = null;
        String wrapper = null;
        String source = null;
        double active = Double.NaN;
        double idle = Double.NaN;
        double pending = Double.NaN;
        double max = Double.NaN;
        double created = Double.NaN;
        double timeouts = Double.NaN;
        double threads = Double.NaN;
        double cpu = Double.NaN;
        for (PrometheusText.Sample s : samples) {
            switch (s.name()) {
                case "poolbench_pool_info" -> {
                    pool = s.label("pool");
                    wrapper = s.label("wrapper");
                    source = s.label("source");
                }
                case "poolbench_pool_active" -> active = s.value();
                case "poolbench_pool_idle" -> idle = s.value();
                case "poolbench_pool_pending" -> pending = s.value();
                case "poolbench_pool_max" -> max = s.value();
                case "poolbench_pool_connections_opened_total" -> created = s.value();
                case "poolbench_pool_acquire_timeouts_total" -> timeouts = s.value();
                case "jvm_threads_live_threads" -> threads = s.value();
                case "process_cpu_usage" -> cpu = s.value();
                default -> {
                }
            }
            if (pool == null && s.name().startsWith(PREFIX)) {
                pool = s.label("pool");
            }
        }
        Histogram acquire = histograms == null ? null : PoolHistograms.decode(histograms.get("acquire"));
        Histogram hold = histograms == null ? null : PoolHistograms.decode(histograms.get("hold"));
        return new Scrape(seconds, pool, wrapper, source, active, idle, pending, max, created, timeouts,
                acquire, hold, threads, cpu, RedisSample.of(samples), InUseOccupancy.of(histograms));
    }
}
