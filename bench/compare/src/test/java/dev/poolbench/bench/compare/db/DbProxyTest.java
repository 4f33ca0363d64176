package dev.poolbench.bench.compare.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.proxy.ToxiproxyBinary;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The comparison's proxy, from a parsed distance, with the real toxiproxy-server in front of a TCP echo "database". */
class DbProxyTest {

    @TempDir
    Path temp;

    @Test
    void latencyIsAppliedPerRoundTripAndTheProxyStopsOnClose() throws Exception {
        try {
            ToxiproxyBinary.locate(System.out::println);
        } catch (IllegalStateException e) {
            Assumptions.assumeTrue(false, "SKIPPED: no toxiproxy-server and no Go: " + e.getMessage());
        }
        DbDistance cloud = CompareOptions.parse("--db-latency", "1.5ms:1ms", "--db-bandwidth", "100mbit").dbDistance;
        try (ServerSocket database = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread echo = new Thread(() -> echo(database), "echo");
            echo.setDaemon(true);
            echo.start();
            long pid;
            try (DbProxy proxy = DbProxy.start(cloud, database.getLocalPort(), temp.resolve("toxiproxy.log"),
                    System.out::println)) {
                pid = proxy.toJson().path("pid").asLong();
                assertEquals(pid, proxy.pid());
                assertTrue(proxy.port() != database.getLocalPort());
                try (Socket s = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
                    s.setTcpNoDelay(true);
                    s.setSoTimeout(10_000);
                    for (int i = 0; i < 20; i++) {
                        long t = System.nanoTime();
                        s.getOutputStream().write(i);
                        assertEquals(i, s.getInputStream().read());
                        long micros = (System.nanoTime() - t) / 1_000;
                        // 1.5 ms with 1 ms jitter draws 1 or 2 ms per round trip: never less than 1 ms.
                        assertTrue(micros >= 1_000, "round trip " + i + " took " + micros + " us");
                    }
                }
                assertTrue(proxy.cpuSeconds() >= 0);
            }
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
                    "toxiproxy-server still running after close()");
        }
    }

    private static void echo(ServerSocket server) {
        while (!server.isClosed()) {
            try (Socket s = server.accept(); InputStream in = s.getInputStream()) {
                s.setTcpNoDelay(true);
                for (int b; (b = in.read()) >= 0; ) {
                    s.getOutputStream().write(b);
                }
            } catch (IOException e) {
                return;
            }
        }
    }
}
