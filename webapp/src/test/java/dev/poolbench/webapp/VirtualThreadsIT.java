package dev.poolbench.webapp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.poolbench.webapp.TestDatabase.TestUser;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The app with {@code POOLBENCH_THREADS=virtual} (one profile is enough: the switch does not
 * depend on the pool), as the bench starts it: the packaged jar in its own JVM of release 21+
 * (this build runs on 17, which has no virtual threads), a real MariaDB, real HTTP. The thread
 * mode read back must be virtual, and requests must really run on virtual threads.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class VirtualThreadsIT {

    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"([0-9]+)");
    private static final Path JAR = Path.of("target", "poolbench-webapp.jar");

    Process app;
    Path log;
    String baseUrl;
    String managementUrl;
    TestDatabase db;

    /** The java launcher of an installed JDK 21+ (the running one, or one under /usr/lib/jvm). */
    static Path virtualCapableJava() throws IOException {
        if (Runtime.version().feature() >= 21) {
            return Path.of(System.getProperty("java.home"), "bin", "java");
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return null;
        }
        try (Stream<Path> homes = Files.list(jvms)) {
            for (Path home : homes.sorted().toList()) {
                Path release = home.resolve("release");
                if (Files.isRegularFile(release) && Files.isExecutable(home.resolve("bin/java"))) {
                    Matcher m = JAVA_VERSION.matcher(Files.readString(release));
                    if (m.find() && Integer.parseInt(m.group(1)) >= 21) {
                        return home.resolve("bin/java");
                    }
                }
            }
        }
        return null;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @BeforeAll
    void startApp() throws Exception {
        Path java = virtualCapableJava();
        assumeTrue(java != null, "no JDK 21+ installed (the project's machines have Temurin 25)");
        assertThat(JAR).as("the packaged app (failsafe runs after package)").isRegularFile();
        db = TestDatabase.get();
        db.reset();
        int port = freePort();
        int management = freePort();
        baseUrl = "http://127.0.0.1:" + port;
        managementUrl = "http://127.0.0.1:" + management;
        log = Files.createTempFile("virtual-threads-it", ".log");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx512m", "-jar", JAR.toString(),
                "--spring.profiles.active=hikari", "--logging.level.root=WARN"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(db.appSettings());
        builder.environment().put("SERVER_PORT", String.valueOf(port));
        builder.environment().put("POOLBENCH_MANAGEMENT_PORT", String.valueOf(management));
        builder.environment().put("POOLBENCH_POOL_SIZE", "2");
        builder.environment().put("POOLBENCH_THREADS", "virtual");
        app = builder.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (true) {
            assertThat(app.isAlive()).as("app exited: " + Files.readString(log)).isTrue();
            try {
                if (new Browser(managementUrl).get("/actuator/health").statusCode() == 200) {
                    break;
                }
            } catch (RuntimeException e) {
                // not listening yet
            }
            assertThat(System.nanoTime()).as("app not healthy in 180 s: " + Files.readString(log)).isLessThan(deadline);
            Thread.sleep(500);
        }
    }

    @AfterAll
    void stopApp() throws InterruptedException {
        if (app != null) {
            app.destroy();
            if (!app.waitFor(15, TimeUnit.SECONDS)) {
                app.destroyForcibly();
            }
        }
    }

    @Test
    void requestsRunOnVirtualThreadsAndTheSettingsSaySo() {
        Browser browser = new Browser(baseUrl);
        assertThat(browser.get("/").statusCode()).isEqualTo(200);
        // A whole login through the pool on a virtual thread.
        TestUser user = db.freshUser();
        HttpResponse<String> post = browser.postLogin(user.login(), user.password(), db.freshIp());
        assertThat(post.headers().firstValue("Location")).hasValue("/mypage");

        JsonNode settings = JsonMapper.shared().readTree(
                new Browser(managementUrl).get("/actuator/poolsettings").body());
        JsonNode threads = settings.get("threads");
        assertThat(threads.get("requested").asString()).isEqualTo("virtual");
        assertThat(threads.get("active").asString()).isEqualTo("virtual");
        assertThat(threads.get("virtualEnabledProperty").asBoolean()).isTrue();
        assertThat(threads.get("requestThread").get("virtual").asBoolean()).as(threads.toString()).isTrue();
        assertThat(threads.get("javaFeature").asInt()).isGreaterThanOrEqualTo(21);
        assertThat(threads.get("matchesRequested").asBoolean()).isTrue();
        assertThat(settings.get("matchesRequested").asBoolean()).isTrue();
        assertThat(settings.get("jvm").get("version").asString()).doesNotStartWith("17");
    }
}
