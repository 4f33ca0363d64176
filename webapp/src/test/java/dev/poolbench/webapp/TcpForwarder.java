package dev.poolbench.webapp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP port that forwards to the test database once {@link #open()} is called:
 * before that nothing listens there (connection refused), like a database that is down.
 */
final class TcpForwarder implements AutoCloseable {

    private final int port;
    private final String targetHost;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile ServerSocket server;

    TcpForwarder(String targetHost, int targetPort) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        try (ServerSocket probe = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            this.port = probe.getLocalPort();
        }
    }

    int port() {
        return port;
    }

    void open() throws IOException {
        ServerSocket listening = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        server = listening;
        Thread acceptor = new Thread(() -> {
            while (!listening.isClosed()) {
                try {
                    Socket client = listening.accept();
                    Socket target = new Socket(targetHost, targetPort);
                    sockets.add(client);
                    sockets.add(target);
                    pump(client, target);
                    pump(target, client);
                } catch (IOException e) {
                    return;
                }
            }
        }, "forwarder-accept-" + port);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void pump(Socket from, Socket to) {
        Thread pump = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // One side closed: the other follows below.
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "forwarder-pump-" + port);
        pump.setDaemon(true);
        pump.start();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // Already closed.
        }
    }

    @Override
    public void close() {
        if (server != null) {
            closeQuietly(server);
        }
        sockets.forEach(TcpForwarder::closeQuietly);
    }
}
