package dev.poolbench.bench.compare.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One Toxiproxy server process on 127.0.0.1, driven over its HTTP API. The server shares the
 * machine with the app and the database, so its CPU time is readable ({@link #cpuSeconds()}).
 */
public final class Toxiproxy implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);
    private static final long CLOCK_TICKS_PER_SECOND = clockTicks();

    private final Process process;
    private final URI api;
    private final Path log;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Toxiproxy(Process process, URI api, Path log) {
        this.process = process;
        this.api = api;
        this.log = log;
    }

    /** Starts the server with its API on 127.0.0.1:{@code apiPort} and waits until it answers. */
    public static Toxiproxy start(Path binary, int apiPort, Path log) throws IOException, InterruptedException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        Process p = new ProcessBuilder(binary.toString(), "-host", "127.0.0.1", "-port", Integer.toString(apiPort))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        Toxiproxy proxy = new Toxiproxy(p, URI.create("http://127.0.0.1:" + apiPort), log);
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IllegalStateException("toxiproxy-server exited with status " + p.exitValue()
                        + " at start (API port " + apiPort + " taken?); see " + log + ":\n" + tail(log));
            }
            try {
                proxy.call("GET", "/version", null);
                return proxy;
            } catch (IOException | ToxiproxyException e) {
                last = e.getMessage();
            }
            Thread.sleep(50);
        }
        proxy.close();
        throw new IllegalStateException("toxiproxy-server did not answer on " + proxy.api + " within "
                + START_TIMEOUT.toSeconds() + " s (last: " + last + "); see " + log);
    }

    public long pid() {
        return process.pid();
    }

    public URI api() {
        return api;
    }

    /**
     * CPU seconds (user + system) the server has used so far, from {@code /proc/<pid>/stat}:
     * a difference of two readings is its share of the machine over that time. NaN when the
     * process is gone or /proc is not there (not Linux).
     */
    public double cpuSeconds() {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid()), "stat"));
            // The command name (field 2) may hold spaces: count fields after its closing ')'.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);   // utime, stime (fields 14, 15)
            return (double) ticks / CLOCK_TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /**
     * A proxy listening on 127.0.0.1:{@code listenPort} (0: a free port, see
     * {@link Proxy#listenPort()}) in front of {@code upstreamHost:upstreamPort}.
     */
    public Proxy createProxy(String name, int listenPort, String upstreamHost, int upstreamPort) throws IOException {
        ObjectNode body = JSON.createObjectNode();
        body.put("name", name);
        body.put("listen", "127.0.0.1:" + listenPort);
        body.put("upstream", upstreamHost + ":" + upstreamPort);
        body.put("enabled", true);
        JsonNode created = call("POST", "/proxies", body);
        String listen = created.path("listen").asText();
        int port = Integer.parseInt(listen.substring(listen.lastIndexOf(':') + 1));
        return new Proxy(this, name, port);
    }

    /** One API call; an error answer becomes a {@link ToxiproxyException} with Toxiproxy's own message. */
    JsonNode call(String method, String path, JsonNode body) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(api.resolve(path)).timeout(Duration.ofSeconds(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        HttpResponse<String> r;
        try {
            r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted during " + method + " " + path, e);
        }
        if (r.statusCode() / 100 != 2) {
            String message = r.body();
            try {
                message = JSON.readTree(r.body()).path("error").asText(r.body());
            } catch (IOException e) {
                // not JSON: keep the raw body
            }
            throw new ToxiproxyException("toxiproxy API " + method + " " + path + " answered HTTP "
                    + r.statusCode() + ": " + message.strip());
        }
        String text = r.body();
        return text == null || text.isBlank() ? JSON.createObjectNode() : JSON.readTree(text);
    }

    /** Stops the server (every proxy with it): SIGTERM, then kill after 5 s. Idempotent. */
    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    Path log() {
        return log;
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ")";
        }
    }

    /** USER_HZ: 100 on every mainstream Linux; asked once from getconf to be sure. */
    private static long clockTicks() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return Long.parseLong(out);
            }
        } catch (IOException | RuntimeException e) {
            // fall back below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 100;
    }
}
