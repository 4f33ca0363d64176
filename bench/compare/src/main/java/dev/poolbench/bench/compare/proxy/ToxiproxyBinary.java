package dev.poolbench.bench.compare.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Finds the Toxiproxy server binary, building or fetching it when needed, in this order:
 * {@code toxiproxy-server} on the PATH; {@code $(go env GOPATH)/bin/server} (what
 * {@code go install} names it) or {@code toxiproxy-server} there; {@code go install} when Go is
 * on the PATH; the release archive for linux-amd64, checked against a pinned SHA-256.
 */
public final class ToxiproxyBinary {

    /** The one place the Toxiproxy version is pinned (the Ansible role pins its own copy). */
    public static final String VERSION = "2.12.0";
    static final String MODULE = "github.com/Shopify/toxiproxy/v2/cmd/server@v" + VERSION;
    static final URI RELEASE = URI.create("https://github.com/Shopify/toxiproxy/releases/download/v" + VERSION
            + "/toxiproxy_" + VERSION + "_linux_amd64.tar.gz");
    /** SHA-256 of {@link #RELEASE}, as pinned by two independent package indexes. */
    static final String RELEASE_SHA256 = "65e042d3fc2290c099527bc506446a6fd863a09f113b8944b636ece70221c2b3";
    private static final Path DOWNLOAD_DIR = Path.of(".poolbench", "toxiproxy-" + VERSION);

    private ToxiproxyBinary() {
    }

    /**
     * The server binary; {@code log} receives a line per step that takes time (a build, a
     * download). Fails with a message naming every place looked at when all ways fail.
     */
    public static Path locate(Consumer<String> log) {
        Path onPath = onPath("toxiproxy-server");
        if (onPath != null) {
            return onPath;
        }
        Path go = onPath("go");
        Path gopathBin = go == null ? defaultGopathBin() : gopathBin(go);
        for (String name : List.of("server", "toxiproxy-server")) {
            Path built = gopathBin == null ? null : gopathBin.resolve(name);
            if (built != null && Files.isExecutable(built) && isToxiproxy(built)) {
                return built;
            }
        }
        Path downloaded = DOWNLOAD_DIR.resolve("toxiproxy-server").toAbsolutePath();
        if (Files.isExecutable(downloaded)) {
            return downloaded;
        }
        if (go != null && gopathBin != null) {
            return goInstall(go, gopathBin, log);
        }
        return download(downloaded, log);
    }

    private static Path goInstall(Path go, Path gopathBin, Consumer<String> log) {
        log.accept("toxiproxy: building with go install " + MODULE + " (first time only, about a minute) ...");
        long start = System.nanoTime();
        Process p;
        try {
            p = new ProcessBuilder(go.toString(), "install", MODULE).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException("toxiproxy: cannot run " + go + " install: " + e.getMessage(), e);
        }
        String output = drain(p, log);
        try {
            if (!p.waitFor(15, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException("toxiproxy: go install " + MODULE + " failed:\n" + output
                        + "\nInstall toxiproxy-server " + VERSION + " on the PATH instead.");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("toxiproxy: interrupted during go install");
        }
        Path built = gopathBin.resolve("server");
        if (!Files.isExecutable(built)) {
            throw new IllegalStateException("toxiproxy: go install succeeded but " + built + " is missing");
        }
        log.accept("toxiproxy: built " + built + " in " + (System.nanoTime() - start) / 1_000_000_000 + " s");
        return built;
    }

    private static Path download(Path target, Consumer<String> log) {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch");
        if (!os.contains("linux") || !("amd64".equals(arch) || "x86_64".equals(arch))) {
            throw new IllegalStateException("toxiproxy: no toxiproxy-server on the PATH and no Go to build it; "
                    + "the pinned download is for linux-amd64 only (this is " + os + "/" + arch + "). "
                    + "Install Go, or put toxiproxy-server " + VERSION + " on the PATH.");
        }
        log.accept("toxiproxy: no binary and no Go; downloading " + RELEASE + " ...");
        try {
            Files.createDirectories(target.getParent());
            Path archive = target.resolveSibling("toxiproxy.tar.gz");
            HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
                    .connectTimeout(Duration.ofSeconds(10)).build();
            HttpResponse<Path> r = http.send(HttpRequest.newBuilder(RELEASE).timeout(Duration.ofMinutes(5)).build(),
                    HttpResponse.BodyHandlers.ofFile(archive));
            if (r.statusCode() != 200) {
                throw new IOException("HTTP " + r.statusCode());
            }
            String sha = sha256(archive);
            if (!RELEASE_SHA256.equals(sha)) {
                Files.deleteIfExists(archive);
                throw new IllegalStateException("toxiproxy: the download of " + RELEASE + " has SHA-256 " + sha
                        + ", expected " + RELEASE_SHA256 + "; refusing to run it");
            }
            Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", target.getParent().toString(),
                    "toxiproxy-server").redirectErrorStream(true).start();
            String output = drain(tar, line -> { });
            if (!tar.waitFor(2, TimeUnit.MINUTES) || tar.exitValue() != 0 || !Files.isRegularFile(target)) {
                throw new IOException("cannot extract toxiproxy-server from " + archive + ": " + output);
            }
            Files.deleteIfExists(archive);
            target.toFile().setExecutable(true);
            log.accept("toxiproxy: downloaded and verified " + target);
            return target;
        } catch (IOException e) {
            throw new IllegalStateException("toxiproxy: no toxiproxy-server on the PATH, no Go to build it, and "
                    + "the download of " + RELEASE + " failed (" + e.getMessage() + "). Install Go, or put "
                    + "toxiproxy-server " + VERSION + " on the PATH.", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("toxiproxy: interrupted during the download");
        }
    }

    /** {@code go install} names the binary plainly {@code server}: make sure it is Toxiproxy's. */
    private static boolean isToxiproxy(Path binary) {
        try {
            Process p = new ProcessBuilder(binary.toString(), "-version").redirectErrorStream(true).start();
            String out = drain(p, line -> { });
            return p.waitFor(10, TimeUnit.SECONDS) && out.toLowerCase(Locale.ROOT).contains("toxiproxy");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static Path gopathBin(Path go) {
        try {
            Process p = new ProcessBuilder(go.toString(), "env", "GOPATH").redirectErrorStream(true).start();
            String out = drain(p, line -> { }).strip();
            if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 && !out.isEmpty()) {
                // GOPATH may be a list; go install writes to the first entry.
                return Path.of(out.split(java.io.File.pathSeparator)[0], "bin");
            }
        } catch (IOException e) {
            // fall through to the default location
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return defaultGopathBin();
    }

    private static Path defaultGopathBin() {
        String gopath = System.getenv("GOPATH");
        return gopath != null && !gopath.isBlank() ? Path.of(gopath.split(java.io.File.pathSeparator)[0], "bin")
                : Path.of(System.getProperty("user.home"), "go", "bin");
    }

    static Path onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }

    /** Reads all output, passing each line on (go install prints what it downloads). */
    private static String drain(Process p, Consumer<String> log) {
        StringBuilder all = new StringBuilder();
        try (var reader = p.inputReader(StandardCharsets.UTF_8)) {
            for (String line; (line = reader.readLine()) != null; ) {
                all.append(line).append('\n');
                log.accept("  " + line);
            }
        } catch (IOException e) {
            all.append(e);
        }
        return all.toString();
    }

    static String sha256(Path file) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (InputStream in = Files.newInputStream(file)) {
                byte[] buffer = new byte[1 << 16];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    digest.update(buffer, 0, n);
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
