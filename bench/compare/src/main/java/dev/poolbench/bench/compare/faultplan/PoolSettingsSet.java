package dev.poolbench.bench.compare.faultplan;

import dev.poolbench.bench.compare.util.UsageException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --settings}: which settings a fault run's pool and driver have, a value of the run plan
 * ({@link FaultCase}). The app's {@code POOLBENCH_POOL_SETTINGS}: {@code shipped} is the profile's
 * equalized values and the app's JDBC URL (what poolbench ships; runs kept before this dimension
 * existed are these); {@code recommended} adds what a careful user sets so the pool fails fast
 * and recovers; {@code evict-read-only} adds to that each pool's way of leaving a server that went
 * read-only (an old primary left up: the fleet's demote), {@code keepalive} instead each pool's way of
 * keeping idle connections alive (a network that forgets idle flows: the fleet's idle-drop); all of it
 * in the app's {@code pool-recommended.properties} (docs/faults.md).
 */
public enum PoolSettingsSet {
    SHIPPED, RECOMMENDED, EVICT_READ_ONLY, KEEPALIVE;

    public static final String ENVIRONMENT = "POOLBENCH_POOL_SETTINGS";

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** {@code shipped, recommended, evict-read-only, keepalive}: the labels, for messages. */
    public static String labels() {
        return String.join(", ", java.util.Arrays.stream(values()).map(PoolSettingsSet::label).toList());
    }

    /** The value of a label, or null when there is none. */
    public static PoolSettingsSet of(String label) {
        for (PoolSettingsSet s : values()) {
            if (s.label().equals(label)) {
                return s;
            }
        }
        return null;
    }

    /** {@code shipped,recommended}: each once, in the order given. */
    static List<PoolSettingsSet> parseList(String text) throws UsageException {
        List<PoolSettingsSet> list = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            PoolSettingsSet s = of(part.trim());
            if (s == null) {
                throw new UsageException("--settings takes " + labels() + " (a comma list runs each), got '"
                        + part.trim() + "'");
            }
            if (list.contains(s)) {
                throw new UsageException("settings " + s.label() + " listed twice in --settings");
            }
            list.add(s);
        }
        return List.copyOf(list);
    }
}
