package dev.poolbench.webapp.login;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The warm-up's HTTP/1.1 client of the app's own port: one kept-alive socket, requests written
 * by hand, responses read to their end (Content-Length or chunked) and thrown away. Much lighter
 * than {@code java.net.http} at a JVM's start (no TLS set-up, no asynchronous machinery to
 * compile), so the seconds of the warm-up go to the app's code, not the client's.
 */
final class LoopbackHttp implements AutoCloseable {

    /** Status and the session cookie ({@code JSESSIONID=...}) of a response, if it set one. */
    record Response(int status, String cookie) {
    }

    private final String host;
    private final int port;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    LoopbackHttp(String host, int port) {
        this.host = host;
        this.port = port;
    }

    Response get(String path, String forwardedFor, String cookie) throws IOException {
        return send("GET " + path + " HTTP/1.1\r\n" + headers(forwardedFor, cookie) + "\r\n", null);
    }

    Response postForm(String path, String forwardedFor, String form) throws IOException {
        byte[] body = form.getBytes(StandardCharsets.UTF_8);
        return send("POST " + path + " HTTP/1.1\r\n" + headers(forwardedFor, null)
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + body.length + "\r\n\r\n", body);
    }

    private String headers(String forwardedFor, String cookie) {
        return "Host: " + host + ":" + port + "\r\nX-Forwarded-For: " + forwardedFor + "\r\n"
                + (cookie == null ? "" : "Cookie: " + cookie + "\r\n");
    }

    private Response send(String head, byte[] body) throws IOException {
        if (socket == null) {
            socket = new Socket(host, port);
            socket.setSoTimeout(10_000);
            in = new BufferedInputStream(socket.getInputStream());
            out = socket.getOutputStream();
        }
        try {
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            if (body != null) {
                out.write(body);
            }
            out.flush();
            return read();
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    private Response read() throws IOException {
        String status = line();
        if (status == null || !status.startsWith("HTTP/1.1 ")) {
            throw new IOException("not an HTTP/1.1 response: " + status);
        }
        int code = Integer.parseInt(status.substring(9, 12));
        long length = 0;
        boolean chunked = false;
        boolean closeAfter = false;
        String cookie = null;
        for (String header = line(); header != null && !header.isEmpty(); header = line()) {
            String lower = header.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Long.parseLong(header.substring(15).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            } else if (lower.startsWith("connection:") && lower.contains("close")) {
                closeAfter = true;
            } else if (lower.startsWith("set-cookie:")) {
                cookie = header.substring(11).trim().split(";", 2)[0];
            }
        }
        if (chunked) {
            for (long size = Long.parseLong(line().split(";", 2)[0].trim(), 16); size > 0;
                    size = Long.parseLong(line().split(";", 2)[0].trim(), 16)) {
                skip(size);
                line();
            }
            line();
        } else {
            skip(length);
        }
        if (closeAfter) {
            close();
        }
        return new Response(code, cookie);
    }

    private void skip(long bytes) throws IOException {
        for (long left = bytes; left > 0; ) {
            long n = in.skip(left);
            if (n <= 0) {
                if (in.read() < 0) {
                    throw new IOException("connection closed in a response body");
                }
                n = 1;
            }
            left -= n;
        }
    }

    /** A header line without its CRLF, or null at the end of the stream. */
    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c >= 0; c = in.read()) {
            if (c == '\n') {
                int end = line.length();
                return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
            }
            line.append((char) c);
        }
        return line.length() == 0 ? null : line.toString();
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                // nothing to do: a new socket is opened for the next request
            }
            socket = null;
        }
    }
}
