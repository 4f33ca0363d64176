package dev.poolbench.bench.compare.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code faults-relay} as faults.yml runs it on the app host, steered by its files as
 * {@code poolbench-fault storm} steers it: real sockets, a server that greets first.
 */
class StormRelayCommandTest {

    @Test
    void theSlowFileHoldsNewConnectionsAndStormJsonCountsThem(@TempDir Path dir) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             ServerSocket free = new ServerSocket(0)) {
            int port = free.getLocalPort();
            free.close();
            Thread greeter = new Thread(() -> greet(server), "greeter");
            greeter.setDaemon(true);
            greeter.start();
            CompletableFuture<Integer> relay = CompletableFuture.supplyAsync(() -> new CommandLine(new StormRelayCommand())
                    .execute("--listen", String.valueOf(port), "--upstream", "127.0.0.1:" + server.getLocalPort(),
                            "--dir", dir.toString(), "--max-seconds", "60"));
            await(dir.resolve(StormRelayCommand.FILE));
            assertTrue(millisToGreeting(port) < 250, "fast before the storm");
            Files.writeString(dir.resolve(StormRelayCommand.SLOW), "300\n");
            Thread.sleep(200);
            assertTrue(millisToGreeting(port) >= 280, "held while slow");
            Files.writeString(dir.resolve(StormRelayCommand.SLOW), "0\n");
            await(dir.resolve(StormRelayCommand.STORM));
            JsonNode storm = Json.read(dir.resolve(StormRelayCommand.STORM));
            assertEquals(300, storm.path("connectMillis").asInt(), storm.toString());
            assertEquals(1, storm.path("slowConnections").asInt(), storm.toString());
            assertTrue(storm.path("shortestMillis").asLong() >= 300, storm.toString());
            assertTrue(millisToGreeting(port) < 250, "fast again");
            Files.writeString(dir.resolve("stop"), "");
            assertEquals(0, relay.get(10, TimeUnit.SECONDS));
        }
    }

    private static void await(Path file) throws InterruptedException {
        for (int i = 0; i < 200 && !Files.exists(file); i++) {
            Thread.sleep(50);
        }
        assertTrue(Files.exists(file), file + " never appeared");
    }

    private static long millisToGreeting(int port) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            long start = System.nanoTime();
            assertEquals('G', s.getInputStream().read());
            return (System.nanoTime() - start) / 1_000_000;
        }
    }

    private static void greet(ServerSocket server) {
        while (!server.isClosed()) {
            try (Socket s = server.accept()) {
                s.getOutputStream().write('G');
                s.getOutputStream().flush();
                s.getInputStream().read();
            } catch (IOException e) {
                // the next one
            }
        }
    }
}
