package dev.poolbench.webapp;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A raw HTTP client that does NOT follow redirects and keeps the session cookie itself, so tests
 * see status, Location and Set-Cookie exactly as sent. One Browser = one empty cookie jar.
 */
final class Browser {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private final String baseUrl;
    private String cookie;

    Browser(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    HttpResponse<String> get(String path) {
        return send(request(path).GET());
    }

    HttpResponse<String> postLogin(String login, String password, String forwardedFor) {
        StringBuilder form = new StringBuilder();
        if (login != null) {
            form.append("login=").append(URLEncoder.encode(login, StandardCharsets.UTF_8));
        }
        if (password != null) {
            form.append(form.isEmpty() ? "" : "&").append("password=")
                    .append(URLEncoder.encode(password, StandardCharsets.UTF_8));
        }
        return postRaw("/login", form.toString().getBytes(StandardCharsets.UTF_8), forwardedFor);
    }

    HttpResponse<String> postRaw(String path, byte[] body, String forwardedFor) {
        HttpRequest.Builder builder = request(path)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (forwardedFor != null) {
            builder.header("X-Forwarded-For", forwardedFor);
        }
        return send(builder);
    }

    HttpResponse<String> send(String method, String path) {
        return send(request(path).method(method, HttpRequest.BodyPublishers.noBody()));
    }

    void setCookie(String cookie) {
        this.cookie = cookie;
    }

    String cookie() {
        return cookie;
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(60));
        if (cookie != null) {
            builder.header("Cookie", cookie);
        }
        return builder;
    }

    private HttpResponse<String> send(HttpRequest.Builder builder) {
        try {
            HttpResponse<String> response = CLIENT.send(builder.build(), HttpResponse.BodyHandlers.ofString());
            response.headers().firstValue("Set-Cookie").ifPresent(c -> cookie = c.split(";", 2)[0]);
            return response;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
