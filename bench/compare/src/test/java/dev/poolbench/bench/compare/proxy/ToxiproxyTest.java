package dev.poolbench.bench.compare.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real toxiproxy-server (located or built like a comparison does) in front of a TCP echo server. */
class ToxiproxyTest {

    private static final AtomicInteger NAMES = new AtomicInteger();
    @TempDir
    static Path temp;
    private static Toxiproxy toxiproxy;
    private static EchoServer echo;

    @BeforeAll
    static void start() throws Exception {
        Path binary;
        try {
            binary = ToxiproxyBinary.locate(System.out::println);
        } catch (IllegalStateException e) {
            Assumptions.assumeTrue(ToxiproxyBinary.onPath("go") != null,
                    "SKIPPED: no toxiproxy-server binary and no Go to build one: " + e.getMessage());
            throw e;
        }
        toxiproxy = Toxiproxy.start(binary, freePort(), temp.resolve("toxiproxy.log"));
        echo = new EchoServer();
    }

    @AfterAll
    static void stop() throws IOException {
        if (toxiproxy != null) {
            toxiproxy.close();
        }
        if (echo != null) {
            echo.close();
        }
    }

    @Test
    void latencyDelaysEachRoundTripOnce() throws Exception {
        Proxy proxy = newProxy();
        try (Socket s = connect(proxy)) {
            long plainNanos = roundTrip(s);
            proxy.latency(200_000, 0);
            long delayedNanos = roundTrip(s);
            assertTrue(delayedNanos >= 200_000_000L, "round trip with 200 ms latency took "
                    + delayedNanos / 1_000_000 + " ms");
            // Downstream only: one round trip pays the delay once, not twice.
            assertTrue(delayedNanos < 390_000_000L, "round trip paid the latency twice: "
                    + delayedNanos / 1_000_000 + " ms (plain: " + plainNanos / 1_000_000 + " ms)");
            proxy.removeAllToxics();
            assertTrue(roundTrip(s) < 200_000_000L, "latency still there after removeAllToxics");
        }
    }

    @Test
    void latencyInFractionsOfAMillisecondIsRefused() throws Exception {
        Proxy proxy = newProxy();
        var e = assertThrows(IllegalArgumentException.class, () -> proxy.latency(500, 0));
        assertTrue(e.getMessage().contains("whole milliseconds"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> proxy.latency(1_000, 2_000));
    }

    @Test
    void disableRefusesAndClosesThenEnableRestores() throws Exception {
        Proxy proxy = newProxy();
        try (Socket open = connect(proxy)) {
            roundTrip(open);
            proxy.disable();
            open.setSoTimeout(5_000);
            assertEquals(-1, readOrEnd(open), "an open connection must be closed by disable()");
            assertThrows(ConnectException.class, () -> connect(proxy).close());
        }
        proxy.enable();
        try (Socket s = connect(proxy)) {
            roundTrip(s);
        }
    }

    @Test
    void blackholeStallsReadsWithoutClosingAndClearingItDropsHeldConnections() throws Exception {
        Proxy proxy = newProxy();
        try (Socket s = connect(proxy)) {
            roundTrip(s);
            proxy.blackhole();
            s.setSoTimeout(700);
            s.getOutputStream().write('x');
            s.getOutputStream().flush();
            assertThrows(SocketTimeoutException.class, () -> s.getInputStream().read(),
                    "a read through a black hole must stall, not end or fail");
            assertTrue(!s.isClosed() && s.isConnected());
            proxy.clearBlackhole();
            // Toxiproxy closes the connections that went through the removed timeout toxic;
            // the byte sent into the black hole is gone, not delivered late.
            s.setSoTimeout(5_000);
            assertEquals(-1, readOrEnd(s), "a connection held by the black hole must be closed when it clears");
        }
        try (Socket s = connect(proxy)) {
            roundTrip(s);
        }
    }

    @Test
    void apiErrorsAreClear() throws Exception {
        Proxy proxy = newProxy();
        var e = assertThrows(ToxiproxyException.class,
                () -> toxiproxy.createProxy(proxy.name(), 0, "127.0.0.1", echo.port()));
        assertTrue(e.getMessage().contains("HTTP 409"), e.getMessage());
    }

    @Test
    void cpuSecondsIsReadFromProc() {
        double cpu = toxiproxy.cpuSeconds();
        assertTrue(cpu >= 0, "cpu seconds " + cpu);
        assertTrue(toxiproxy.pid() > 0);
    }

    private static Proxy newProxy() throws IOException {
        return toxiproxy.createProxy("test" + NAMES.incrementAndGet(), 0, "127.0.0.1", echo.port());
    }

    private static Socket connect(Proxy proxy) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), proxy.listenPort());
        s.setTcpNoDelay(true);
        s.setSoTimeout(10_000);
        return s;
    }

    /** One byte out and its echo back; returns the nanoseconds it took. */
    private static long roundTrip(Socket s) throws IOException {
        long t = System.nanoTime();
        s.getOutputStream().write('p');
        s.getOutputStream().flush();
        assertEquals('p', s.getInputStream().read());
        return System.nanoTime() - t;
    }

    private static int readOrEnd(Socket s) {
        try {
            return s.getInputStream().read();
        } catch (SocketTimeoutException e) {
            return -2;
        } catch (IOException e) {
            return -1;   // reset: closed as well
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Echoes every byte back, one thread per connection. */
    private static final class EchoServer implements AutoCloseable {
        private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());

        EchoServer() throws IOException {
            daemon(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket s = server.accept();
                        daemon(() -> echo(s));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        private static void daemon(Runnable r) {
            Thread t = new Thread(r, "echo");
            t.setDaemon(true);
            t.start();
        }

        private static void echo(Socket s) {
            try (s; InputStream in = s.getInputStream()) {
                s.setTcpNoDelay(true);
                for (int b; (b = in.read()) >= 0; ) {
                    s.getOutputStream().write(b);
                    s.getOutputStream().flush();
                }
            } catch (IOException e) {
                // peer gone
            }
        }

        int port() {
            return server.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}
