package dev.poolbench.bench.compare.launch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Helpers for the application JVM of a run: wait for health, read JSON, stop. */
public final class AppProcess {

    public static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(180);
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(2)).build();

    private AppProcess() {
    }

    /**
     * Polls {@code health} until it answers UP; a dead process or the timeout is an error.
     *
     * @param process the app JVM, or null for an app elsewhere (remote mode: only its answers count)
     */
    static void awaitHealthy(Process process, Path log, URI health, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (process != null && !process.isAlive()) {
                throw new IllegalStateException("the app JVM exited with status " + process.exitValue()
                        + " before it was healthy; last lines of " + log + ":\n" + tail(log, 25));
            }
            try {
                HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(health)
                        .timeout(Duration.ofSeconds(2)).GET().build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200 && r.body().contains("\"UP\"")) {
                    return;
                }
                last = "HTTP " + r.statusCode() + " " + r.body();
            } catch (IOException e) {
                last = e.toString();
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the app was not healthy after " + timeout.toSeconds() + " s at "
                + health + " (last answer: " + last + "); last lines of " + log + ":\n" + tail(log, 25));
    }

    /**
     * Health UP on the management port, then the login page answering 200 on the app port:
     * only then does the app really serve (the first page renders its templates). {@code process}
     * null: an app elsewhere.
     */
    public static void awaitReady(Process process, Path log, URI health, URI page, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        awaitHealthy(process, log, health, timeout);
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<Void> r = HTTP.send(HttpRequest.newBuilder(page).timeout(Duration.ofSeconds(30))
                        .header("X-Forwarded-For", "127.0.0.1").GET().build(),
                        HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    return;
                }
                last = "HTTP " + r.statusCode();
            } catch (IOException e) {
                last = e.toString();
            }
            if (process != null && !process.isAlive()) {
                break;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the app was healthy but " + page + " did not answer 200 (last: " + last
                + "); last lines of " + log + ":\n" + tail(log, 25));
    }

    /** Graceful stop (SIGTERM), then kill after 15 s. */
    public static void stop(Process process) {
        stop(process, Duration.ofSeconds(15));
    }

    /** Graceful stop (SIGTERM), then kill after {@code grace} (longer for a JVM that writes an archive at exit). */
    public static void stop(Process process, Duration grace) {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    public static JsonNode getJson(URI uri) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(15))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException("GET " + uri + " answered HTTP " + r.statusCode());
        }
        return Json.parse(r.body());
    }

    public static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", new ArrayList<>(all.subList(Math.max(0, all.size() - lines), all.size())));
        } catch (IOException | RuntimeException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }
}
