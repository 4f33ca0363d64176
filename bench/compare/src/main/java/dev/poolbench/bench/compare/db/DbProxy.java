package dev.poolbench.bench.compare.db;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.proxy.Proxy;
import dev.poolbench.bench.compare.proxy.Toxiproxy;
import dev.poolbench.bench.compare.proxy.ToxiproxyBinary;
import dev.poolbench.bench.compare.util.FreePort;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The database distance of a local comparison: one Toxiproxy server for the whole comparison
 * and one proxy in front of the embedded MariaDB. Only the app JVM goes through it; the
 * database reset between runs connects directly, so it costs no extra time.
 */
public final class DbProxy implements AutoCloseable {

    private final Toxiproxy server;
    private final Proxy proxy;
    private final Path binary;

    private DbProxy(Toxiproxy server, Proxy proxy, Path binary) {
        this.server = server;
        this.proxy = proxy;
        this.binary = binary;
    }

    /** Starts the proxy for {@code distance} (which must be proxied) in front of 127.0.0.1:dbPort. */
    public static DbProxy start(DbDistance distance, int dbPort, Path log, Consumer<String> out)
            throws IOException, InterruptedException {
        Path binary = ToxiproxyBinary.locate(out);
        Toxiproxy server = Toxiproxy.start(binary, FreePort.next(), log);
        try {
            Proxy proxy = server.createProxy("mariadb", 0, "127.0.0.1", dbPort);
            if (distance.latencyMicros() > 0) {
                proxy.latency(distance.toxicLatencyMillis() * 1_000, distance.toxicJitterMillis() * 1_000);
            }
            if (distance.bandwidthKbPerSecond() > 0) {
                proxy.bandwidth(distance.bandwidthKbPerSecond());
            }
            out.accept("database distance: " + distance.label() + "; Toxiproxy (pid " + server.pid() + ") on port "
                    + proxy.listenPort() + " in front of port " + dbPort + " (log " + log + ")");
            return new DbProxy(server, proxy, binary);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** The port the app connects to instead of the database's. */
    public int port() {
        return proxy.listenPort();
    }

    public double cpuSeconds() {
        return server.cpuSeconds();
    }

    public long pid() {
        return server.pid();
    }

    /** What environment.json records about the proxy process. */
    ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("binary", binary.toString());
        n.put("pid", server.pid());
        n.put("listenPort", proxy.listenPort());
        n.put("api", server.api().toString());
        return n;
    }

    @Override
    public void close() {
        server.close();
    }

}
