package dev.poolbench.bench.compare.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay in front of the database whose new connections, while {@link #slow} is on, wait
 * that long before the relay connects them to the database (so the server's greeting, and the
 * whole of connection creation, comes that much later); connections already open are relayed
 * as they are: the storm fault, locally in the runner and on hosts as {@code faults-relay} on
 * the app host (as Toxiproxy is there for the proxy faults). Not MariaDB's {@code init_connect}:
 * the server runs it after it has sent the handshake's OK, so the driver's connect returns at
 * once and the delay falls on the connection's first statement instead (and the embedded
 * MariaDB, without grant checks, skips it for everyone). Plain blocking sockets, a thread per
 * direction: a pool's few dozen connections.
 */
public final class SlowConnectRelay implements AutoCloseable {

    private final ServerSocket server;
    private final InetSocketAddress upstream;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile long delayMillis;
    private volatile boolean closed;
    private final AtomicInteger slowConnections = new AtomicInteger();
    private final AtomicLong shortestSlowMillis = new AtomicLong(Long.MAX_VALUE);

    private SlowConnectRelay(ServerSocket server, InetSocketAddress upstream) {
        this.server = server;
        this.upstream = upstream;
    }

    /** Listens on 127.0.0.1:{@code port} (0: a free one) and relays to 127.0.0.1:{@code upstreamPort}. */
    public static SlowConnectRelay start(int port, int upstreamPort) throws IOException {
        return start(port, new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort));
    }

    /** Listens on 127.0.0.1:{@code port} (0: a free one) and relays to {@code upstream}. */
    public static SlowConnectRelay start(int port, InetSocketAddress upstream) throws IOException {
        ServerSocket server = new ServerSocket(port, 200, InetAddress.getLoopbackAddress());
        SlowConnectRelay relay = new SlowConnectRelay(server, upstream);
        Thread accept = new Thread(relay::acceptLoop, "slow-connect-relay");
        accept.setDaemon(true);
        accept.start();
        return relay;
    }

    public int port() {
        return server.getLocalPort();
    }

    /** From now on every new connection waits {@code millis} (0: none) before it reaches the database. */
    public void slow(long millis) {
        delayMillis = millis;
    }

    /** Connections accepted while slow, and the shortest wait one of them had (ms; -1: none). */
    public String slowSummary() {
        return slowConnections() + " new connections held, the shortest for " + shortestSlowMillis() + " ms";
    }

    /** Connections accepted while slow since the last {@link #resetCounts}. */
    public int slowConnections() {
        return slowConnections.get();
    }

    /** The shortest wait of those (ms), or -1 when there was none. */
    public long shortestSlowMillis() {
        long shortest = shortestSlowMillis.get();
        return shortest == Long.MAX_VALUE ? -1 : shortest;
    }

    /** Counts from zero again (a new run). */
    public void resetCounts() {
        slowConnections.set(0);
        shortestSlowMillis.set(Long.MAX_VALUE);
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                Thread t = new Thread(() -> relay(client), "slow-connect-relay-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    private void relay(Socket client) {
        open.add(client);
        long delay = delayMillis;
        try (client; Socket db = new Socket()) {
            if (delay > 0) {
                long start = System.nanoTime();
                Thread.sleep(delay);
                long waited = (System.nanoTime() - start) / 1_000_000;
                slowConnections.incrementAndGet();
                shortestSlowMillis.accumulateAndGet(waited, Math::min);
            }
            open.add(db);
            db.connect(upstream, 5_000);
            client.setTcpNoDelay(true);
            db.setTcpNoDelay(true);
            Thread back = new Thread(() -> pump(db, client), "slow-connect-relay-down");
            back.setDaemon(true);
            back.start();
            pump(client, db);
            back.join();
        } catch (IOException e) {
            // The client or the database went away: both sides are closed below.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            open.remove(client);
        }
    }

    /** Copies until either side ends, then closes both, so the other direction ends too. */
    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16_384];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            // Closed: ends the relay of this connection.
        } finally {
            closeQuietly(from);
            closeQuietly(to);
            open.remove(to);
            open.remove(from);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // already closed
        }
        open.forEach(SlowConnectRelay::closeQuietly);
    }
}
