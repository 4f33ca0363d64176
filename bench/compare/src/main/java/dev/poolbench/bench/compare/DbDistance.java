package dev.poolbench.bench.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How far the database is from the app in a local comparison: one value for the whole
 * comparison, applied by one Toxiproxy in front of the embedded MariaDB (see {@link DbProxy})
 * and recorded in environment.json and every run record as {@code dbDistance}.
 *
 * <p>Latency is what one round trip (a statement and its answer) pays on top of loopback.
 * Toxiproxy's latency toxic counts whole milliseconds, so latency and jitter are whole
 * milliseconds; with jitter J it draws uniformly from MEAN-J .. MEAN+J-1 ms, so the average
 * it applies is MEAN - 0.5 ms ({@link #averageMicros()}).
 *
 * @param name                 preset name, or "custom" for --db-latency / --db-bandwidth
 * @param proxied              false for loopback: no proxy at all
 * @param latencyMicros        added to each round trip (0: the proxy hop alone)
 * @param jitterMicros         +- around the latency, at most the latency
 * @param bandwidthKbPerSecond per direction, KB = 1000 bytes; 0 = unlimited
 */
record DbDistance(String name, boolean proxied, long latencyMicros, long jitterMicros, long bandwidthKbPerSecond) {

    static final DbDistance LOOPBACK = new DbDistance("loopback", false, 0, 0, 0);

    /**
     * The presets. lan and cloud are whole milliseconds because Toxiproxy cannot delay by a
     * fraction of one (real LANs answer in 0.1-0.5 ms: these are the nearest it can apply).
     */
    static final Map<String, DbDistance> PRESETS = presets();

    /** The distance of {@code ./poolbench compare} without distance options: change it here only. */
    static final DbDistance DEFAULT = LOOPBACK;

    private static final Pattern DURATION = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(us|ms|s)");
    private static final Pattern BANDWIDTH = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(kbit|mbit|gbit|kb/s|mb/s|gb/s)");
    private static final Map<String, BigDecimal> KB_PER_SECOND_PER_UNIT = Map.of(
            "kbit", new BigDecimal("0.125"), "mbit", new BigDecimal("125"), "gbit", new BigDecimal("125000"),
            "kb/s", BigDecimal.ONE, "mb/s", new BigDecimal("1000"), "gb/s", new BigDecimal("1000000"));

    private static Map<String, DbDistance> presets() {
        Map<String, DbDistance> p = new LinkedHashMap<>();
        p.put("loopback", LOOPBACK);
        p.put("lan", new DbDistance("lan", true, 1_000, 0, 0));
        p.put("cloud", new DbDistance("cloud", true, 2_000, 1_000, 0));
        return java.util.Collections.unmodifiableMap(p);
    }

    /**
     * The distance from the three options (each may be null). A preset excludes --db-latency;
     * --db-bandwidth adds to a preset or stands alone (then the latency is the proxy hop alone).
     */
    static DbDistance parse(String preset, String latency, String bandwidth) throws UsageException {
        if (preset != null && latency != null) {
            throw new UsageException("give either --db-distance or --db-latency, not both (a preset is a latency)");
        }
        DbDistance base = DEFAULT;
        if (preset != null) {
            base = PRESETS.get(preset.toLowerCase(Locale.ROOT));
            if (base == null) {
                throw new UsageException("--db-distance must be one of " + String.join(", ", PRESETS.keySet())
                        + ", got '" + preset + "'");
            }
        } else if (latency != null || bandwidth != null) {
            base = new DbDistance("custom", true, 0, 0, 0);
        }
        if (latency != null) {
            String[] parts = latency.split(":", -1);
            if (parts.length > 2) {
                throw new UsageException("--db-latency must be MEAN[:JITTER] such as 1ms or 2ms:1ms, got '"
                        + latency + "'");
            }
            long mean = micros(parts[0], latency);
            long jitter = parts.length == 2 ? micros(parts[1], latency) : 0;
            if (jitter > mean) {
                throw new UsageException("--db-latency " + latency + ": the jitter must not exceed the mean "
                        + "(a round trip cannot take less than no time)");
            }
            base = new DbDistance("custom", true, mean, jitter, 0);
        }
        if (bandwidth != null) {
            if (!base.proxied()) {
                throw new UsageException("--db-bandwidth needs a proxy; --db-distance loopback has none");
            }
            base = new DbDistance(base.name(), true, base.latencyMicros(), base.jitterMicros(),
                    kbPerSecond(bandwidth));
        }
        return base;
    }

    /** The average delay Toxiproxy applies per round trip (see the class comment). */
    long averageMicros() {
        return jitterMicros > 0 ? latencyMicros - 500 : latencyMicros;
    }

    /** For run lines and the summary: "cloud: 2 ms +- 1 ms per round trip (average 1.5 ms)". */
    String label() {
        if (!proxied) {
            return name + " (no proxy)";
        }
        StringBuilder s = new StringBuilder(name).append(": ");
        s.append(latencyMicros == 0 ? "proxy hop only" : millis(latencyMicros) + " ms");
        if (jitterMicros > 0) {
            s.append(" +- ").append(millis(jitterMicros)).append(" ms (average ")
                    .append(millis(averageMicros())).append(" ms)");
        }
        if (latencyMicros > 0) {
            s.append(" per round trip");
        }
        if (bandwidthKbPerSecond > 0) {
            s.append(", ").append(bandwidthKbPerSecond).append(" KB/s each way");
        }
        return s.toString();
    }

    ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("name", name);
        n.put("proxied", proxied);
        n.put("latencyMicros", latencyMicros);
        n.put("jitterMicros", jitterMicros);
        n.put("averageLatencyMicros", averageMicros());
        n.put("bandwidthKbPerSecond", bandwidthKbPerSecond);
        n.put("label", label());
        if (proxied) {
            n.put("toxiproxyVersion", dev.poolbench.bench.compare.proxy.ToxiproxyBinary.VERSION);
        }
        return n;
    }

    private static long micros(String text, String whole) throws UsageException {
        if (text.trim().startsWith("-")) {
            throw new UsageException("--db-latency must not be negative, got '" + whole + "'");
        }
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UsageException("--db-latency must be MEAN[:JITTER] with units us, ms or s, such as 1ms, "
                    + "2ms:1ms or 1000us, got '" + whole + "'");
        }
        BigDecimal scale = switch (m.group(2)) {
            case "us" -> BigDecimal.ONE;
            case "ms" -> new BigDecimal(1_000);
            default -> new BigDecimal(1_000_000);
        };
        BigDecimal micros = new BigDecimal(m.group(1)).multiply(scale);
        if (micros.compareTo(new BigDecimal(10_000_000)) > 0) {
            throw new UsageException("--db-latency " + whole + " is not a sensible database distance (max 10s)");
        }
        if (micros.remainder(new BigDecimal(1_000)).signum() != 0) {
            throw new UsageException("--db-latency " + whole + ": Toxiproxy's latency toxic delays in whole "
                    + "milliseconds (" + text.trim() + " is not), so sub-millisecond distances cannot be "
                    + "applied; give 1ms, 2ms, ... (or 0ms for the proxy hop alone)");
        }
        return micros.longValueExact();
    }

    private static long kbPerSecond(String text) throws UsageException {
        Matcher m = BANDWIDTH.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UsageException("--db-bandwidth must be a rate such as 100mbit, 1gbit or 10MB/s "
                    + "(decimal units: 1 mbit = 125 KB/s), got '" + text + "'");
        }
        BigDecimal kb = new BigDecimal(m.group(1)).multiply(KB_PER_SECOND_PER_UNIT.get(m.group(2)));
        if (kb.compareTo(BigDecimal.ONE) < 0) {
            throw new UsageException("--db-bandwidth " + text + " is below 1 KB/s, the smallest rate Toxiproxy "
                    + "applies");
        }
        return kb.setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
    }

    private static String millis(long micros) {
        return new BigDecimal(micros).movePointLeft(3).stripTrailingZeros().toPlainString();
    }
}
