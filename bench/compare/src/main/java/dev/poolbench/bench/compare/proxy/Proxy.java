package dev.poolbench.bench.compare.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * One proxy of a {@link Toxiproxy} server and the few conditions poolbench puts on it. Each
 * condition is a named toxic, so setting it again replaces it and {@link #removeAllToxics()}
 * returns the proxy to a plain pipe.
 *
 * <p>What a round trip costs: {@link #latency} puts Toxiproxy's {@code latency} toxic on the
 * {@code downstream} stream only (database → app). Toxiproxy holds each chunk until its arrival
 * time plus the delay, so a statement and its answer (one round trip) pay the delay exactly once;
 * a multi-chunk answer pays it once too (the chunks travel in a pipeline). A new connection's
 * handshake pays it once per server message (greeting, auth result).
 */
public final class Proxy {

    static final String LATENCY = "poolbench_latency";
    static final String BANDWIDTH_UP = "poolbench_bandwidth_up";
    static final String BANDWIDTH_DOWN = "poolbench_bandwidth_down";
    static final String BLACKHOLE_UP = "poolbench_blackhole_up";
    static final String BLACKHOLE_DOWN = "poolbench_blackhole_down";

    private final Toxiproxy server;
    private final String name;
    private final int listenPort;

    Proxy(Toxiproxy server, String name, int listenPort) {
        this.server = server;
        this.name = name;
        this.listenPort = listenPort;
    }

    public String name() {
        return name;
    }

    /** The port the proxy listens on, at 127.0.0.1. */
    public int listenPort() {
        return listenPort;
    }

    /**
     * Adds {@code meanMicros} (+- {@code jitterMicros}) to every round trip through the proxy.
     * Toxiproxy's latency toxic counts in whole milliseconds (v2.12.0: {@code int64} ms), so both
     * values must be whole milliseconds; see {@link #requireWholeMillis}. With jitter J &gt; 0
     * Toxiproxy draws the delay uniformly from the whole milliseconds MEAN-J .. MEAN+J-1
     * ({@code rand.Int63n(2J) - J}), so the average delay is then MEAN - 0.5 ms.
     */
    public void latency(long meanMicros, long jitterMicros) throws IOException {
        requireWholeMillis("latency", meanMicros);
        requireWholeMillis("jitter", jitterMicros);
        if (meanMicros < 1_000 || jitterMicros > meanMicros) {
            throw new IllegalArgumentException("latency must be >= 1 ms with 0 <= jitter <= latency, got "
                    + meanMicros + " us +- " + jitterMicros + " us");
        }
        ObjectNode attributes = Toxiproxy.JSON.createObjectNode();
        attributes.put("latency", meanMicros / 1_000);
        attributes.put("jitter", jitterMicros / 1_000);
        replaceToxic(LATENCY, "latency", "downstream", attributes);
    }

    /**
     * Limits each direction to {@code kbPerSecond} (Toxiproxy's {@code bandwidth} toxic, whose
     * rate is in KB/s, KB = 1000 bytes) like a full-duplex link of that speed.
     */
    public void bandwidth(long kbPerSecond) throws IOException {
        if (kbPerSecond < 1) {
            throw new IllegalArgumentException("bandwidth must be >= 1 KB/s, got " + kbPerSecond);
        }
        ObjectNode attributes = Toxiproxy.JSON.createObjectNode();
        attributes.put("rate", kbPerSecond);
        replaceToxic(BANDWIDTH_UP, "bandwidth", "upstream", attributes);
        replaceToxic(BANDWIDTH_DOWN, "bandwidth", "downstream", attributes.deepCopy());
    }

    /** New connections are refused and open ones are closed (the database host is unreachable). */
    public void disable() throws IOException {
        setEnabled(false);
    }

    /** Listens again after {@link #disable()}; the toxics stay as they were. */
    public void enable() throws IOException {
        setEnabled(true);
    }

    /**
     * Data stops in both directions and no connection is closed or reset (the database hangs,
     * or a firewall drops packets): Toxiproxy's {@code timeout} toxic with timeout 0. New
     * connections are accepted but never answered.
     */
    public void blackhole() throws IOException {
        ObjectNode attributes = Toxiproxy.JSON.createObjectNode();
        attributes.put("timeout", 0);
        replaceToxic(BLACKHOLE_UP, "timeout", "upstream", attributes);
        replaceToxic(BLACKHOLE_DOWN, "timeout", "downstream", attributes.deepCopy());
    }

    /**
     * Ends {@link #blackhole()}; the other toxics stay. Toxiproxy dropped the data sent into
     * the black hole (it is not delivered late) and closes the connections that were held in
     * it when the toxic goes: like a peer that timed out during a network partition. New
     * connections work at once.
     */
    public void clearBlackhole() throws IOException {
        removeToxic(BLACKHOLE_UP);
        removeToxic(BLACKHOLE_DOWN);
    }

    /** Every toxic off: a plain pipe again (enabled or not stays as it is). */
    public void removeAllToxics() throws IOException {
        JsonNode toxics = server.call("GET", "/proxies/" + name + "/toxics", null);
        for (JsonNode toxic : toxics) {
            removeToxic(toxic.path("name").asText());
        }
    }

    /**
     * Fails unless {@code micros} is a whole number of milliseconds, naming the reason: the
     * latency toxic cannot delay by a fraction of a millisecond.
     */
    public static void requireWholeMillis(String what, long micros) {
        if (micros < 0 || micros % 1_000 != 0) {
            throw new IllegalArgumentException(what + " " + micros + " us is not a whole number of "
                    + "milliseconds: Toxiproxy's latency toxic delays in whole milliseconds");
        }
    }

    private void setEnabled(boolean enabled) throws IOException {
        ObjectNode body = Toxiproxy.JSON.createObjectNode();
        body.put("enabled", enabled);
        server.call("POST", "/proxies/" + name, body);
    }

    private void replaceToxic(String toxic, String type, String stream, ObjectNode attributes) throws IOException {
        removeToxic(toxic);
        ObjectNode body = Toxiproxy.JSON.createObjectNode();
        body.put("name", toxic);
        body.put("type", type);
        body.put("stream", stream);
        body.put("toxicity", 1.0);
        body.set("attributes", attributes);
        server.call("POST", "/proxies/" + name + "/toxics", body);
    }

    private void removeToxic(String toxic) throws IOException {
        try {
            server.call("DELETE", "/proxies/" + name + "/toxics/" + toxic, null);
        } catch (ToxiproxyException e) {
            if (!e.getMessage().contains("HTTP 404")) {
                throw e;
            }
        }
    }
}
