package dev.poolbench.bench.compare.monitoring;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One target of a file-based service discovery file: an address ({@code host:port}) and the
 * labels Prometheus adds to every series scraped from it.
 */
public record ScrapeTarget(String address, Map<String, String> labels) {

    public ScrapeTarget {
        Objects.requireNonNull(address, "address");
        labels = Map.copyOf(labels);
    }

    public static ScrapeTarget of(String address) {
        return new ScrapeTarget(address, Map.of());
    }

    /**
     * A run's app JVM: its management address and the labels the dashboard selects by.
     *
     * @param profile the pool profile, e.g. {@code hikari}
     * @param round the round, 1-based
     * @param run the run's name, its folder under {@code runs/} (e.g. {@code 2-hikari})
     * @param variant what else the run varies (pool size, thread mode, JDK, app build), or empty
     */
    public static ScrapeTarget app(String managementAddress, String profile, int round, String run, String variant) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("profile", profile);
        labels.put("round", String.valueOf(round));
        labels.put("run", run);
        labels.put("variant", variant == null ? "" : variant);
        return new ScrapeTarget(managementAddress, labels);
    }
}
