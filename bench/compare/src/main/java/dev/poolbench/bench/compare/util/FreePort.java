package dev.poolbench.bench.compare.util;

import java.io.IOException;
import java.net.ServerSocket;

/** A TCP port free at the moment of asking, for the app JVMs, the proxy and its API. */
public final class FreePort {

    private FreePort() {
    }

    public static int next() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }
}
