package dev.poolbench.bench.compare.db;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
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
 * <p>Latency is what one round trip (a statement and its answer) pays on average on top of the
 * proxy hop. Toxiproxy's latency toxic counts whole milliseconds: it delays each reply by a
 * whole number of milliseconds drawn uniformly from L-J .. L+J-1 (attributes latency L and
 * jitter J), so its average is L, or L - 0.5 ms with a jitter. That makes every multiple of
 * 0.5 ms reachable: 0.5 ms is L = 1, J = 1 (each reply waits 0 or 1 ms), 1.5 ms with 1 ms jitter
 * is L = 2, J = 1, 2 ms is L = 2, J = 0. Other averages are refused with that reason
 * ({@link #toxicLatencyMillis()}, {@link #toxicJitterMillis()}).
 *
 * @param name                 preset name, or "custom" for --db-latency / --db-bandwidth
 * @param proxied              false for loopback: no proxy at all
 * @param latencyMicros        average added to each round trip (0: the proxy hop alone)
 * @param jitterMicros         Toxiproxy's jitter (whole ms); a half-millisecond average gets 1 ms
 * @param bandwidthKbPerSecond per direction, KB = 1000 bytes; 0 = unlimited
 */
public record DbDistance(String name, boolean proxied, long latencyMicros, long jitterMicros, long bandwidthKbPerSecond) {

    static final DbDistance LOOPBACK = new DbDistance("loopback", false, 0, 0, 0);

    /**
     * The presets. lan is the proxy hop alone: a Go process and two more loopback sockets in the
     * path cost about a tenth of a millisecond per round trip (see bench/README.md), which is
     * the LAN's order and below Toxiproxy's 1 ms granularity. cloud is 0.5 ms on average (each
     * reply waits 0 or 1 ms): the same zone of a cloud region.
     */
    static final Map<String, DbDistance> PRESETS = presets();

    /** The distance of {@code ./poolbench compare} without distance options: change it here only. */
    public static final String DEFAULT_NAME = "loopback";
    public static final DbDistance DEFAULT = PRESETS.get(DEFAULT_NAME);

    private static final Pattern DURATION = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(us|ms|s)");
    private static final Pattern BANDWIDTH = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(kbit|mbit|gbit|kb/s|mb/s|gb/s)");
    private static final Map<String, BigDecimal> KB_PER_SECOND_PER_UNIT = Map.of(
            "kbit", new BigDecimal("0.125"), "mbit", new BigDecimal("125"), "gbit", new BigDecimal("125000"),
            "kb/s", BigDecimal.ONE, "mb/s", new BigDecimal("1000"), "gb/s", new BigDecimal("1000000"));

    private static Map<String, DbDistance> presets() {
        Map<String, DbDistance> p = new LinkedHashMap<>();
        p.put("loopback", LOOPBACK);
        p.put("lan", new DbDistance("lan", true, 0, 0, 0));
        p.put("cloud", new DbDistance("cloud", true, 500, 1_000, 0));
        return java.util.Collections.unmodifiableMap(p);
    }

    /**
     * The distance from the three options (each may be null). A preset excludes --db-latency;
     * --db-bandwidth adds to a preset or stands alone (then the latency is the proxy hop alone).
     */
    public static DbDistance parse(String preset, String latency, String bandwidth) throws UsageException {
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
            base = new DbDistance("custom", true, mean, toxicJitter(mean, jitter, latency), 0);
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

    /**
     * The jitter Toxiproxy needs for this average: none for whole milliseconds, 1 ms (or the one
     * asked for) for a half millisecond, since its draws from L-J .. L+J-1 average L - 0.5 ms.
     */
    private static long toxicJitter(long mean, long jitter, String option) throws UsageException {
        if (mean % 500 != 0) {
            throw new UsageException("--db-latency " + option + ": Toxiproxy delays replies by whole milliseconds, "
                    + "so only averages in steps of 0.5 ms can be applied (0.5 ms = each reply waits 0 or 1 ms); "
                    + "give 0.5ms, 1ms, 1.5ms, ... (or 0ms for the proxy hop alone)");
        }
        if (jitter % 1_000 != 0) {
            throw new UsageException("--db-latency " + option + ": the jitter must be whole milliseconds "
                    + "(Toxiproxy's granularity), such as 1.5ms:1ms");
        }
        boolean half = mean % 1_000 != 0;
        if (jitter > 0 && !half) {
            throw new UsageException("--db-latency " + option + ": with a jitter Toxiproxy's average falls on a "
                    + "half millisecond (it draws whole ms from L-J to L+J-1, average L - 0.5 ms); ask for "
                    + (mean / 1_000 + 0.5) + "ms:" + jitter / 1_000 + "ms or " + mean / 1_000 + "ms without jitter");
        }
        long applied = half && jitter == 0 ? 1_000 : jitter;
        if (applied > mean + 500) {
            throw new UsageException("--db-latency " + option + ": the jitter must not exceed the mean "
                    + "(a round trip cannot take less than no time)");
        }
        return applied;
    }

    /** Toxiproxy's {@code latency} attribute: the average, rounded up to whole milliseconds. */
    long toxicLatencyMillis() {
        return (latencyMicros + 500) / 1_000;
    }

    /** Toxiproxy's {@code jitter} attribute. */
    long toxicJitterMillis() {
        return jitterMicros / 1_000;
    }

    /** The average delay per round trip (the latency component, kept for the records' wording). */
    long averageMicros() {
        return latencyMicros;
    }

    /** For run lines and the summary: "cloud: 2 ms +- 1 ms per round trip (average 1.5 ms)". */
    String label() {
        if (!proxied) {
            return name + " (no proxy)";
        }
        StringBuilder s = new StringBuilder(name).append(": ");
        s.append(latencyMicros == 0 ? "proxy hop only" : millis(latencyMicros) + " ms average per round trip");
        if (jitterMicros > 0) {
            long low = toxicLatencyMillis() - toxicJitterMillis();
            long high = toxicLatencyMillis() + toxicJitterMillis() - 1;
            s.append(" (each reply waits ").append(low == high - 1 ? low + " or " + high : low + " to " + high)
                    .append(" ms)");
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
        n.put("toxicLatencyMillis", toxicLatencyMillis());
        n.put("toxicJitterMillis", toxicJitterMillis());
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
        if (micros.remainder(BigDecimal.ONE).signum() != 0) {
            throw new UsageException("--db-latency " + whole + " is finer than a microsecond");
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
