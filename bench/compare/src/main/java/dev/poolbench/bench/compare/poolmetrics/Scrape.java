package dev.poolbench.bench.compare.poolmetrics;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One scrape of {@code /actuator/prometheus}, reduced to what the pool figures need.
 * Missing series are NaN (for example every {@code poolbench_pool_*} series when the app runs
 * with {@code POOLBENCH_POOL_METRICS=off}).
 *
 * @param seconds time since the sampler started
 */
record Scrape(double seconds, String pool, String wrapper, String source,
              double active, double idle, double pending, double max,
              double createdTotal, double timeoutsTotal,
              Histogram acquire, double acquireMaxSeconds,
              Histogram hold, double holdMaxSeconds,
              double liveThreads, double processCpu) {

    static final String PREFIX = "poolbench_pool_";
    static final List<String> PREFIXES = List.of(PREFIX, "jvm_threads_live_threads", "process_cpu_usage");

    static Scrape of(double seconds, String text) {
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
        double acquireMax = Double.NaN;
        double holdMax = Double.NaN;
        double threads = Double.NaN;
        double cpu = Double.NaN;
        HistogramBuilder acquire = new HistogramBuilder();
        HistogramBuilder hold = new HistogramBuilder();
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
                case "poolbench_pool_acquire_seconds_bucket" -> acquire.bucket(s);
                case "poolbench_pool_acquire_seconds_count" -> acquire.count = s.value();
                case "poolbench_pool_acquire_seconds_sum" -> acquire.sum = s.value();
                case "poolbench_pool_acquire_seconds_max" -> acquireMax = s.value();
                case "poolbench_pool_hold_seconds_bucket" -> hold.bucket(s);
                case "poolbench_pool_hold_seconds_count" -> hold.count = s.value();
                case "poolbench_pool_hold_seconds_sum" -> hold.sum = s.value();
                case "poolbench_pool_hold_seconds_max" -> holdMax = s.value();
                case "jvm_threads_live_threads" -> threads = s.value();
                case "process_cpu_usage" -> cpu = s.value();
                default -> {
                }
            }
            if (pool == null && s.name().startsWith(PREFIX)) {
                pool = s.label("pool");
            }
        }
        return new Scrape(seconds, pool, wrapper, source, active, idle, pending, max, created, timeouts,
                acquire.build(), acquireMax, hold.build(), holdMax, threads, cpu);
    }

    private static final class HistogramBuilder {
        final Map<Double, Double> buckets = new TreeMap<>();
        double count;
        double sum;

        void bucket(PrometheusText.Sample s) {
            String le = s.label("le");
            if (le != null) {
                buckets.put(PrometheusText.parseValue(le), s.value());
            }
        }

        Histogram build() {
            if (buckets.isEmpty()) {
                return Histogram.EMPTY;
            }
            double[] bounds = new double[buckets.size()];
            double[] counts = new double[buckets.size()];
            int i = 0;
            for (Map.Entry<Double, Double> e : buckets.entrySet()) {
                bounds[i] = e.getKey();
                counts[i] = e.getValue();
                i++;
            }
            return new Histogram(bounds, counts, count, sum);
        }
    }
}
