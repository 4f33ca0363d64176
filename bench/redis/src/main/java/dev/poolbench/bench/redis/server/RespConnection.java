package dev.poolbench.bench.redis.server;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal blocking RESP2 client for the server's housekeeping (PING, INFO, CONFIG, SHUTDOWN):
 * the launcher and the loop's sampler need no Redis client library, so whoever uses the launcher
 * (the webapp's tests, later the runner) does not get Lettuce or Jedis with it, and the loop's
 * own measurements never share a connection or a client with the clients under test.
 */
public final class RespConnection implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private RespConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** Connects within {@code timeoutMillis}; every reply must then come within the same time. */
    public static RespConnection open(String host, int port, int timeoutMillis) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            socket.setTcpNoDelay(true);
            return new RespConnection(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** Sends one command and returns its reply: a String, a Long, a List, or null (nil). */
    public Object command(String... words) throws IOException {
        StringBuilder request = new StringBuilder("*").append(words.length).append("\r\n");
        for (String word : words) {
            byte[] bytes = word.getBytes(StandardCharsets.UTF_8);
            request.append('$').append(bytes.length).append("\r\n").append(word).append("\r\n");
        }
        out.write(request.toString().getBytes(StandardCharsets.UTF_8));
        out.flush();
        return reply();
    }

    /** {@code INFO section} as key/value pairs (comment and blank lines left out). */
    public Map<String, String> info(String section) throws IOException {
        Object reply = command("INFO", section);
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : String.valueOf(reply).split("\r\n")) {
            int colon = line.indexOf(':');
            if (!line.startsWith("#") && colon > 0) {
                values.put(line.substring(0, colon), line.substring(colon + 1));
            }
        }
        return values;
    }

    private Object reply() throws IOException {
        int type = in.read();
        if (type < 0) {
            throw new EOFException("redis-server closed the connection");
        }
        String line = line();
        switch (type) {
            case '+':
                return line;
            case '-':
                throw new IOException("redis-server: " + line);
            case ':':
                return Long.parseLong(line);
            case '$': {
                int length = Integer.parseInt(line);
                if (length < 0) {
                    return null;
                }
                byte[] data = in.readNBytes(length + 2);
                return new String(data, 0, length, StandardCharsets.UTF_8);
            }
            case '*': {
                int count = Integer.parseInt(line);
                if (count < 0) {
                    return null;
                }
                List<Object> items = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    items.add(reply());
                }
                return items;
            }
            default:
                throw new IOException("redis-server: unexpected reply type '" + (char) type + "'");
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != '\r') {
            if (b < 0) {
                throw new EOFException("redis-server closed the connection");
            }
            buffer.write(b);
        }
        in.read(); // the '\n'
        return buffer.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
