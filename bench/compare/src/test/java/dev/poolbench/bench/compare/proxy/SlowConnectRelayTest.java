package dev.poolbench.bench.compare.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/**
 * The storm's local relay, real sockets: in front of a server that greets first (as MariaDB
 * does), a new connection's greeting comes at least the delay later while slow, a connection
 * already open answers as fast as before, and after the storm new connections are fast again.
 */
class SlowConnectRelayTest {

    private static final int GREETING = 'G';

    @Test
    void onlyNewConnectionsWaitWhileSlow() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             SlowConnectRelay relay = SlowConnectRelay.start(0, server.getLocalPort())) {
            Thread greeter = new Thread(() -> greetAndEcho(server), "greeter");
            greeter.setDaemon(true);
            greeter.start();
            try (Socket open = new Socket(InetAddress.getLoopbackAddress(), relay.port())) {
                assertTrue(millisToGreeting(open) < 300, "fast before the storm");
                relay.slow(400);
                long roundTrip = System.nanoTime();
                open.getOutputStream().write('x');
                assertEquals('x', open.getInputStream().read());
                assertTrue((System.nanoTime() - roundTrip) / 1_000_000 < 300, "the open connection is untouched");
                try (Socket late = new Socket(InetAddress.getLoopbackAddress(), relay.port())) {
                    assertTrue(millisToGreeting(late) >= 380, "a new connection waits the delay (timed from just after its connect)");
                }
                relay.slow(0);
                try (Socket after = new Socket(InetAddress.getLoopbackAddress(), relay.port())) {
                    assertTrue(millisToGreeting(after) < 300, "fast again after the storm");
                }
                assertTrue(relay.slowSummary().startsWith("1 new connections held, the shortest for "),
                        relay.slowSummary());
                relay.close();
                open.setSoTimeout(2_000);
                assertEquals(-1, readOrEnd(open.getInputStream()), "closing the relay closes what it relays");
            }
        }
    }

    private static long millisToGreeting(Socket s) throws IOException {
        long start = System.nanoTime();
        assertEquals(GREETING, s.getInputStream().read());
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static int readOrEnd(InputStream in) {
        try {
            return in.read();
        } catch (IOException e) {
            return -1;
        }
    }

    /** Greets every connection with one byte, then echoes; a thread per connection. */
    private static void greetAndEcho(ServerSocket server) {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                Thread t = new Thread(() -> {
                    try (s; InputStream in = s.getInputStream()) {
                        s.getOutputStream().write(GREETING);
                        for (int b; (b = in.read()) >= 0; ) {
                            s.getOutputStream().write(b);
                        }
                    } catch (IOException e) {
                        // peer gone
                    }
                }, "greeter-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }
}
